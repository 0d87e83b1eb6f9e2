import type { CurrentUser, Tokens } from '@dostava/shared';
import { useSyncExternalStore } from 'react';

/** localStorage keys, kept as the seed names them. */
export const STORAGE_KEYS = { token: 'token', refreshToken: 'refresh_token', user: 'adminuser' } as const;

export interface Session {
  token: string | null;
  refresh_token: string | null;
  user: CurrentUser | null;
}

function readUser(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as CurrentUser) : null;
  } catch {
    return null;
  }
}

function read(): Session {
  return {
    token: localStorage.getItem(STORAGE_KEYS.token),
    refresh_token: localStorage.getItem(STORAGE_KEYS.refreshToken),
    user: readUser(),
  };
}

let snapshot: Session = read();
const listeners = new Set<() => void>();

function emit() {
  snapshot = read();
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) emit();
});

export const getSession = (): Session => snapshot;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** The signed-in user; only for screens inside the authenticated layout. */
export function useCurrentUser(): CurrentUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser() outside the authenticated layout');
  return user;
}

export function setTokens(tokens: Tokens): void {
  localStorage.setItem(STORAGE_KEYS.token, tokens.access_token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  emit();
}

/**
 * Keeps the stored user current. The same user again (what every page load's revalidation finds)
 * changes nothing: a new snapshot would re-render every screen that reads the session.
 */
export function setUser(user: CurrentUser): void {
  const stored = JSON.stringify(user);
  if (localStorage.getItem(STORAGE_KEYS.user) === stored) return;
  localStorage.setItem(STORAGE_KEYS.user, stored);
  emit();
}

export function startSession(tokens: Tokens, user: CurrentUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  setTokens(tokens);
}

let signedOut = false;

/** Ends the local session; `signedOut` when the user chose to (the next sign-in then starts at home). */
export function clearSession(options: { signedOut?: boolean } = {}): void {
  signedOut = options.signedOut ?? false;
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  emit();
}

/** Where the sign-in page sends the user (a path of the app), kept for the page load in between. */
const RETURN_KEY = 'dostava.return_to';

/** Leaves the app for the sign-in page, remembering the page to come back to unless the user signed out. */
export function rememberReturnPath(path: string): void {
  if (signedOut || path === '/') sessionStorage.removeItem(RETURN_KEY);
  else sessionStorage.setItem(RETURN_KEY, path);
}

/** The remembered page (only a path of this app, never another origin), once. */
export function takeReturnPath(): string {
  const path = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/sign-in') ? path : '/';
}
