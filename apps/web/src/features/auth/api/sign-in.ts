import type { CurrentUser, SignInBody, Tokens } from '@dostava/shared';
import { api } from '../../../lib/http';
import { startSession } from '../../../lib/session';

type SignInResponse = { data: Tokens & { user: CurrentUser } };

/** Signs in and starts the session. No token and no refresh dance: a 401 is "Login failed.", a toast. */
export async function signIn(body: SignInBody): Promise<CurrentUser> {
  const { data } = await api<SignInResponse>('/auth/sign-in', { method: 'POST', body, auth: false });
  const { user, ...tokens } = data;
  startSession(tokens, user);
  return user;
}
