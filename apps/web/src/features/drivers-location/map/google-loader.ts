/** The states of the Google Maps script: not loaded, loading, loaded, failed, auth failure. */
export type GoogleScriptState = 'not_loaded' | 'loading' | 'loaded' | 'failed' | 'auth_failure';

declare global {
  interface Window {
    /** Google calls this when the key is refused (after the script has loaded). */
    gm_authFailure?: () => void;
    __dostavaGoogleReady?: () => void;
    // biome-ignore lint/suspicious/noExplicitAny: Google's global has no bundled types here.
    google?: any;
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
