import { lazy } from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * react-toastify (about 10 KB gzip) is not needed to paint the first screen, so the modules every page
 * loads first (the HTTP client, the providers, sign-in) reach it through here: it loads just after, and
 * a toast raised before its container has mounted waits in react-toastify's own queue. Screens loaded
 * later import `toast` from react-toastify directly; it is the same module either way.
 */
const toastify = () => import('react-toastify');

export const LazyToastContainer = lazy(() => toastify().then((m) => ({ default: m.ToastContainer })));

type ToastKind = 'success' | 'error';

/** The last toasts raised: the latest one, if recent, follows a full page load (see `loadPage`). */
const CARRIED_KEY = 'dostava.toasts';
const CARRY_MS = 4000;
const recent: { kind: ToastKind; content: string; at: number }[] = [];

function show(kind: ToastKind, content: string, options?: ToastOptions) {
  recent.push({ kind, content, at: Date.now() });
  if (recent.length > 5) recent.shift();
  void toastify().then((m) => m.toast[kind](content, options));
}

export const toasts = {
  success: (content: string, options?: ToastOptions) => show('success', content, options),
  error: (content: string, options?: ToastOptions) => show('error', content, options),
};

/**
 * A full page load of `path` (the sign-in page and the app are separate entries), taking along the
 * last toast if it was raised a moment ago ("Login successful", "Failed to refresh token…"): the next
 * page shows it with `showCarriedToasts`. Only the last: an earlier "Login failed." must not follow a
 * successful sign-in into the app.
 */
export function loadPage(path: string): void {
  const last = recent.at(-1);
  if (last && Date.now() - last.at < CARRY_MS) {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify([{ kind: last.kind, content: last.content }]));
  }
  window.location.replace(path);
}

/** Shows the toasts the previous page carried over (see `loadPage`), once. */
export function showCarriedToasts(): void {
  const raw = sessionStorage.getItem(CARRIED_KEY);
  if (!raw) return;
  sessionStorage.removeItem(CARRIED_KEY);
  try {
    for (const { kind, content } of JSON.parse(raw) as { kind: ToastKind; content: string }[]) {
      if ((kind === 'success' || kind === 'error') && typeof content === 'string') show(kind, content);
    }
  } catch {
    // A damaged entry is dropped: toasts are a courtesy, not state.
  }
}
