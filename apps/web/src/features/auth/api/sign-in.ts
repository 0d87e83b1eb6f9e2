import type { CurrentUser, SignInBody, Tokens } from '@dostava/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { startSession } from '../../../lib/session';

type SignInResponse = { data: Tokens & { user: CurrentUser } };

export function signIn(body: SignInBody): Promise<SignInResponse> {
  // No token and no refresh dance: a 401 here is "Login failed.", shown as a toast.
  return api<SignInResponse>('/auth/sign-in', { method: 'POST', body, auth: false });
}

export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ data }) => {
      const { user, ...tokens } = data;
      startSession(tokens, user);
    },
  });
}
