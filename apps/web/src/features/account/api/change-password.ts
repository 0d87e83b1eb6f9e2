import type { ChangePasswordBody } from '@dostava/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/change-password', { method: 'POST', body, toast: false });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
