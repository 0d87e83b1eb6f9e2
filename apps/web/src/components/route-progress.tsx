import NProgress from 'nprogress';
import { useEffect } from 'react';
import 'nprogress/nprogress.css';

// The default template gives the bar role="bar", which is no ARIA role.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 150,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
});

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
