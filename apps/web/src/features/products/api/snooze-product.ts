import type { DataResponse, Product, SnoozeBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventStream } from '../../../lib/event-stream';
import { api } from '../../../lib/http';
import { productKeys } from './keys';

/** Out of stock (issue 24): until the end of today, a chosen time, or until switched back. */
export function useSnoozeProduct(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, body }: { product: Product; body: SnoozeBody | null }) =>
      (
        await api<DataResponse<Product>>(`/products/${product.id}/snooze`, {
          method: body ? 'PUT' : 'DELETE',
          ...(body ? { body } : {}),
        })
      ).data,
    onSuccess: (product) => queryClient.setQueryData(productKeys.detail(product.id), product),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.restaurantLists(restaurantId) }),
  });
}

/** A snooze set elsewhere, or ended by itself, refreshes that restaurant's product lists. */
export function useSnoozeEvents(restaurantId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      eventStream.listen((message) => {
        if (message.kind === 'resync' || message.event.type === 'product.snooze') {
          if (message.kind === 'event' && message.event.restaurant_id !== restaurantId) return;
          void queryClient.invalidateQueries({ queryKey: productKeys.restaurantLists(restaurantId) });
        }
      }),
    [queryClient, restaurantId],
  );
}
