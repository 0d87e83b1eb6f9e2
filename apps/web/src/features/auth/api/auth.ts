import type { SignInBody } from '@dostava/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { $api, client, quiet } from '../../../lib/api-client';
import { isApiError } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import { clearSession, getSession, setUser, startSession } from '../../../lib/session';
import { toasts } from '../../../lib/toast';

/**
 * Signs in and starts the session. A public endpoint: no token and no refresh dance. It runs outside
 * the query cache, so it shows its own refusal ("Login failed.", no connection) as a toast, once per
 * text like every other failure.
 */
export async function signIn(body: SignInBody) {
  try {
    const { data: answer } = await client.POST('/api/auth/sign-in', { body });
    if (!answer) throw new Error('The sign-in answered without a body.');
    const { user, ...tokens } = answer.data;
    startSession(tokens, user);
    return user;
  } catch (error) {
    if (isApiError(error)) toasts.error(error.message, { toastId: `api:${error.message}` });
    throw error;
  }
}

/** Signs out on the server; the local session is cleared whether that call succeeds or not. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: quiet,
    mutationFn: () => {
      const refreshToken = getSession().refresh_token;
      return client.POST('/api/auth/logout', { body: refreshToken ? { refresh_token: refreshToken } : {} });
    },
    onError: () => {
      toasts.error(i18n.t('errors.logout'));
    },
    onSettled: () => {
      clearSession({ signedOut: true });
      queryClient.clear();
    },
  });
}

/** GET /api/auth/me: what the layout's `useMe` asks, and its route's loader asks ahead of it. */
export const meQueryOptions = () =>
  $api.queryOptions('get', '/api/auth/me', undefined, { meta: quiet, select: (answer) => answer.data });

/** Revalidates the stored user (on mount, focus and reconnect) and keeps `adminuser` current. */
export function useMe(enabled: boolean) {
  const query = useQuery({ ...meQueryOptions(), enabled });
  useEffect(() => {
    if (query.data) setUser(query.data);
  }, [query.data]);
  return query;
}
