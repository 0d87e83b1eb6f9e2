import type { DataResponse, User, UserCreateBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../../api/users/keys';
import { api } from '../../../lib/http';

export async function createUser(body: UserCreateBody): Promise<User> {
  const { data } = await api<DataResponse<User>>('/users', { method: 'POST', body, toast: false });
  return data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
