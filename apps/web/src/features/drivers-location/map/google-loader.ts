/** The states of the Google Maps script: not loaded, loading, loaded, failed, auth failure. */
export type GoogleScriptState = 'not_loaded' | 'loading' | 'loaded' | 'failed' | 'auth_failure';

type LatLngLiteral = { lat: number; lng: number };
/** The part of the Google Maps JavaScript API this app calls (Google ships no types in the bundle). */
export interface GoogleMarker {
  addListener(event: 'click', handler: () => void): void;
  setPosition(position: LatLngLiteral): void;
  setOptions(options: object): void;
  setMap(map: GoogleMap | null): void;
  getPosition(): LatLngLiteral;
}
export interface GoogleMap {
  panTo(position: LatLngLiteral): void;
  addListener(event: 'idle', handler: () => void): void;
  getBounds(): GoogleBounds | undefined;
  getZoom(): number;
  setZoom(zoom: number): void;
  fitBounds(bounds: GoogleBounds, padding: number): void;
}
export interface GoogleBounds {
  extend(position: LatLngLiteral): void;
  toJSON(): { west: number; south: number; east: number; north: number };
}
export interface GoogleInfoWindow {
  addListener(event: 'closeclick', handler: () => void): void;
  setContent(content: string | Node): void;
  open(options: { map: GoogleMap; anchor: GoogleMarker }): void;
  close(): void;
}
/** A polygon drawn on the map (the delivery zones, faintly). */
export interface GooglePolygon {
  setMap(map: GoogleMap | null): void;
}
export interface GoogleMapsApi {
  Map: new (element: HTMLElement, options: object) => GoogleMap;
  Polygon: new (options: object) => GooglePolygon;
  InfoWindow: new () => GoogleInfoWindow;
  Marker: new (options: object) => GoogleMarker;
  LatLngBounds: new () => GoogleBounds;
  SymbolPath: { CIRCLE: number };
}

declare global {
  interface Window {
    /** Google calls this when the key is refused (after the script has loaded). */
    gm_authFailure?: () => void;
    __dostavaGoogleReady?: () => void;
    google?: { maps: GoogleMapsApi };
  }
}

let state: GoogleScriptState = 'not_loaded';
const listeners = new Set<() => void>();
const LOAD_TIMEOUT_MS = 20_000;

function setState(next: GoogleScriptState) {
  // An auth failure after the script loaded is final.
  if (state === 'auth_failure') return;
  state = next;
  for (const listener of listeners) listener();
}

export const googleScriptState = (): GoogleScriptState => state;

export function subscribeGoogleScript(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the Maps JavaScript API once per page; a failure can be retried. */
export function loadGoogleMaps(apiKey: string): void {
  if (state === 'loading' || state === 'loaded' || state === 'auth_failure') return;
  setState('loading');
  window.gm_authFailure = () => setState('auth_failure');
  const script = document.createElement('script');
  const timer = setTimeout(() => {
    if (state === 'loading') setState('failed');
  }, LOAD_TIMEOUT_MS);
  window.__dostavaGoogleReady = () => {
    clearTimeout(timer);
    setState('loaded');
  };
  script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&callback=__dostavaGoogleReady&loading=async`;
  script.async = true;
  script.onerror = () => {
    clearTimeout(timer);
    script.remove();
    setState('failed');
  };
  document.head.append(script);
}
