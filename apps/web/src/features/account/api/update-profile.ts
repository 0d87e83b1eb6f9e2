import type { CurrentUser, DataResponse, UpdateProfileBody } from '@dostava/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { setUser } from '../../../lib/session';

export async function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  const { data } = await api<DataResponse<CurrentUser>>('/auth/me', { method: 'PATCH', body, toast: false });
  return data;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}
