import type { Capacity, CapacityBody, DataResponse } from '@dostava/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventStream } from '../../../lib/event-stream';
import { api } from '../../../lib/http';

/** Busy and pause (issue 24): a restaurant's capacity, and the list of those busy or paused now. */
export const capacityKeys = {
  all: ['capacity'] as const,
  list: () => [...capacityKeys.all, 'list'] as const,
  detail: (restaurantId: number) => [...capacityKeys.all, 'detail', restaurantId] as const,
};

export async function getCapacity(restaurantId: number, signal?: AbortSignal): Promise<Capacity> {
  const { data } = await api<DataResponse<Capacity>>(`/restaurants/${restaurantId}/capacity`, { signal });
  return data;
}

export function useCapacity(restaurantId: number | null) {
  return useQuery({
    queryKey: capacityKeys.detail(restaurantId ?? 0),
    queryFn: ({ signal }) => getCapacity(restaurantId ?? 0, signal),
    enabled: restaurantId !== null && restaurantId > 0,
  });
}

export function useCapacityList() {
  return useQuery({
    queryKey: capacityKeys.list(),
    queryFn: async ({ signal }) =>
      (await api<{ data: Capacity[] }>('/restaurants/capacity', { signal })).data,
  });
}

export function useSetCapacity(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CapacityBody) =>
      (await api<DataResponse<Capacity>>(`/restaurants/${restaurantId}/capacity`, { method: 'PUT', body }))
        .data,
    onSuccess: (capacity) => {
      queryClient.setQueryData(capacityKeys.detail(restaurantId), capacity);
      void queryClient.invalidateQueries({ queryKey: capacityKeys.list() });
    },
  });
}

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
          void queryClient.invalidateQueries({ queryKey: capacityKeys.all });
          return;
        }
        const { event } = message;
        if (event.type !== 'restaurant.capacity' || event.restaurant_id === null) return;
        queryClient.setQueryData(capacityKeys.detail(event.restaurant_id), event.data);
        void queryClient.invalidateQueries({ queryKey: capacityKeys.list() });
      }),
    [queryClient],
  );
}
