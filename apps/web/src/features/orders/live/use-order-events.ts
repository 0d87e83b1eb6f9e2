import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { driverKeys } from '../../drivers/api/keys';
import { orderKeys } from '../api/keys';
import { eventStream, type LiveEvent, type StreamState } from './event-stream';

/**
 * Keeps the order screens live: order events refresh the order lists and that order's details, driver
 * events the drivers, and a reconnect or resync refetches everything. `onEvent` hears each event too.
 * Returns the stream's status and when the server was last heard from.
 */
export function useOrderEvents(onEvent?: (event: LiveEvent) => void): StreamState {
  const queryClient = useQueryClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(
    () =>
      eventStream.listen((message) => {
        if (message.kind === 'resync') {
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
          void queryClient.invalidateQueries({ queryKey: driverKeys.all });
          return;
        }
        const { event } = message;
        if (event.type.startsWith('order.')) {
          void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
          if (event.data.order_id)
            void queryClient.invalidateQueries({ queryKey: orderKeys.detail(event.data.order_id) });
        }
        if (event.type === 'driver.updated' || 'driver_id' in event.data)
          void queryClient.invalidateQueries({ queryKey: driverKeys.all });
        handler.current?.(event);
      }),
    [queryClient],
  );

  return useSyncExternalStore(eventStream.subscribeState, eventStream.getState);
}
