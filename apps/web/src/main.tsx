import './fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { RouteTreeContext } from './app/route-tree';
import { router, routes } from './app/router';
import { loadI18n } from './lib/i18n';
import { showCarriedToasts } from './lib/toast';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const mount = root;
// Rendered once the language's catalogue is in (a few KB, fetched as soon as this module runs); if it
// cannot be fetched the app still renders, showing keys rather than a blank page.
void loadI18n('full')
  .catch((error: unknown) => console.error('catalogue failed to load', error))
  .then(() => {
    createRoot(mount).render(
      <StrictMode>
        <Providers>
          <RouteTreeContext value={routes}>
            <RouterProvider router={router} />
          </RouteTreeContext>
        </Providers>
      </StrictMode>,
    );
    showCarriedToasts();
  });
