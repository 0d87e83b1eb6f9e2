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

export const toasts = {
  success(content: string, options?: ToastOptions) {
    void toastify().then((m) => m.toast.success(content, options));
  },
  error(content: string, options?: ToastOptions) {
    void toastify().then((m) => m.toast.error(content, options));
  },
};
