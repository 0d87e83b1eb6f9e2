import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { TrackingApp, type TrackingInitial } from './tracking-page/tracking-app';

export type { TrackingInitial };

/**
 * The tracking page's markup for its first answer, rendered by the API into tracking.html at
 * /t/<token> (`vite build --mode tracking-ssr` → dist/ssr/tracking-ssr.js): the heading, status and
 * ETA arrive with the HTML instead of three round trips later, and src/tracking.tsx hydrates the very
 * same tree. React escapes every text it renders.
 */
export function renderTracking(initial: TrackingInitial): string {
  return renderToString(
    <StrictMode>
      <TrackingApp initial={initial} />
    </StrictMode>,
  );
}
