import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { rowsOf } from '../lib/sql.js';
import { recordWebhookEvent } from '../modules/webhooks/webhooks-outbox.js';

/**
 * `npm run bench:webhooks` (also the last part of `npm run bench`): webhook throughput and the delay
 * from a change to its delivery, with a local receiver that verifies every signature. A fresh PGlite
 * database (or DATABASE_URL), the real app in this process with its delivery worker polling every
 * JOBS_POLLING_SECONDS (0.5 s here, the least the configuration allows; 2 s by default).
 *
 * - Delay: orders placed one after another through the API (POST /api/orders, the order kernel and its
 *   outbox hook), each timed from its commit (the event's created_at) to the receiver's verified receipt.
 * - Throughput: a burst of events written to the outbox at once, timed until the last is received.
 */
const ORDERS = Number(process.env.BENCH_WEBHOOK_ORDERS ?? 200);
const BURST = Number(process.env.BENCH_WEBHOOK_BURST ?? 2000);

export interface WebhookBench {
  orders: number;
  p50: number;
  p99: number;
  burst: number;
  perSecond: number;
  pollSeconds: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function benchWebhooks(): Promise<WebhookBench> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dostava-bench-webhooks-'));
  const pollSeconds = 0.5;
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000',
      SIGN_IN_MAX_PER_IP: '1000000',
      SIGN_IN_MAX_PER_ACCOUNT: '1000000',
      JOBS_POLLING_SECONDS: String(pollSeconds),
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
    embeddedDatabase: 'memory' as const,
  };
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();
  await seedIfEmpty(database.db, { dataDir, demoPassword: config.demoPassword, orders: 50, days: 3 });
  // Orders are placed at any hour: every restaurant takes orders (no schedule means open).
  await database.db.execute(sql`delete from restaurant_hours_exceptions`);
  await database.db.execute(sql`delete from restaurant_hours`);
  const app = await buildApp(config, { database, logger: false });
  await app.ready();

  const arrivals = new Map<string, number>();
  let secret = '';
  let endpointId: number | undefined;
  const receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      try {
        new Webhook(secret).verify(raw, req.headers as Record<string, string>);
      } catch {
        res.writeHead(400).end();
        return;
      }
      arrivals.set(String(req.headers['webhook-id']), Date.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const signIn = async (email: string, url: string) =>
      (
        await app.inject({
          method: 'POST',
          url,
          payload: { email, password: config.demoPassword },
        })
      ).json().data.access_token as string;
    const admin = await signIn('admin@example.com', '/api/auth/sign-in');
    const customer = await signIn('customer@example.com', '/api/auth/app/sign-in');
    const endpoint = await app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        event_types: ['order.created', 'order.accepted'],
      },
    });
    secret = endpoint.json().data.secret;
    endpointId = endpoint.json().data.id;
    const [product] = await rowsOf<{ id: number; restaurant_id: number }>(
      database.db,
      sql`select id, restaurant_id from products where show_on_menu and not snoozed order by id limit 1`,
    );
    if (!product) throw new Error('no product to order');

    // Delay: one order at a time.
    for (let i = 0; i < ORDERS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `Bearer ${customer}` },
        payload: {
          restaurant_id: product.restaurant_id,
          items: [{ product_id: product.id, quantity: 1 }],
          address: 'Titova 7, Sarajevo',
          phone: '+387 61 111 222',
          lat: 43.859,
          lng: 18.421,
          payment: 'cash',
        },
      });
      if (res.statusCode !== 201) throw new Error(`order refused: ${res.body}`);
    }
    const placed = await rowsOf<{ id: string; at: Date | string }>(
      database.db,
      sql`select id, created_at as at from webhook_events where type = 'order.created'`,
    );
    const deadline = Date.now() + 120_000;
    while (placed.some((e) => !arrivals.has(e.id)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const delays = placed.map((e) => (arrivals.get(e.id) ?? Number.NaN) - new Date(e.at).getTime());

    // Throughput: a burst written at once.
    const started = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < BURST; i += 100) {
      await database.db.transaction(async (tx) => {
        for (let j = i; j < Math.min(BURST, i + 100); j++) {
          const id = await recordWebhookEvent(tx, 'order.accepted', { bench: j });
          if (id) ids.push(id);
        }
      });
    }
    const burstDeadline = Date.now() + 600_000;
    while (ids.some((id) => !arrivals.has(id)) && Date.now() < burstDeadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const last = Math.max(...ids.map((id) => arrivals.get(id) ?? Number.NaN));
    return {
      orders: placed.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      burst: ids.length,
      perSecond: ids.length / ((last - started) / 1000),
      pollSeconds,
    };
  } finally {
    receiver.close();
    // On the benchmark's own database (DATABASE_URL) the endpoint must not outlive the run: every
    // order placed later would be queued for a receiver that is gone, and retried.
    if (endpointId !== undefined) {
      await database.db.execute(sql`delete from webhook_deliveries where endpoint_id = ${endpointId}`);
      await database.db.execute(sql`delete from webhook_endpoints where id = ${endpointId}`);
    }
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const webhookBenchLine = (r: WebhookBench) =>
  `Webhooks (a local receiver verifying each signature; the worker polls every ${r.pollSeconds} s): change → delivery p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms over ${r.orders} orders placed through the API; ${r.perSecond.toFixed(0)} deliveries/s for a burst of ${r.burst} events.`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchWebhooks().then(
    (result) => console.log(webhookBenchLine(result)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
