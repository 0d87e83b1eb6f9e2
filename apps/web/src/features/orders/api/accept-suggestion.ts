import type { DataResponse, Order } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchKeys } from '../../../api/dispatch/keys';
import { driverKeys } from '../../../api/drivers/keys';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

/**
 * Accepts the suggestion shown: it names its driver, so a suggestion that moved meanwhile is refused
 * (409 suggestion_changed, its translated message toasted by the client) rather than swapped.
 */
export async function acceptSuggestion(input: { id: number; driver_id: number }): Promise<Order> {
  const { data } = await api<DataResponse<Order>>(`/orders/${input.id}/accept-suggestion`, {
    method: 'POST',
    body: { driver_id: input.driver_id },
  });
  return data;
}

/** Success or refusal, the board asks again for what it shows: the rows, the drivers, the suggestions. */
export function useAcceptSuggestion() {
  const queryClient = useQueryClient();
  const refresh = (id: number) => {
    void queryClient.invalidateQueries({ queryKey: dispatchKeys.suggestions() });
    void queryClient.invalidateQueries({ queryKey: driverKeys.all });
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
    return queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  };
  return useMutation({
    mutationFn: acceptSuggestion,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      return refresh(order.id);
    },
    onError: (_error, input) => refresh(input.id),
  });
}
