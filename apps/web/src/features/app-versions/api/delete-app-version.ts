import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { appVersionKeys } from './keys';

export function deleteAppVersion(id: number): Promise<void> {
  return api<void>(`/app-versions/${id}`, { method: 'DELETE' });
}

export function useDeleteAppVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appVersionKeys.all }),
  });
}
