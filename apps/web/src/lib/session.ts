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

export function setUser(user: CurrentUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

export function startSession(tokens: Tokens, user: CurrentUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  setTokens(tokens);
}

export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  emit();
}
