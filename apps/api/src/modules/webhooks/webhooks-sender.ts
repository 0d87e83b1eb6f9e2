import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_SCHEDULE, WEBHOOK_TIMEOUT_SECONDS } from '@dostava/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { rowsOf } from '../../lib/sql.js';
import { resolvePublic } from './webhooks-address.js';
import { decryptSecret } from './webhooks-secrets.js';

/**
 * The delivery workers (issue 40). Each instance claims due deliveries from the outbox with
 * `FOR UPDATE SKIP LOCKED` and a lease: two instances never take the same delivery at once, and one
 * that dies mid-send leaves its lease to run out, after which another instance sends it again (at
 * least once; the receiver deduplicates by `webhook-id`). Each attempt is signed afresh (Standard
 * Webhooks, `standardwebhooks`), logged, and on failure scheduled by WEBHOOK_RETRY_SCHEDULE with jitter,
 * or later when the receiver's `Retry-After` says so.
 */

/** Longer than an attempt can take (15 s time-out), so a live worker never loses its lease. */
const LEASE_SECONDS = 60;
const BODY_EXCERPT = 1000;

export interface SenderOptions {
  /** Refuse non-public addresses, resolving first and connecting to the address checked. */
  production: boolean;
  /** How often an idle instance looks for due deliveries. */
  pollMs: number;
  /** Deliveries taken per look. */
  batch?: number;
  timeoutMs?: number;
  /** Decrypts the endpoints' signing secrets (stored encrypted: webhooks-secrets.ts). */
  secretKey: Buffer;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

interface Claimed {
  id: number;
  attempts: number;
  endpoint_id: number;
  url: string;
  secret: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: string | Date;
}

export interface AttemptResult {
  status: number | null;
  body: string | null;
  error: string | null;
  retryAfterSeconds: number | null;
  durationMs: number;
}

/** Seconds the receiver asked to wait (`Retry-After`: seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

/** When the next attempt goes after `attempts` have failed: the schedule, ±10% jitter, Retry-After if later. */
export function nextDelaySeconds(
  attempts: number,
  retryAfter: number | null,
  random = Math.random,
): number | null {
  const base = WEBHOOK_RETRY_SCHEDULE[attempts];
  if (base === undefined) return null;
  const jittered = base * (1 + (random() - 0.5) * 0.2);
  // A receiver's Retry-After is honoured, up to the longest step of the schedule.
  return Math.max(jittered, Math.min(retryAfter ?? 0, 36_000));
}

/** One POST, to the address checked when in production, with a time-out on the whole exchange. */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { production: boolean; timeoutMs: number },
): Promise<AttemptResult> {
  const started = performance.now();
  const target = new URL(url);
  const lookupChecked: LookupFunction = (hostname, _opts, callback) => {
    resolvePublic(hostname).then(
      ({ address, family }) => callback(null, address, family),
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
  return new Promise((resolve) => {
    const done = (result: Omit<AttemptResult, 'durationMs'>) =>
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    const finish = async () => {
      // An IP literal skips lookup: it is checked here instead.
      if (options.production) await resolvePublic(target.hostname);
    };
    finish().then(
      () => {
        const request = (target.protocol === 'https:' ? https : http).request(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
            ...(options.production ? { lookup: lookupChecked } : {}),
            timeout: options.timeoutMs,
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              if (text.length < BODY_EXCERPT) text += chunk;
            });
            response.on('end', () =>
              done({
                status: response.statusCode ?? null,
                body: text.slice(0, BODY_EXCERPT),
                error: null,
                retryAfterSeconds: retryAfterSeconds(response.headers['retry-after']),
              }),
            );
            response.on('error', (error) =>
              done({
                status: response.statusCode ?? null,
                body: text,
                error: error.message,
                retryAfterSeconds: null,
              }),
            );
          },
        );
        const deadline = setTimeout(() => request.destroy(new Error('timed out')), options.timeoutMs);
        request.on('close', () => clearTimeout(deadline));
        request.on('timeout', () => request.destroy(new Error('timed out')));
        request.on('error', (error) =>
          done({ status: null, body: null, error: error.message, retryAfterSeconds: null }),
        );
        request.end(body);
      },
      (error: Error) => done({ status: null, body: null, error: error.message, retryAfterSeconds: null }),
    );
  });
}

export class WebhookSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: SenderOptions,
  ) {}

  start() {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      this.running = this.drain().catch((error) =>
        this.options.log.warn({ err: error }, 'webhook delivery pass failed'),
      );
      await this.running;
      if (!this.stopped) this.timer = setTimeout(loop, this.options.pollMs);
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Works until nothing is due. */
  async drain(): Promise<number> {
    let sent = 0;
    while (!this.stopped) {
      const claimed = await this.claim();
      if (!claimed.length) break;
      await Promise.all(claimed.map((d) => this.send(d)));
      sent += claimed.length;
    }
    return sent;
  }

  /**
   * Takes due deliveries of active endpoints under a lease, skipping those another instance holds,
   * the longest due first and then as they were recorded (an order's events in their sequence): an
   * update's `returning` follows its plan, not the order its rows were chosen in.
   */
  async claim(): Promise<Claimed[]> {
    return rowsOf<Claimed>(
      this.db,
      sql`with due as (
            select d.id, d.next_attempt_at from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id and e.is_active
            where d.state = 'pending' and d.next_attempt_at <= now()
              and (d.lease_until is null or d.lease_until < now())
            order by d.next_attempt_at, d.id
            limit ${this.options.batch ?? 20}
            for update of d skip locked),
          claimed as (
            update webhook_deliveries w set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
            from due, webhook_endpoints e, webhook_events v
            where w.id = due.id and e.id = w.endpoint_id and v.id = w.event_id
            returning w.id::int as id, w.attempts, w.endpoint_id, e.url, e.secret, v.id as event_id, v.type, v.data,
              v.created_at, due.next_attempt_at)
          select id, attempts, endpoint_id, url, secret, event_id, type, data, created_at
          from claimed order by next_attempt_at, id`,
    );
  }

  private async send(d: Claimed) {
    const timestamp = new Date();
    const body = JSON.stringify({
      id: d.event_id,
      type: d.type,
      timestamp: new Date(d.created_at).toISOString(),
      data: d.data,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Dostava-Webhooks/1',
      'webhook-id': d.event_id,
      'webhook-timestamp': Math.floor(timestamp.getTime() / 1000).toString(),
    };
    let secret: string;
    try {
      secret = decryptSecret(this.options.secretKey, d.secret);
    } catch {
      // Another WEBHOOK_SECRET_KEY than the one that encrypted it: a failed attempt, logged, never unsigned.
      const error = 'signing secret cannot be decrypted (WEBHOOK_SECRET_KEY changed?)';
      this.options.log.error({ endpoint_id: d.endpoint_id }, error);
      await this.record(d, timestamp, headers, body, {
        status: null,
        body: null,
        error,
        retryAfterSeconds: null,
        durationMs: 0,
      });
      return;
    }
    headers['webhook-signature'] = new Webhook(secret).sign(d.event_id, timestamp, body);
    const result = await post(d.url, headers, body, {
      production: this.options.production,
      timeoutMs: this.options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000,
    });
    await this.record(d, timestamp, headers, body, result);
  }

  private async record(
    d: Claimed,
    startedAt: Date,
    headers: Record<string, string>,
    body: string,
    result: AttemptResult,
  ) {
    const attempt = d.attempts + 1;
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const gone = result.status === 410;
    const delay = ok || gone ? null : nextDelaySeconds(attempt, result.retryAfterSeconds);
    await this.db.transaction(async (tx) => {
      // Only the holder of this attempt writes it: a worker whose lease ran out and was taken over
      // leaves the row to the new holder (its attempt is still logged).
      await tx.insert(webhookAttempts).values({
        delivery_id: d.id,
        // Numbered through the delivery's whole log: a replay starts a new schedule, not a new log.
        attempt: sql`(select count(*)::int + 1 from webhook_attempts where delivery_id = ${d.id})`,
        started_at: startedAt,
        duration_ms: result.durationMs,
        request_headers: { ...headers, 'webhook-signature': headers['webhook-signature'] ?? '' },
        request_body: body,
        response_status: result.status,
        response_body: result.body,
        error: result.error,
      });
      await tx
        .update(webhookDeliveries)
        .set({
          attempts: attempt,
          last_status: result.status,
          lease_until: null,
          ...(ok
            ? { state: 'succeeded', delivered_at: new Date(), next_attempt_at: null }
            : gone
              ? { state: 'failed', next_attempt_at: null }
              : delay === null
                ? { state: 'failed', next_attempt_at: null }
                : { next_attempt_at: sql`now() + make_interval(secs => ${delay})` }),
        })
        // A replay while this attempt was in flight cleared the lease: the replay stands.
        .where(
          and(
            eq(webhookDeliveries.id, d.id),
            eq(webhookDeliveries.attempts, d.attempts),
            isNotNull(webhookDeliveries.lease_until),
          ),
        );
      if (ok) {
        await tx
          .update(webhookEndpoints)
          .set({ failing_since: null })
          .where(
            and(eq(webhookEndpoints.id, d.endpoint_id), sql`${webhookEndpoints.failing_since} is not null`),
          );
        return;
      }
      if (gone) {
        await this.disable(tx, d.endpoint_id, 'gone');
        return;
      }
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({ failing_since: sql`coalesce(${webhookEndpoints.failing_since}, now())` })
        .where(eq(webhookEndpoints.id, d.endpoint_id))
        .returning({ failing_since: webhookEndpoints.failing_since });
      const since = endpoint?.failing_since?.getTime();
      if (since !== undefined && Date.now() - since > WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000)
        await this.disable(tx, d.endpoint_id, 'failing');
    });
  }

  /**
   * Stops sending to an endpoint (its pending deliveries wait until an Admin enables it again) and
   * tells the Admins: an entry in the audit log, by the system, and a warning in the logs.
   */
  private async disable(tx: Db, endpointId: number, reason: 'gone' | 'failing') {
    const [before] = await tx
      .select({ is_active: webhookEndpoints.is_active, disabled_reason: webhookEndpoints.disabled_reason })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    if (!before?.is_active) return;
    await tx
      .update(webhookEndpoints)
      .set({ is_active: false, disabled_reason: reason, updated_at: new Date() })
      .where(eq(webhookEndpoints.id, endpointId));
    await audit(tx, null, 'disable', 'webhook_endpoints', endpointId, before, {
      is_active: false,
      disabled_reason: reason,
    });
    this.options.log.warn({ endpoint_id: endpointId, reason }, 'webhook endpoint disabled');
  }
}
