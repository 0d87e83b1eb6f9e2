import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Language, pickLanguage, type TrackingView, translate } from '@dostava/shared';

/** What the page's first render needs (apps/web/src/tracking-page/tracking-app.tsx, `TrackingInitial`). */
export interface TrackingInitial {
  lang: Language;
  time_zone: string;
  view: TrackingView | null;
}

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` can close the element or open a
 * comment, whatever a restaurant's name or a comment holds; JSON.parse reads `\u003c` back as `<`.
 */
export const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The browser's first language we speak, Croatian and Serbian read as Bosnian (as the page itself does). */
export const pageLanguage = (header: string | undefined) =>
  pickLanguage(header?.replace(/(^|,)\s*(hr|sr|sh)(?=[-;,]|$)/gi, '$1bs'));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The tracking page's HTML with its first answer in it (decision 0037): the built tracking.html, its
 * stylesheet inlined (one round trip less before the first paint), the markup the web build's server
 * render (dist/ssr/tracking-ssr.js) makes of the answer inside #root, and the answer as inline JSON for
 * the browser to hydrate from. Without the server render (a build without it) the plain file, which
 * asks the API itself. Null when the web app is not built.
 */
export async function loadTrackingPage(webDist: string) {
  const file = path.join(webDist, 'tracking.html');
  if (!existsSync(file)) return null;
  const plain = readFileSync(file, 'utf8');
  const ssrFile = path.join(webDist, 'ssr', 'tracking-ssr.js');
  if (!existsSync(ssrFile)) return () => plain;
  const { renderTracking } = (await import(pathToFileURL(ssrFile).href)) as {
    renderTracking: (initial: TrackingInitial) => string;
  };
  const template = plain.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (link, href: string) => {
      const css = path.join(webDist, href);
      return existsSync(css) ? `<style>${readFileSync(css, 'utf8')}</style>` : link;
    },
  );
  return (initial: TrackingInitial) => {
    const title = `${translate(initial.lang, 'tracking.title')} · Dostava`;
    return template
      .replace(/<html lang="[^"]*">/, `<html lang="${initial.lang}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(
        '<div id="root"></div>',
        // A function: `$` in the markup or the data is not a replacement pattern.
        () =>
          `<div id="root">${renderTracking(initial)}</div><script id="tracking-data" type="application/json">${inlineJson(initial)}</script>`,
      );
  };
}
