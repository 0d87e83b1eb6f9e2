import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { GlobalLoadingBar } from '../components/global-loading-bar';
import { useRouteProgress } from '../components/route-progress';

/** Around every route: the loading bar while a lazy page loads, and scroll to top on each change. */
export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useRouteProgress(navigation.state !== 'idle');
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <GlobalLoadingBar />
      <Outlet />
    </>
  );
}
