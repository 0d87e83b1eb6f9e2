import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { readSchedulerOf } from './read-scheduler';

/** Behind the server by more than this, a live screen says by how much instead of "Live". */
export const LAG_MS = 20_000;

/**
 * How many seconds a screen is behind the server, or null while it is current: the first change it has
 * not read (an event it could not apply, a change during a read, the periodic reconciliation) has
 * waited longer than `LAG_MS` for its read.
 */
export function secondsBehind(now: number, changedSince: number | null): number | null {
  return changedSince !== null && now - changedSince > LAG_MS
    ? Math.round((now - changedSince) / 1000)
    : null;
}

/**
 * The first change an event announced that these queries (a screen's) have not read yet, epoch ms, or
 * null: re-renders only when that changes.
 */
export function useChangedSince(keys: readonly QueryKey[]): number | null {
  const scheduler = readSchedulerOf(useQueryClient());
  return useSyncExternalStore(scheduler.subscribe, () => scheduler.behindSince(keys));
}
