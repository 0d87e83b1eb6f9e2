import './tracking-page/tracking.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TrackingApp } from './tracking-page/tracking-app';

/**
 * The customer's tracking page (tracking.html, served at /t/<token>): its own entry with React alone,
 * no MUI, router or data cache, so a phone on a slow network paints it at once (decision 0037).
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from tracking.html');
createRoot(root).render(
  <StrictMode>
    <TrackingApp />
  </StrictMode>,
);
