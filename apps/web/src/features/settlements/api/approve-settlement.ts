import type { DataResponse, Settlement } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverMealKeys } from '../../../api/driver-meals/keys';
import { api, isApiError } from '../../../lib/http';
import { settlementKeys } from './keys';

/** Approves a pending settlement, once; a second approval is refused (409). */
export async function approveSettlement(id: number): Promise<Settlement> {
  const { data } = await api<DataResponse<Settlement>>(`/settlements/${id}/approve`, { method: 'POST' });
  return data;
}

export function useApproveSettlement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => approveSettlement(id),
    onSuccess: (settlement) => queryClient.setQueryData(settlementKeys.detail(id), settlement),
    onSettled: (_data, error) => {
      if (error && !(isApiError(error) && error.status === 409)) return;
      void queryClient.invalidateQueries({ queryKey: settlementKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
      // The meals the settlement covers are now settled.
      void queryClient.invalidateQueries({ queryKey: driverMealKeys.all });
    },
  });
}
