import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { rememberReturnPath, useSession } from '../lib/session';
import { loadPage } from '../lib/toast';

/**
 * Everything but the public pages: without a session, go to the sign-in page (its own light entry,
 * so a full page load), which brings the user back here afterwards.
 */
export function RequireAuth() {
  const { token, user } = useSession();
  const { pathname, search } = useLocation();
  const signedIn = Boolean(token && user);
  useEffect(() => {
    if (signedIn) return;
    rememberReturnPath(pathname + search);
    loadPage('/sign-in');
  }, [signedIn, pathname, search]);
  return signedIn ? <Outlet /> : null;
}
