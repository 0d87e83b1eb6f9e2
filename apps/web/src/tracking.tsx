import './tracking-page/tracking.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { TrackingApp, type TrackingInitial } from './tracking-page/tracking-app';

/**
 * The customer's tracking page (tracking.html, served at /t/<token>): its own entry with React alone,
 * no MUI, router or data cache, so a phone on a slow network paints it at once (decision 0037). The
 * API renders the first answer into the page (src/tracking-ssr.tsx): this takes that markup over
 * (hydration) and only polls; without it (the dev server) it renders and asks itself.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from tracking.html');
const data = document.getElementById('tracking-data')?.textContent;
const initial = data ? (JSON.parse(data) as TrackingInitial) : undefined;
const app = (
  <StrictMode>
    <TrackingApp initial={initial} />
  </StrictMode>
);
if (initial) hydrateRoot(root, app);
else createRoot(root).render(app);
