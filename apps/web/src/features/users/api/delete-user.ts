import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../../api/users/keys';
import { api } from '../../../lib/http';

/** 'deleted', or 'deactivated' for an account with history; `message` says which, translated. */
export interface UserDeleteResult {
  result: 'deleted' | 'deactivated';
  message: string;
}

export function deleteUser(id: number): Promise<UserDeleteResult> {
  return api<UserDeleteResult>(`/users/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (result, id) => {
      if (result.result === 'deleted') queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      else void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
