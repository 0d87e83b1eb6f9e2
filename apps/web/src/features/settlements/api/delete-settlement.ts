import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { settlementKeys } from './keys';

/** Deletes a pending settlement; an approved one is refused (409). */
export function deleteSettlement(id: number): Promise<void> {
  return api<void>(`/settlements/${id}`, { method: 'DELETE' });
}

export function useDeleteSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSettlement,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: settlementKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
    },
  });
}
