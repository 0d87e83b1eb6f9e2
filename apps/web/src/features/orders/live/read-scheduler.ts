import {
  hashKey,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
  type QueryFilters,
  type QueryKey,
} from '@tanstack/react-query';

/** Changes arriving within this window are read once (a busy evening sends bursts). */
export const COALESCE_MS = 400;
/** After a read that took `d` ms, the next one of that query waits `SLOW_FACTOR × d`: a slow server is asked less. */
export const SLOW_FACTOR = 2;
/** The longest a query that needs a read waits for it (the backoff's ceiling). */
export const MAX_GAP_MS = 15_000;
/** Enough doublings of `COALESCE_MS` to reach `MAX_GAP_MS`. */
const MAX_STREAK = 6;

/** What the scheduler knows of a query's reads. */
interface Reads {
  /** When the last read began (TanStack's `fetch` action), epoch ms. */
  startedAt: number;
  /** When the last read ended, epoch ms. */
  endedAt: number;
  /** How long the last read took. */
  took: number;
  /** Whether the last read was this scheduler's (asked for by a change). */
  asked: boolean;
  /**
   * Reads in a row asked for by changes that kept coming: the next change within twice the wait of
   * the last read, a change during a read, a failure. Each doubles the wait; a quiet spell resets it.
   */
  streak: number;
}

const gapOf = (reads: Reads) =>
  Math.min(MAX_GAP_MS, Math.max(COALESCE_MS, SLOW_FACTOR * reads.took) * 2 ** reads.streak);

/**
 * The one scheduler of the reads the live events ask for, per query client. A change marks the queries
 * it touches as needing a read since that moment; each one on screen is read once, when it can:
 * - never while a read of it is in flight: a change that comes during one is read once after it
 *   lands (the answer may predate the change), never by cancelling it;
 * - not sooner than `SLOW_FACTOR` times its last read took after that read ended (at least
 *   `COALESCE_MS`), doubling for each read in a row that changes kept asking for, up to `MAX_GAP_MS`:
 *   whatever the event rate and however slow the server, a query is read a bounded number of times a
 *   minute, and a lone change after a quiet spell is read at once;
 * - a query not on screen is only marked stale (`invalidateQueries` with `refetchType: 'none'`) and is
 *   read when it is shown again.
 * `behindSince` says since when a query has had a change it has not read: what the live mark shows.
 */
export class ReadScheduler {
  /**
   * Queries on screen with a change not yet read, by hash: since when (the first such change), and
   * the last change (a read must begin after it to have read them all).
   */
  private readonly pending = new Map<string, { query: Query; since: number; last: number }>();
  private readonly reads = new WeakMap<Query, Reads>();
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  /** True while this scheduler starts reads (TanStack starts them synchronously). */
  private asking = false;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly clock: () => number = Date.now,
  ) {
    queryClient.getQueryCache().subscribe((event) => this.observe(event));
  }

  /** The cached queries these filters match changed now: each is read once, when it can. */
  stale(filters: QueryFilters) {
    const now = this.clock();
    let added = false;
    for (const query of this.queryClient.getQueryCache().findAll(filters)) {
      if (!query.isActive()) {
        void this.queryClient.invalidateQueries(
          { queryKey: query.queryKey, exact: true, refetchType: 'none' },
          { cancelRefetch: false },
        );
      } else if (this.pending.has(query.queryHash)) {
        const entry = this.pending.get(query.queryHash);
        if (entry) entry.last = now;
      } else {
        this.pending.set(query.queryHash, { query, since: now, last: now });
        added = true;
        const reads = this.reads.get(query);
        if (reads)
          reads.streak =
            reads.asked && now - reads.endedAt < 2 * gapOf(reads)
              ? Math.min(MAX_STREAK, reads.streak + 1)
              : 0;
      }
    }
    if (added) this.notify();
    if (this.pending.size) this.schedule(COALESCE_MS);
  }

  /** Since when the first of these queries has had a change it has not read (epoch ms), or null. */
  behindSince(keys: readonly QueryKey[]): number | null {
    let since: number | null = null;
    for (const key of keys) {
      const entry = this.pending.get(hashKey(key));
      if (entry && (since === null || entry.since < since)) since = entry.since;
    }
    return since;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  /** When the query may be read again: its backoff after the last read. */
  private readyAt(query: Query): number {
    const reads = this.reads.get(query);
    return reads ? reads.endedAt + gapOf(reads) : query.state.dataUpdatedAt + COALESCE_MS;
  }

  private observe(event: QueryCacheNotifyEvent) {
    const { query } = event;
    if (event.type === 'removed') {
      if (this.pending.delete(query.queryHash)) this.notify();
      return;
    }
    if (event.type !== 'updated') return;
    const { action } = event;
    const now = this.clock();
    // A read that began before this scheduler heard of it began before any change it knows.
    const reads = this.reads.get(query) ?? { startedAt: 0, endedAt: 0, took: 0, asked: false, streak: 0 };
    if (action.type === 'fetch') {
      this.reads.set(query, { ...reads, startedAt: now, asked: this.asking });
      return;
    }
    // `setQueryData` (an event applied in place) is a manual success: not a read.
    if (action.type === 'success' && action.manual) return;
    const entry = this.pending.get(query.queryHash);
    const landed = action.type === 'success';
    // A read that began after the last change has read them all.
    const covered = landed && (!entry || reads.startedAt >= entry.last);
    if (landed || action.type === 'error')
      this.reads.set(query, {
        ...reads,
        endedAt: now,
        took: reads.startedAt ? now - reads.startedAt : 0,
        streak: covered ? reads.streak : Math.min(MAX_STREAK, reads.streak + 1),
      });
    if (!entry) return;
    if (covered) {
      this.pending.delete(query.queryHash);
      this.notify();
    } else if (query.state.fetchStatus === 'idle') {
      // Landed before a change, failed, or cancelled elsewhere: read again after the backoff. A read
      // that landed has read what came before it began.
      if (landed && reads.startedAt > entry.since) {
        entry.since = reads.startedAt;
        this.notify();
      }
      this.schedule(this.readyAt(query) - now);
    }
  }

  private schedule(delay: number) {
    const at = this.clock() + Math.max(0, delay);
    if (this.timer !== undefined && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.flush(), Math.max(0, delay));
  }

  private flush() {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = this.clock();
    const due = new Set<Query>();
    let next = Number.POSITIVE_INFINITY;
    let dropped = false;
    for (const [hash, { query }] of this.pending) {
      if (!query.isActive()) {
        // Left the screen: read when shown again.
        this.pending.delete(hash);
        dropped = true;
        query.invalidate();
        continue;
      }
      // In flight: read again when it lands, if it began before the change (see `observe`).
      if (query.state.fetchStatus !== 'idle') continue;
      const at = this.readyAt(query);
      if (at <= now) due.add(query);
      else next = Math.min(next, at);
    }
    if (dropped) this.notify();
    if (due.size) {
      this.asking = true;
      void this.queryClient.invalidateQueries(
        { predicate: (query) => due.has(query) },
        // Nothing of these is in flight; should a read begin meanwhile, it is not cancelled.
        { cancelRefetch: false },
      );
      this.asking = false;
    }
    if (next < Number.POSITIVE_INFINITY) this.schedule(next - now);
  }
}

const schedulers = new WeakMap<QueryClient, ReadScheduler>();
/** The query client's one read scheduler. */
export const readSchedulerOf = (queryClient: QueryClient) => {
  let scheduler = schedulers.get(queryClient);
  if (!scheduler) {
    scheduler = new ReadScheduler(queryClient);
    schedulers.set(queryClient, scheduler);
  }
  return scheduler;
};
