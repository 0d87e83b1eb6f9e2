import type { ChangePasswordBody, UpdateProfileBody } from '@dostava/shared';
import { useQuery } from '@tanstack/react-query';
import { $api, useWrite } from '../../../lib/api-client';
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

export const useRevokeSession = () =>
  useWrite('delete', '/api/auth/sessions/{id}', (id: number) => ({ params: { path: { id } } }));

export const useRevokeOtherSessions = () => useWrite('post', '/api/auth/sessions/revoke-others', () => ({}));
