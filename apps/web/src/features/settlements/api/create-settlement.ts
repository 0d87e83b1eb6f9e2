import type { DataResponse, Settlement, SettlementBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { settlementKeys } from './keys';

/** Creates a pending settlement of 7–31 days; an overlapping period is refused (409). */
export async function createSettlement(body: SettlementBody): Promise<Settlement> {
  const { data } = await api<DataResponse<Settlement>>('/settlements', {
    method: 'POST',
    body,
    // The dialog shows the refusal (an overlapping period) itself.
    toast: false,
  });
  return data;
}

export function useCreateSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSettlement,
    onSuccess: (settlement) => {
      queryClient.setQueryData(settlementKeys.detail(settlement.id), settlement);
      return queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
    },
  });
}
