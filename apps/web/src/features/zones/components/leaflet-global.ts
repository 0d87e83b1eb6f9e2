import L from 'leaflet';

// Leaflet-Geoman extends the global `L` when it loads (its build reads `window.L`): this module is
// imported before it, so the ES-module Leaflet the app uses is the one it extends.
(window as unknown as { L: typeof L }).L = L;
