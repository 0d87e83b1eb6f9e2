import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refresh } from '../../../lib/api-client';
import { eventStream } from '../../../lib/event-stream';
import { capacityKey } from './restaurants';

const CAPACITY_LIST = '/api/restaurants/capacity';

/**
 * Keeps capacity live: a change (by anyone, or the end of a pause by itself) replaces the cached
 * state of that restaurant and refreshes the list; a resync refetches both.
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
        if (event.type !== 'restaurant.capacity' || event.restaurant_id === null) return;
        queryClient.setQueryData(capacityKey(event.restaurant_id), { data: event.data });
        void refresh(queryClient, [CAPACITY_LIST]);
      }),
    [queryClient],
  );
}
