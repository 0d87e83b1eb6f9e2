import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { readSchedulerOf } from './read-scheduler';

/** Behind the server by more than this, a live screen says by how much instead of "Live". */
export const LAG_MS = 20_000;

interface Lag {
  now: number;
  /** The first change an event announced that the screen has not read yet (epoch ms), or null. */
  changedSince: number | null;
  /** When the screen's data was last read from the server (epoch ms; 0: not yet). */
  readAt: number;
  /** How often the screen reads again regardless of events (what the events cannot say); false: never. */
  reconcileMs: number | false;
}

/**
 * How many seconds the screen is behind, or null while it is current: a change it has not read for
 * longer than `LAG_MS`, or a read older than its reconciliation by as much (the server has stopped
 * answering; lateness grows with the clock alone).
 */
export function secondsBehind({ now, changedSince, readAt, reconcileMs }: Lag): number | null {
  const unread = changedSince === null ? 0 : now - changedSince;
  const age = readAt && reconcileMs !== false ? now - readAt : 0;
  const behind = Math.max(
    unread > LAG_MS ? unread : 0,
    reconcileMs !== false && age > reconcileMs + LAG_MS ? age : 0,
  );
  return behind ? Math.round(behind / 1000) : null;
}

/**
 * The first change an event announced that these queries (a screen's) have not read yet, epoch ms, or
 * null: re-renders only when that changes.
 */
export function useChangedSince(keys: readonly QueryKey[]): number | null {
  const scheduler = readSchedulerOf(useQueryClient());
  return useSyncExternalStore(scheduler.subscribe, () => scheduler.behindSince(keys));
}
