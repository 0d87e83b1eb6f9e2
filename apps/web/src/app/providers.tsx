import { CssBaseline, ThemeProvider } from '@mui/material';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastHost } from '../components/toast-host';
import { ApiError, showFailure } from '../lib/http';
import { i18n } from '../lib/i18n';
import { getSession, subscribeSession } from '../lib/session';
import { theme } from './theme';

export const queryClient = new QueryClient({
  // A failure is one toast unless the query or mutation shows it itself (`meta: quiet`: a form).
  queryCache: new QueryCache({ onError: (error, query) => query.meta?.quiet || showFailure(error) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => mutation.meta?.quiet || showFailure(error),
  }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
      staleTime: 15_000,
      // Retry reads that failed for a passing reason (network, 5xx); a 4xx will not change on retry.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

// Signing out drops everything cached for the previous user.
function useClearCacheOnSignOut() {
  useEffect(() => {
    let hadSession = Boolean(getSession().token);
    return subscribeSession(() => {
      const has = Boolean(getSession().token);
      if (hadSession && !has) queryClient.clear();
      hadSession = has;
    });
  }, []);
}

export function Providers({ children }: { children: ReactNode }) {
  useClearCacheOnSignOut();
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          {children}
          <ToastHost />
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
