import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventStream } from '../../../lib/event-stream';
import { productListsOf } from './products';

/** A snooze set elsewhere, or ended by itself, refreshes that restaurant's product lists. */
export function useSnoozeEvents(restaurantId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      eventStream.listen((message) => {
        if (message.kind === 'resync' || message.event.type === 'product.snooze') {
          if (message.kind === 'event' && message.event.restaurant_id !== restaurantId) return;
          void queryClient.invalidateQueries({ queryKey: productListsOf(restaurantId) });
        }
      }),
    [queryClient, restaurantId],
  );
}
