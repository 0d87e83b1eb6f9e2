import type { Capacity, ChangedBy } from '@dostava/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { restaurantKey } from '../../../api/restaurants/restaurants';
import { refresh } from '../../../lib/api-client';
import { eventStream } from '../../../lib/event-stream';
import { useCurrentUser } from '../../../lib/session';
import { capacityKey } from './restaurants';

const CAPACITY_LIST = '/api/restaurants/capacity';

/**
 * Keeps capacity live: a change (by anyone, or the end of a pause by itself) replaces the cached
 * state of that restaurant and refreshes the list and the restaurant's record (its ordering state);
 * new opening hours refresh the record too; a resync refetches capacity.
 */
export function useCapacityEvents() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      eventStream.listen((message) => {
        if (message.kind === 'resync') {
          void refresh(queryClient, [CAPACITY_LIST, '/api/restaurants/{id}/capacity']);
          return;
        }
        const { event } = message;
        // A restaurant's ordering state (open, closed until, busy, paused) lives in its own record.
        const restaurant = event.restaurant_id === null ? null : restaurantKey(event.restaurant_id);
        if (event.type === 'restaurant.hours' && restaurant) {
          void queryClient.invalidateQueries({ queryKey: restaurant, exact: true });
          // The dispatcher's strip lists the restaurants closed by their hours too (issue 36).
          void refresh(queryClient, [CAPACITY_LIST]);
          return;
        }
        if (event.type !== 'restaurant.capacity' || event.restaurant_id === null) return;
        const { changed_by: _who, ...capacity } = event.data;
        queryClient.setQueryData(capacityKey(event.restaurant_id), { data: capacity });
        void refresh(queryClient, [CAPACITY_LIST]);
        if (restaurant) void queryClient.invalidateQueries({ queryKey: restaurant, exact: true });
      }),
    [queryClient],
  );
}

/** A timer longer than this is not set (setTimeout's limit); focus and events refresh it sooner anyway. */
const LONGEST_WAIT_MS = 2_147_000_000;

/**
 * Refetches `queryKey` a second after `at` (an instant; nothing when null or past): a restaurant
 * opening or closing by its hours changes its state without an event.
 */
export function useRefetchAt(at: string | null | undefined, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!at) return;
    const wait = Date.parse(at) - Date.now();
    if (!(wait > 0 && wait < LONGEST_WAIT_MS)) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true }),
      wait + 1000,
    );
    return () => clearTimeout(timer);
  }, [at, key, queryClient]);
}

/** A change of a restaurant's capacity or hours made by someone else than the signed-in user. */
export type ChangeByOther =
  | { kind: 'capacity'; by: ChangedBy; at: string; capacity: Capacity }
  | { kind: 'hours'; by: ChangedBy; at: string };

/**
 * Calls `onChange` when someone else (another user, or the system ending a pause) changes the
 * restaurant's capacity or hours while a screen shows them (issue 36): the screen says who and when
 * instead of silently showing the new value. The user's own changes are not told.
 */
export function useChangesByOthers(restaurantId: number | null, onChange: (change: ChangeByOther) => void) {
  const me = useCurrentUser().id;
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    if (restaurantId === null) return;
    return eventStream.listen((message) => {
      if (message.kind !== 'event') return;
      const { event } = message;
      if (event.restaurant_id !== restaurantId) return;
      if (event.type === 'restaurant.capacity') {
        const { changed_by, ...capacity } = event.data;
        // An earlier server says not who: nothing to tell.
        if (changed_by === undefined || changed_by?.id === me) return;
        callback.current({ kind: 'capacity', by: changed_by, at: event.at, capacity });
      } else if (event.type === 'restaurant.hours') {
        if (event.data.changed_by?.id === me) return;
        callback.current({ kind: 'hours', by: event.data.changed_by, at: event.at });
      }
    });
  }, [restaurantId, me]);
}
