import NProgress from 'nprogress';
import { useEffect } from 'react';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 150 });

/** Shows the nprogress bar for as long as it is mounted (a lazy route loading). */
export function RouteProgress() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return null;
}

export function useRouteProgress(active: boolean) {
  useEffect(() => {
    if (active) NProgress.start();
    else NProgress.done();
  }, [active]);
}
