import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type LiveEvent, liveEventSchema, type NewLiveEvent } from '@dostava/shared';
import { Redis } from 'ioredis';

/** An event on the bus: one of the live events declared in the shared package (events.ts). */
export type BusEvent = LiveEvent;
export type NewBusEvent = NewLiveEvent;

const CHANNEL = 'dostava:events';
/** Instance-to-instance notices (never sent to browsers): a user's sessions changed, drop caches. */
const CONTROL_CHANNEL = 'dostava:control';
export type ControlMessage =
  | { type: 'sessions.changed'; user_id: number }
  /** Zones, fee rules or delivery areas changed: every instance reloads its zone cache (issue 37). */
  | { type: 'zones.changed' }
  /** An order's tracking link was revoked, issued again or rated: every instance forgets it (issue 39). */
  | { type: 'tracking.changed'; order_id: number };
const BUFFER_SIZE = 2000;

/**
 * Every Redis command and connection attempt is bounded: a Redis that is alive but silent (stopped,
 * partitioned, overloaded) must cost a request a moment, never the request. The probe pings every
 * connection this often; one unanswered ping marks Redis hung and drops the connections, so every
 * caller takes the in-process path at once instead of waiting out its own time-out.
 */
export const REDIS_TIMEOUT_MS = 1000;
const PROBE_MS = 1000;
export const redisOptions = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  connectTimeout: 2 * REDIS_TIMEOUT_MS,
  commandTimeout: REDIS_TIMEOUT_MS,
  retryStrategy: (attempt: number) => Math.min(200 * attempt, 2000),
} as const;

/** 'off' without Redis; 'down' while unreachable; 'hung' while it holds connections but answers nothing. */
export type RedisState = 'off' | 'up' | 'down' | 'hung';

/**
 * The event bus: in-process by default; with Redis every API instance publishes to one channel and
 * hears every instance's events. Each instance keeps the latest events so a reconnecting browser can
 * resume after the last id it saw (Last-Event-ID). When Redis is down, events still reach this
 * instance's subscribers (the app keeps serving, live updates degrade to one instance); when it is
 * back, this instance's subscribers are told to resync, since other instances' events were missed.
 */
export class EventBus {
  private readonly local = new EventEmitter();
  /** Hear every event delivered here and how it came (the metrics count them and their lag). */
  private readonly observers = new Set<(event: BusEvent, via: 'redis' | 'local') => void>();
  /** The latest events in order (Last-Event-ID replay), and their ids for the duplicate check. */
  private readonly recent: BusEvent[] = [];
  private readonly recentIds = new Set<string>();
  /** Event ids: this instance's random prefix and a counter, unique across instances and restarts. */
  private readonly instance = randomBytes(4).toString('hex');
  private sequence = 0;
  /** Whether each event is checked against its declaration before it goes out (see publish). */
  private readonly validate: boolean;
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  /** The connection for everything else that shares Redis (the rate-limit counters). */
  readonly counters: Redis | undefined;
  /** The subscription was lost since it last worked: on its return, subscribers must resync. */
  private missed = false;
  /** A ping went unanswered: Redis counts as hung until every connection is ready again. */
  private hung = false;
  private probing = false;
  private probe: ReturnType<typeof setInterval> | undefined;

  constructor(
    redisUrl: string | undefined,
    private readonly log: {
      warn: (obj: object, msg: string) => void;
      info: (obj: object, msg: string) => void;
    },
    options: { validate?: boolean } = {},
  ) {
    this.validate = options.validate ?? true;
    this.local.setMaxListeners(0);
    if (!redisUrl) return;
    this.publisher = new Redis(redisUrl, redisOptions);
    this.subscriber = new Redis(redisUrl, redisOptions);
    this.counters = new Redis(redisUrl, redisOptions);
    for (const client of this.clients()) {
      client.on('error', (error) => this.log.warn({ err: error }, 'event bus: redis error'));
      client.on('ready', () => {
        if (this.hung && this.clients().every((c) => c.status === 'ready')) {
          this.hung = false;
          this.log.info({}, 'event bus: redis answers again');
        }
      });
    }
    this.probe = setInterval(() => void this.check(), PROBE_MS);
    this.probe.unref();
    this.subscriber.on('close', () => {
      this.missed = true;
    });
    const subscriber = this.subscriber;
    subscriber.on('ready', () => {
      // On every connection, not once: a SUBSCRIBE sent while Redis was down or hung times out like
      // any command, and ioredis re-subscribes only to what once succeeded.
      subscriber
        .subscribe(CHANNEL, CONTROL_CHANNEL)
        .catch((error) => this.log.warn({ err: error }, 'event bus: subscribe failed'));
      if (!this.missed) return;
      this.missed = false;
      this.log.info({}, 'event bus: redis is back, subscribers resync');
      // Ids kept from the outage cannot promise a complete replay any more.
      this.recent.length = 0;
      this.recentIds.clear();
      this.local.emit('resync');
    });
    subscriber.on('message', (channel, message) => {
      try {
        if (channel === CONTROL_CHANNEL) this.local.emit('control', JSON.parse(message) as ControlMessage);
        else this.deliver(JSON.parse(message) as BusEvent, 'redis');
      } catch (error) {
        this.log.warn({ err: error }, 'event bus: bad message');
      }
    });
  }

  /**
   * Publishes after the write committed: the event never announces a change that rolled back. Where
   * `validate` is on (every environment but production, like the answers: lib/serializer.ts) the event
   * is checked against its declaration first: screens read it by the same schema, so one that does not
   * fit is a mistake in the publisher, refused here rather than skipped by every browser. Publishers are
   * typed by the same declaration, so production skips the check (decision 0031): it cost as much as
   * the rest of a publish.
   */
  async publish(event: NewBusEvent): Promise<void> {
    const stamped = {
      ...event,
      id: `${Date.now().toString(36)}-${this.instance}${(++this.sequence).toString(36)}`,
      at: new Date().toISOString(),
    } as BusEvent;
    let full = stamped;
    if (this.validate) {
      const checked = liveEventSchema.safeParse(stamped);
      if (!checked.success) {
        const { issues } = checked.error;
        this.log.warn({ type: event.type, issues }, 'event bus: an event does not match its declaration');
        throw new Error(`The ${event.type} event does not match its declaration: ${checked.error.message}`);
      }
      full = checked.data;
    }
    if (this.publisher && this.redisState() === 'up') {
      try {
        await this.publisher.publish(CHANNEL, JSON.stringify(full));
        // Our own subscription brings it back, unless it is down right now (delivery is idempotent).
        if (this.subscriber?.status === 'ready') return;
      } catch (error) {
        this.log.warn({ err: error }, 'event bus: publish failed, delivering locally');
      }
    }
    this.deliver(full, 'local');
  }

  /**
   * Tells every instance, this one at once (before the caller answers), then the others through
   * Redis. Handling a notice twice is harmless: it only drops cache entries.
   */
  async publishControl(message: ControlMessage): Promise<void> {
    this.local.emit('control', message);
    if (this.redisState() !== 'up' || !this.publisher) return;
    try {
      await this.publisher.publish(CONTROL_CHANNEL, JSON.stringify(message));
    } catch (error) {
      this.log.warn({ err: error }, 'event bus: control publish failed');
    }
  }

  /** Hears the control notices of every instance, and `onResync` when some may have been missed. */
  onControl(listener: (message: ControlMessage) => void, onResync: () => void): () => void {
    this.local.on('control', listener);
    this.local.on('resync', onResync);
    return () => {
      this.local.off('control', listener);
      this.local.off('resync', onResync);
    };
  }

  private deliver(event: BusEvent, via: 'redis' | 'local') {
    // A set, not a scan of the buffer: this runs for every event, the buffer holds 2,000.
    if (this.recentIds.has(event.id)) return;
    for (const observer of this.observers) observer(event, via);
    this.recent.push(event);
    this.recentIds.add(event.id);
    if (this.recent.length > BUFFER_SIZE) {
      for (const old of this.recent.splice(0, this.recent.length - BUFFER_SIZE))
        this.recentIds.delete(old.id);
    }
    this.local.emit('event', event);
  }

  /** Hears every event, and `onResync` when events may have been missed (refetch everything). */
  subscribe(listener: (event: BusEvent) => void, onResync?: () => void): () => void {
    this.local.on('event', listener);
    if (onResync) this.local.on('resync', onResync);
    return () => {
      this.local.off('event', listener);
      if (onResync) this.local.off('resync', onResync);
    };
  }

  /** Whether events cross instances (and counters are shared): see RedisState. */
  redisState(): RedisState {
    if (!this.publisher || !this.subscriber) return 'off';
    if (this.hung) return 'hung';
    return this.clients().every((c) => c.status === 'ready') ? 'up' : 'down';
  }

  private clients(): Redis[] {
    return [this.publisher, this.subscriber, this.counters].filter((c): c is Redis => c !== undefined);
  }

  /**
   * Pings every ready connection (each ping bounded by the command time-out). An unanswered one means
   * Redis holds the connection but does not work: mark it hung and drop every connection, so callers
   * stop waiting on it (the subscriber's close also asks for a resync once it is back); ioredis then
   * reconnects, and each attempt is bounded by the connect and ready-check time-outs.
   */
  private async check() {
    if (this.probing || this.hung) return;
    this.probing = true;
    try {
      const ready = this.clients().filter((c) => c.status === 'ready');
      const results = await Promise.allSettled(ready.map((c) => c.ping()));
      const silent = results.some((r) => r.status === 'rejected' && /timed out/i.test(String(r.reason)));
      if (silent && !this.hung) {
        this.hung = true;
        this.log.warn(
          { timeout_ms: REDIS_TIMEOUT_MS },
          'event bus: redis does not answer, serving without it',
        );
        for (const client of this.clients()) client.disconnect(true);
      }
    } finally {
      this.probing = false;
    }
  }

  observe(observer: (event: BusEvent, via: 'redis' | 'local') => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Events after `lastId`, or null when it is no longer remembered (the client must refetch). */
  since(lastId: string): BusEvent[] | null {
    const index = this.recent.findIndex((e) => e.id === lastId);
    return index < 0 ? null : this.recent.slice(index + 1);
  }

  async close() {
    clearInterval(this.probe);
    this.local.removeAllListeners();
    for (const client of this.clients()) client.disconnect();
  }
}
