import {
  DEFAULT_TEMPLATES,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_LANGUAGES,
  type NotificationEvent,
  type NotificationLanguage,
  type NotificationLog,
  type NotificationSettings,
  type NotificationSetup,
  type NotificationTemplate,
  renderTemplate,
  trackingPath,
  URGENT_EVENTS,
} from '@dostava/shared';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  customerContacts,
  customerNotifications,
  notificationSettings,
  notificationTemplates,
  orders,
  restaurants,
  trackingLinks,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { readTogether, rowsOf } from '../../lib/sql.js';
import type { OrderWrite } from '../orders/orders-hooks.js';
import { assertInScope, assertReachable } from '../orders/orders-queries.js';
import { type ProviderAnswer, type Providers, retryable } from './notifications-providers.js';

type OrderRow = OrderWrite['order'];

/** A send tried this many times (the first and its retries) is given up as failed. */
export const MAX_ATTEMPTS = 5;

// --- settings ---------------------------------------------------------------------------------

export async function readSettings(db: Db): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.id, 1));
  if (!row) return NOTIFICATION_DEFAULTS;
  return {
    quiet_start: row.quiet_start,
    quiet_end: row.quiet_end,
    late_minutes: row.late_minutes,
    per_order_cap: row.per_order_cap,
    arriving_meters: row.arriving_meters,
    link_hours: row.link_hours,
  };
}

/** The settings as every request and hook reads them: from memory, read again every few seconds. */
export class SettingsCache {
  private value: { settings: Promise<NotificationSettings>; until: number } | undefined;
  /** The last value read, once it has arrived. */
  private known: { settings: NotificationSettings; until: number } | undefined;
  constructor(private readonly db: Db) {}

  /**
   * `via`: the caller's transaction when it holds one (an order's hook). It never waits for a read
   * outside it: on PGlite's one connection that read waits for the transaction, which would wait for it.
   */
  get(via?: Db): Promise<NotificationSettings> {
    const now = Date.now();
    if (via) {
      if (this.known && this.known.until > now) return Promise.resolve(this.known.settings);
      return readSettings(via);
    }
    if (!this.value || this.value.until <= now) {
      const until = now + 5_000;
      const settings = readSettings(this.db);
      this.value = { settings, until };
      settings.then(
        (value) => {
          this.known = { settings: value, until };
        },
        () => {
          this.value = undefined;
        },
      );
    }
    return this.value.settings;
  }

  forget() {
    this.value = undefined;
    this.known = undefined;
  }
}

export function setupOf(settings: NotificationSettings, providers: Providers): NotificationSetup {
  return { settings, channels: { push: providers.push !== null, sms: providers.sms !== null } };
}

export async function saveSettings(db: Db, actor: ActorContext, next: NotificationSettings) {
  await db.transaction(async (tx) => {
    const before = await readSettings(tx);
    await tx
      .insert(notificationSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: notificationSettings.id, set: { ...next, updated_at: new Date() } });
    await audit(tx, actor, 'update', 'notification_settings', 1, before, next);
  });
}

// --- templates --------------------------------------------------------------------------------

export async function listTemplates(db: Db): Promise<NotificationTemplate[]> {
  const saved = await db.select().from(notificationTemplates);
  const byKey = new Map(saved.map((t) => [`${t.event}:${t.language}`, t.body]));
  return NOTIFICATION_EVENTS.flatMap((event) =>
    NOTIFICATION_LANGUAGES.map((language) => {
      const body = byKey.get(`${event}:${language}`);
      return {
        event,
        language,
        body: body ?? DEFAULT_TEMPLATES[language][event],
        is_default: body === undefined,
      };
    }),
  );
}

export async function saveTemplate(
  db: Db,
  actor: ActorContext,
  event: NotificationEvent,
  language: NotificationLanguage,
  body: string,
): Promise<NotificationTemplate> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(notificationTemplates)
      .where(and(eq(notificationTemplates.event, event), eq(notificationTemplates.language, language)));
    await tx
      .insert(notificationTemplates)
      .values({ event, language, body })
      .onConflictDoUpdate({
        target: [notificationTemplates.event, notificationTemplates.language],
        set: { body, updated_at: new Date() },
      });
    await audit(
      tx,
      actor,
      'update',
      'notification_template',
      `${event}:${language}`,
      { body: before?.body ?? DEFAULT_TEMPLATES[language][event] },
      { body },
    );
  });
  return { event, language, body, is_default: false };
}

/** A sample order's values, for the preview. */
export const SAMPLE_VALUES = (publicUrl: string) => ({
  order_number: 'D100123',
  restaurant: 'Ćevabdžinica Željo',
  minutes: '25',
  link: `${publicUrl}${trackingPath('x'.repeat(32))}`,
});

// --- recording: at most once per event per order --------------------------------------------

/** Which message an order's write owes its customer, if any. */
export function eventOfWrite(
  write: Pick<OrderWrite, 'type' | 'order' | 'previous'>,
): NotificationEvent | null {
  const { order, previous } = write;
  if (write.type !== 'order.changed' || !previous || previous.status === order.status) return null;
  if (order.status === 'preparing_order' && previous.status === 'created') return 'accepted';
  if (order.status === 'in_delivery' && previous.picked_up_at === null && order.picked_up_at !== null)
    return 'picked_up';
  if (order.status === 'delivered') return 'delivered';
  if (order.status === 'cancelled' || order.status === 'declined') return 'cancelled';
  return null;
}

/** Local "HH:MM" in the operation's time zone. */
export function clockAt(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Inside [start, end) — over midnight when start is after end. */
export function inQuietHours(settings: NotificationSettings, at: Date, timeZone: string): boolean {
  const { quiet_start: start, quiet_end: end } = settings;
  if (!start || !end || start === end) return false;
  const now = clockAt(at, timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * Records that `event` is owed to the order's customer (unique per order and event: a second call,
 * from this instance or another, adds nothing), held back when a rule says so. Returns whether a row
 * was written that waits to be sent.
 */
export async function record(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'customer_id'>,
  event: NotificationEvent,
  settings: NotificationSettings,
  timeZone: string,
  at: Date,
): Promise<boolean> {
  const [contact] = await tx
    .select()
    .from(customerContacts)
    .where(eq(customerContacts.customer_id, order.customer_id));
  let skip: string | null = null;
  if (contact?.opted_out) skip = 'opted_out';
  else if (!URGENT_EVENTS.includes(event) && inQuietHours(settings, at, timeZone)) skip = 'quiet_hours';
  else {
    const [row] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from customer_notifications where order_id = ${order.id} and state in ('pending', 'sent')`,
    );
    if ((row?.n ?? 0) >= settings.per_order_cap) skip = 'cap';
  }
  const inserted = await tx
    .insert(customerNotifications)
    .values({
      order_id: order.id,
      event,
      state: skip ? 'skipped' : 'pending',
      skip_reason: skip,
      language: contact?.language ?? 'bs',
    })
    .onConflictDoNothing()
    .returning({ id: customerNotifications.id });
  return inserted.length > 0 && skip === null;
}

// --- sending ----------------------------------------------------------------------------------

interface SendDeps {
  providers: Providers;
  publicUrl: string;
  /** A claim older than this belongs to a worker that died mid-send (see `leaseOf`). */
  leaseMs: number;
}

/**
 * How long a claimed send may take before it counts as abandoned: well past what a live worker can
 * spend on it (the OAuth exchange and the send, each bounded by the provider time-out), and never
 * under the job's own expiry (60 s), after which the queue retries the job of a worker that vanished.
 */
export const leaseOf = (providerTimeoutMs: number) => Math.max(60_000, 3 * providerTimeoutMs);

/** A row a worker claimed and never answered for within the lease (or claimed before claims were timed). */
const abandoned = (leaseMs: number) =>
  and(
    eq(customerNotifications.state, 'sending'),
    sql`(${customerNotifications.claimed_at} is null or ${customerNotifications.claimed_at} < now() - make_interval(secs => ${leaseMs / 1000}))`,
  );

/**
 * Sends what waits for an order's customer (the job `notification-send`). Each row is claimed before
 * its send (pending → sending, guarded), so two workers never send it twice; a provider's 5xx, 429 or
 * silence puts it back to pending and throws, and the job queue retries it with backoff.
 *
 * A row left in `sending` past the lease (its instance died between the claim and the answer) is taken
 * back first: pending again, or failed once its attempts are spent. It may then reach the customer
 * twice, if the provider had accepted it just before the instance died; never sending it is worse.
 * A row still within its lease is another worker's: the job throws, to come back once it is settled.
 */
export async function sendPending(db: Db, deps: SendDeps, orderId: number): Promise<void> {
  await db
    .update(customerNotifications)
    .set({
      state: sql`case when ${customerNotifications.attempts} < ${MAX_ATTEMPTS} then 'pending' else 'failed' end`,
      claimed_at: null,
    })
    .where(and(eq(customerNotifications.order_id, orderId), abandoned(deps.leaseMs)));
  const pending = await db
    .select({ id: customerNotifications.id })
    .from(customerNotifications)
    .where(and(eq(customerNotifications.order_id, orderId), eq(customerNotifications.state, 'pending')))
    .orderBy(asc(customerNotifications.id));
  if (!pending.length) return settledOrRetry(db, orderId);
  const [info] = await db
    .select({
      order_number: orders.order_number,
      customer_id: orders.customer_id,
      phone: orders.customer_phone,
      predicted: orders.predicted_delivery_at,
      restaurant: restaurants.name,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .where(eq(orders.id, orderId));
  if (!info) return;
  const [[contact], [link], saved] = await readTogether(db, [
    () => db.select().from(customerContacts).where(eq(customerContacts.customer_id, info.customer_id)),
    () =>
      db
        .select({ token: trackingLinks.token })
        .from(trackingLinks)
        .where(and(eq(trackingLinks.order_id, orderId), sql`${trackingLinks.revoked_at} is null`)),
    () => db.select().from(notificationTemplates),
  ]);
  let retry = false;
  for (const { id } of pending) {
    const [claimed] = await db
      .update(customerNotifications)
      .set({ state: 'sending', claimed_at: sql`now()`, attempts: sql`${customerNotifications.attempts} + 1` })
      .where(and(eq(customerNotifications.id, id), eq(customerNotifications.state, 'pending')))
      .returning();
    if (!claimed) continue;
    const event = claimed.event as NotificationEvent;
    const language = (claimed.language === 'en' ? 'en' : 'bs') as NotificationLanguage;
    const template =
      saved.find((t) => t.event === event && t.language === language)?.body ??
      DEFAULT_TEMPLATES[language][event];
    const minutes = info.predicted
      ? Math.max(0, Math.round((info.predicted.getTime() - Date.now()) / 60_000))
      : 0;
    const text = renderTemplate(template, {
      order_number: info.order_number,
      restaurant: info.restaurant,
      minutes: String(minutes),
      link: link ? `${deps.publicUrl}${trackingPath(link.token)}` : '',
    });
    const { providers } = deps;
    let channel: 'push' | 'sms' | null = null;
    let answer: ProviderAnswer | null = null;
    if (providers.push && contact?.push_token) {
      channel = 'push';
      answer = await providers.push.send(contact.push_token, info.restaurant, text, {
        order_number: info.order_number,
        event,
      });
    } else if (providers.sms && info.phone) {
      channel = 'sms';
      answer = await providers.sms.send(info.phone, text);
    }
    if (!channel || !answer) {
      await db
        .update(customerNotifications)
        .set({
          state: 'skipped',
          skip_reason: providers.push || providers.sms ? 'no_contact' : 'not_configured',
          text,
        })
        .where(eq(customerNotifications.id, id));
      continue;
    }
    const ok = answer.status >= 200 && answer.status < 300;
    const again = !ok && retryable(answer.status) && claimed.attempts < MAX_ATTEMPTS;
    if (again) retry = true;
    await db
      .update(customerNotifications)
      .set({
        state: ok ? 'sent' : again ? 'pending' : 'failed',
        channel,
        text,
        provider_status: answer.status,
        provider_answer: answer.answer,
        sent_at: ok ? new Date() : null,
      })
      .where(eq(customerNotifications.id, id));
  }
  if (retry) throw new Error(`notification provider asked for a retry (order ${orderId})`);
  await settledOrRetry(db, orderId);
}

/** Throws (the queue comes back later) while another worker's claim on the order's messages is open. */
async function settledOrRetry(db: Db, orderId: number) {
  const [open] = await db
    .select({ id: customerNotifications.id })
    .from(customerNotifications)
    .where(and(eq(customerNotifications.order_id, orderId), eq(customerNotifications.state, 'sending')))
    .limit(1);
  if (open)
    throw new Error(`a notification of order ${orderId} is being sent elsewhere; looking again later`);
}

/**
 * Orders with messages waiting (a restart, a lost job) or abandoned mid-send by an instance that died:
 * scheduled again when the queue starts.
 */
export async function ordersWithPending(db: Db, leaseMs: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ order_id: customerNotifications.order_id })
    .from(customerNotifications)
    .where(or(eq(customerNotifications.state, 'pending'), abandoned(leaseMs)));
  return rows.map((r) => r.order_id);
}

// --- the order's log --------------------------------------------------------------------------

export async function orderLog(db: Db, actor: ActorContext, orderId: number): Promise<NotificationLog[]> {
  await assertReachable(db, actor, orderId);
  const [order] = await db
    .select({ restaurant_id: orders.restaurant_id, driver_id: orders.driver_id })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return [];
  assertInScope(actor, 'orders.read', order.restaurant_id, order.driver_id);
  const rows = await db
    .select()
    .from(customerNotifications)
    .where(eq(customerNotifications.order_id, orderId))
    .orderBy(asc(customerNotifications.created_at), asc(customerNotifications.id));
  return rows.map((r) => ({
    id: r.id,
    event: r.event as NotificationEvent,
    state: (r.state === 'sending' ? 'pending' : r.state) as NotificationLog['state'],
    channel: r.channel as NotificationLog['channel'],
    skip_reason: r.skip_reason as NotificationLog['skip_reason'],
    attempts: r.attempts,
    provider_status: r.provider_status,
    provider_answer: r.provider_answer,
    text: r.text,
    created_at: r.created_at.toISOString(),
    sent_at: r.sent_at?.toISOString() ?? null,
  }));
}

// --- the customer app -------------------------------------------------------------------------

export async function saveContact(
  db: Db,
  customerId: number,
  body: {
    push_token?: string | null | undefined;
    opted_out?: boolean | undefined;
    language?: NotificationLanguage | undefined;
  },
) {
  const set: Partial<typeof customerContacts.$inferInsert> = { updated_at: new Date() };
  if (body.push_token !== undefined) set.push_token = body.push_token;
  if (body.opted_out !== undefined) set.opted_out = body.opted_out;
  if (body.language !== undefined) set.language = body.language;
  const [row] = await db
    .insert(customerContacts)
    .values({ customer_id: customerId, ...set })
    .onConflictDoUpdate({ target: customerContacts.customer_id, set })
    .returning();
  if (!row) throw new Error('contact upsert returned nothing');
  return {
    push_token_set: row.push_token !== null,
    opted_out: row.opted_out,
    language: (row.language === 'en' ? 'en' : 'bs') as NotificationLanguage,
  };
}
