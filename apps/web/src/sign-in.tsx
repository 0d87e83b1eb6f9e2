import './fonts';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { SignInPage } from './app/routes/auth/sign-in-page';
import { theme } from './app/theme';
import { ToastHost } from './components/toast-host';
import { i18n, loadI18n } from './lib/i18n';
import { getSession } from './lib/session';
import { loadPage, showCarriedToasts } from './lib/toast';

/**
 * The sign-in page's own entry (sign-in.html, served at /sign-in): React, MUI and i18next with the
 * catalogue's public groups, without the app's router, data cache and screens, so the first page a
 * visitor sees stays within its first-load budget (docs/decisions/0012-web-delivery.md). A visitor
 * who is signed in already goes to the app.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from sign-in.html');
const mount = root;

const { token, user } = getSession();
if (token && user) {
  loadPage('/');
} else {
  void loadI18n('public')
    .catch((error: unknown) => console.error('catalogue failed to load', error))
    .then(() => {
      createRoot(mount).render(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <ThemeProvider theme={theme}>
              <CssBaseline />
              <SignInPage />
              <ToastHost />
            </ThemeProvider>
          </I18nextProvider>
        </StrictMode>,
      );
      showCarriedToasts();
    });
}
