import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import { clearSession, getSession } from '../../../lib/session';
import { toasts } from '../../../lib/toast';

export function logout(): Promise<unknown> {
  const refreshToken = getSession().refresh_token;
  return api('/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refresh_token: refreshToken } : {},
    toast: false,
  });
}

/** Signs out on the server; the local session is cleared whether that call succeeds or not. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: () => {
      toasts.error(i18n.t('errors.logout'));
    },
    onSettled: () => {
      clearSession({ signedOut: true });
      queryClient.clear();
    },
  });
}
