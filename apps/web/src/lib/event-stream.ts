import { EVENT_TYPES, type ReceivedEvent, receivedEventSchema } from '@dostava/shared';
import { client } from './api-client';
import { isApiError } from './http';
import { getSession } from './session';

/**
 * One server-sent event of GET /api/events, as declared in the shared package (events.ts): listeners
 * narrow it by `type` and read its `data` typed.
 */
export type LiveEvent = ReceivedEvent;
/** An order created or changed. */
export type OrderLiveEvent = Extract<LiveEvent, { type: 'order.created' | 'order.updated' }>;
/** A driver changed: their position, their shift, or something about their orders. */
export type DriverLiveEvent = Extract<LiveEvent, { type: 'driver.updated' }>;
/** Whether the event is about an order (then its data carries the order, or at least its id). */
export const isOrderEvent = (event: LiveEvent): event is OrderLiveEvent =>
  event.type === 'order.created' || event.type === 'order.updated';

export type StreamStatus = 'connecting' | 'connected' | 'reconnecting';

export interface StreamState {
  status: StreamStatus;
  /** When the server was last heard from (an event, `ready` or a ping), epoch ms. */
  lastEventAt: number | null;
}

/** What a subscriber hears: an event, or 'resync' (missed events: refetch everything). */
export type StreamMessage = { kind: 'event'; event: LiveEvent } | { kind: 'resync' };

/** Pings come every 15 s; this long without a byte means the connection is dead. */
export const STALL_MS = 40_000;
export const MAX_BACKOFF_MS = 30_000;
/** The last subscriber leaving (a route change) keeps the connection this long for the next screen. */
export const LINGER_MS = 5_000;

/**
 * The tab's one connection to the event stream, shared by every screen that listens. Read as a stream
 * (`parseAs: 'stream'`: EventSource cannot send the Bearer header) through the typed client, so an
 * expired token is refreshed and the request retried. Reconnects with backoff, resuming after
 * Last-Event-ID.
 * Exported for its tests; the app uses the one `eventStream` below.
 */
export class EventStream {
  private state: StreamState = { status: 'connecting', lastEventAt: null };
  private readonly stateListeners = new Set<() => void>();
  private readonly messageListeners = new Set<(message: StreamMessage) => void>();
  private running = false;
  /** Each start() is a new generation: a loop of an earlier one ends itself. */
  private generation = 0;
  private lastId: string | null = null;
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private controller: AbortController | null = null;
  private stallTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private wake: (() => void) | null = null;
  /** Whether this tab has been connected before: a reconnect means events may have been missed. */
  private everConnected = false;
  /**
   * The server ended the last connection on purpose with nothing lost (`expired`: the access token ran
   * out; `reconnect`: the instance is shutting down): reconnect at once, once, and resume after the
   * last id without asking every screen to refetch.
   */
  private cleanEnd = false;
  private resumeQuietly = false;

  getState = (): StreamState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Listens for events; the first listener opens the connection, the last one closes it. */
  listen(listener: (message: StreamMessage) => void): () => void {
    this.messageListeners.add(listener);
    clearTimeout(this.lingerTimer);
    if (!this.running) this.start();
    return () => {
      this.messageListeners.delete(listener);
      if (this.messageListeners.size === 0) {
        this.lingerTimer = setTimeout(() => this.stop(), LINGER_MS);
      }
    };
  }

  private setState(patch: Partial<StreamState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.stateListeners) listener();
  }

  private emit(message: StreamMessage) {
    for (const listener of this.messageListeners) listener(message);
  }

  private start() {
    this.running = true;
    this.generation += 1;
    void this.loop(this.generation);
  }

  private stop() {
    this.running = false;
    this.everConnected = false;
    this.lastId = null;
    this.abort();
    this.wake?.();
    this.setState({ status: 'connecting' });
  }

  private abort() {
    clearTimeout(this.stallTimer);
    this.controller?.abort();
    void this.reader?.cancel().catch(() => undefined);
    this.reader = null;
  }

  private armStallTimer() {
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => this.abort(), STALL_MS);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      // Coming back online or to the tab retries at once.
      const events = ['online', 'focus'] as const;
      function done() {
        clearTimeout(timer);
        for (const name of events) window.removeEventListener(name, done);
        resolve();
      }
      for (const name of events) window.addEventListener(name, done);
      this.wake = done;
    });
  }

  private async loop(generation: number) {
    let attempt = 0;
    const current = () => this.running && generation === this.generation;
    while (current()) {
      if (!getSession().token) {
        // Signed out: nothing to listen to.
        this.running = false;
        return;
      }
      try {
        await this.connect(() => {
          attempt = 0;
        });
      } catch (error) {
        this.resumeQuietly = false;
        // A refused session (refresh failed) ends the stream; the app is going to /sign-in.
        if (isApiError(error) && (error.status === 401 || error.status === 403)) {
          this.running = false;
          this.setState({ status: 'reconnecting' });
          return;
        }
      }
      if (!current()) return;
      this.setState({ status: 'reconnecting' });
      if (this.cleanEnd) {
        this.cleanEnd = false;
        this.resumeQuietly = true;
        continue;
      }
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
      attempt += 1;
      await this.sleep(backoff * (0.75 + Math.random() * 0.5));
    }
  }

  private async connect(onReady: () => void) {
    this.controller = new AbortController();
    const { data: body } = await client.GET('/api/events', {
      headers: { Accept: 'text/event-stream', ...(this.lastId ? { 'Last-Event-ID': this.lastId } : {}) },
      parseAs: 'stream',
      signal: this.controller.signal,
    });
    if (!body) throw new Error('No event stream body');
    const reader = body.getReader();
    this.reader = reader;
    this.armStallTimer();
    const decoder = new TextDecoder();
    let buffer = '';
    while (this.running) {
      const { value, done } = await reader.read();
      if (done) break;
      this.armStallTimer();
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        this.handleFrame(frame, onReady);
        end = buffer.indexOf('\n\n');
      }
    }
    clearTimeout(this.stallTimer);
  }

  private handleFrame(frame: string, onReady: () => void) {
    let type = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) continue; // a ping
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    this.setState({ lastEventAt: Date.now() });
    if (id) this.lastId = id;
    if (type === 'ready') {
      const reconnected = this.everConnected && !this.resumeQuietly;
      this.everConnected = true;
      this.resumeQuietly = false;
      onReady();
      this.setState({ status: 'connected' });
      // Whatever happened while the stream was down is fetched again (after a clean end the server
      // replays what followed the last id, or says `resync` itself).
      if (reconnected) this.emit({ kind: 'resync' });
    } else if (type === 'expired' || type === 'reconnect') {
      this.cleanEnd = true;
    } else if (type === 'resync') {
      this.emit({ kind: 'resync' });
    } else if (EVENT_TYPES.some((known) => known === type)) {
      let json: unknown;
      try {
        json = JSON.parse(data.join('\n'));
      } catch {
        // A malformed frame is skipped.
        return;
      }
      // An event that does not fit its declaration (a server of another version) is skipped like a
      // malformed frame: the screens' own refetches and reconciliation correct them.
      const parsed = receivedEventSchema.safeParse(json);
      if (parsed.success) this.emit({ kind: 'event', event: parsed.data });
    }
  }
}

export const eventStream = new EventStream();
