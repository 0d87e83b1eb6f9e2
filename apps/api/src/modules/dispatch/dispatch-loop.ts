import type { BusEvent } from '../../lib/bus.js';
import { type DispatchDeps, runRound } from './dispatch-service.js';

/** Rounds at most this often; an event waits at most this long for its round ("within a second"). */
const ROUND_GAP_MS = 1000;
/** A round runs at least this often all the same: food comes ready, locations age. */
const HEARTBEAT_MS = 10_000;
/** The events that may let an order be dispatched: orders moving, drivers freed or moving, settings. */
const TRIGGERS = new Set(['order.created', 'order.updated', 'driver.updated', 'dispatch.settings']);

/**
 * This instance's round runner (decision 0024). Events coalesce: a round runs within a second of the
 * first event after the last round, never two at once here, and the database's advisory lock keeps two
 * instances from running one together (the one that did not get it tries again a moment later).
 */
export class Dispatcher {
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private dirty = false;
  private lastStart = 0;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: DispatchDeps,
    private readonly warn: (error: unknown) => void,
    /** Told of every round this instance ran: its seconds and the offers it made. */
    private readonly observe: (seconds: number, offered: number) => void = () => {},
  ) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.deps.bus.subscribe((event: BusEvent) => {
      // The rounds' own announcements (offers made, problems written) need no round of their own.
      const own = (event.type === 'order.created' || event.type === 'order.updated') && event.data.dispatch;
      if (TRIGGERS.has(event.type) && !own) this.poke();
    });
    this.heartbeat = setInterval(() => this.poke(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.poke();
  }

  /** Asks for a round soon (at most one per ROUND_GAP_MS). */
  poke() {
    if (this.stopped || this.timer) return;
    const delay = Math.max(50, this.lastStart + ROUND_GAP_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delay);
    this.timer.unref();
  }

  /** A round now (the job queue's offer ends): waits for the one running, then runs. */
  async runNow() {
    await this.running;
    await this.run();
  }

  private async run() {
    if (this.stopped) return;
    if (this.running) {
      this.dirty = true;
      return;
    }
    this.lastStart = Date.now();
    this.running = (async () => {
      try {
        const result = await runRound(this.deps);
        if (!result) this.dirty = true;
        else {
          this.observe((Date.now() - this.lastStart) / 1000, result.offered);
          if (result.nextExpiry !== null) this.wakeAt(result.nextExpiry);
        }
      } catch (error) {
        this.warn(error);
      }
    })();
    await this.running;
    this.running = undefined;
    if (this.dirty) {
      this.dirty = false;
      this.poke();
    }
  }

  /** The round after an offer runs out, here at once (the job queue does it too, on any instance). */
  private wakeAt(at: number) {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = setTimeout(() => this.poke(), Math.max(0, at - Date.now()) + 50);
    this.expiry.unref();
  }

  async stop() {
    this.stopped = true;
    for (const timer of [this.timer, this.heartbeat, this.expiry]) if (timer) clearTimeout(timer);
    this.timer = undefined;
    this.unsubscribe?.();
    await this.running;
  }
}
