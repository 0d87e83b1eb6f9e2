import type { DataResponse, User, UserUpdateBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../../api/users/keys';
import { api } from '../../../lib/http';

export async function updateUser(id: number, body: UserUpdateBody): Promise<User> {
  const { data } = await api<DataResponse<User>>(`/users/${id}`, { method: 'PATCH', body, toast: false });
  return data;
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(id), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
