import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';
import { issueLink, liveToken } from '../modules/tracking/tracking-service.js';

/** Every open page asks this often (apps/web/src/tracking-page/tracking-app.tsx, POLL_MS). */
const POLL_MS = 2000;

/**
 * Live tracking links of the newest open orders (and those delivered in the last hours, whose links
 * still work), one per page: `pages` customers each watching their own order.
 */
export async function trackingTokens(db: Db, pages: number): Promise<string[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from orders
      where status in ('created', 'preparing_order', 'ready_for_pickup', 'in_delivery')
         or (status = 'delivered' and delivered_at > now() - interval '12 hours')
      order by id desc limit ${pages}`,
  );
  const tokens: string[] = [];
  for (const { id } of rows) tokens.push((await liveToken(db, id)) ?? (await issueLink(db, id, null)));
  return tokens;
}

export interface PagesResult {
  pages: number;
  orders: number;
  seconds: number;
  /** Polls answered per second, and what the pages asked for (pages ÷ 2 s). */
  rps: number;
  asked: number;
  p50: number;
  p99: number;
  errors: number;
  /** The tracking pages' database reads per second on the API (its own counters), steady and at start. */
  readsPerSecond: number;
  tokenReadsPerSecond: number;
  snapshotReadsPerSecond: number;
  coldReads: number;
  /** Seconds until every page had its first answer (all opened at once: an instance's restart). */
  coldSeconds: number;
  openPages: number;
}

const metric = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
};
const reads = async (metricsUrl: string) => {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  return {
    token: metric(text, 'dostava_tracking_db_reads_total', '{kind="token"}'),
    snapshot: metric(text, 'dostava_tracking_db_reads_total', '{kind="snapshot"}'),
    open: metric(text, 'dostava_tracking_open_pages'),
  };
};

/**
 * N open tracking pages: each polls the API every two seconds, as the page does, from a random phase.
 * The first round (every page's first poll: tokens and snapshots are read) is left out of the steady
 * figures; then `seconds` of polling, with the tracking pages' database reads counted by the API
 * itself (Prometheus, METRICS_PORT). Nothing changes the orders meanwhile: a change costs one read per
 * order, whatever the number of its pages (tracking-routes.test.ts).
 */
export async function openTrackingPages(
  url: string,
  metricsUrl: string,
  tokens: string[],
  pages: number,
  seconds: number,
): Promise<PagesResult> {
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stopped = false;
  let answered = 0;
  const poll = async (token: string) => {
    const started = performance.now();
    try {
      const res = await fetch(`${url}/api/tracking/${token}`);
      await res.arrayBuffer();
      if (!res.ok && measuring) errors++;
    } catch {
      if (measuring) errors++;
    }
    if (measuring) latencies.push(performance.now() - started);
  };
  const opened = performance.now();
  const before = await reads(metricsUrl);
  const loops = Array.from({ length: pages }, async (_, i) => {
    const token = tokens[i % tokens.length] ?? '';
    await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
    let first = true;
    while (!stopped) {
      const next = performance.now() + POLL_MS;
      await poll(token);
      if (first) answered++;
      first = false;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  });
  // Warm: every page has had its first answer (tokens and snapshots read), then one more round.
  while (answered < pages && performance.now() - opened < 300_000)
    await new Promise((r) => setTimeout(r, 100));
  const coldSeconds = (performance.now() - opened) / 1000;
  await new Promise((r) => setTimeout(r, POLL_MS));
  const warm = await reads(metricsUrl);
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const after = await reads(metricsUrl);
  stopped = true;
  await Promise.all(loops);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  const tokenReads = (after.token - warm.token) / elapsed;
  const snapshotReads = (after.snapshot - warm.snapshot) / elapsed;
  return {
    pages,
    orders: Math.min(pages, tokens.length),
    seconds: elapsed,
    rps: sorted.length / elapsed,
    asked: pages / (POLL_MS / 1000),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    readsPerSecond: tokenReads + snapshotReads,
    tokenReadsPerSecond: tokenReads,
    snapshotReadsPerSecond: snapshotReads,
    coldReads: warm.token - before.token + (warm.snapshot - before.snapshot),
    coldSeconds,
    openPages: after.open,
  };
}

export const pagesBenchLine = (r: PagesResult, baselineRps: number | undefined) =>
  `Open tracking pages: ${r.pages.toLocaleString('en')} pages (${r.orders.toLocaleString('en')} orders) polling every 2 s for ${r.seconds.toFixed(0)} s against one API instance: ${r.rps.toFixed(0)} polls/s answered of ${r.asked.toFixed(0)} asked (p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors; ${r.openPages} pages counted open by the API). Database reads for them: **${r.readsPerSecond.toFixed(2)}/s** (tokens ${r.tokenReadsPerSecond.toFixed(2)}/s, order snapshots ${r.snapshotReadsPerSecond.toFixed(2)}/s; nothing changed meanwhile, and a change costs one read per order; counted by the API's own metrics; at most ${(r.orders / 300 + r.orders / 600).toFixed(1)}/s from the safety refreshes of snapshots every 5 min and tokens every 10 min). All pages opening at once (an instance's restart) cost ${r.coldReads.toLocaleString('en')} reads and ${r.coldSeconds.toFixed(1)} s until every page had its first answer. A read per poll would be ${r.asked.toFixed(0)} reads/s${baselineRps ? `; the baseline reading the database per poll answered ${baselineRps.toFixed(0)} polls/s of one page in this run` : ''}.`;
