import type { ChangePasswordBody, UpdateProfileBody } from '@dostava/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { $api, client, readsChangedBy, refresh, useWrite } from '../../../lib/api-client';
import { setUser } from '../../../lib/session';

export function useSessions() {
  return useQuery(
    $api.queryOptions('get', '/api/auth/sessions', undefined, { select: (answer) => answer.data }),
  );
}

export const useChangePassword = () =>
  useWrite('post', '/api/auth/change-password', (body: ChangePasswordBody) => ({ body }), { quiet: true });

export const useUpdateProfile = () =>
  useWrite('patch', '/api/auth/me', (body: UpdateProfileBody) => ({ body }), {
    quiet: true,
    onSuccess: ({ data }) => setUser(data),
  });

// The sessions list refreshes after a sign-out that failed too: a session gone already is gone from the list.

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.DELETE('/api/auth/sessions/{id}', { params: { path: { id } } }),
    onSettled: () => refresh(queryClient, readsChangedBy('delete', '/api/auth/sessions/{id}')),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.POST('/api/auth/sessions/revoke-others'),
    onSettled: () => refresh(queryClient, readsChangedBy('post', '/api/auth/sessions/revoke-others')),
  });
}
