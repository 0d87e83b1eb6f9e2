import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Everything but the public pages: without a session, go to /sign-in. */
export function RequireAuth() {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token || !user) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /sign-in: a signed-in visitor is sent home. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { token, user } = useSession();
  if (token && user) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
