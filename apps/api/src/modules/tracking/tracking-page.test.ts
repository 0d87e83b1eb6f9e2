import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineJson, loadTrackingPage, pageLanguage } from './tracking-page.js';

/** The HTML around the tracking page's server render (the render itself: apps/web tracking-ssr.test.tsx, e2e). */
const dir = mkdtempSync(path.join(tmpdir(), 'dostava-tracking-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the tracking page’s HTML', () => {
  it('inline data cannot end its script element or open a comment, and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script><!-- \u2028 $& $1' };
    const text = inlineJson(value);
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('speaks the browser’s first language we speak, Croatian and Serbian as Bosnian', () => {
    expect(pageLanguage('hr-HR,en;q=0.9')).toBe('bs');
    expect(pageLanguage('sr, en;q=0.8')).toBe('bs');
    expect(pageLanguage('de-DE,en;q=0.9')).toBe('en');
    expect(pageLanguage('en-US,bs;q=0.5')).toBe('en');
    expect(pageLanguage(undefined)).toBe('bs');
  });

  it('is none without a built web app, and the plain file without the server render', async () => {
    expect(await loadTrackingPage(path.join(dir, 'missing'))).toBeNull();
    const plain =
      '<!doctype html><html lang="bs"><head><title>Dostava</title></head><body><div id="root"></div></body></html>';
    mkdirSync(path.join(dir, 'web'));
    writeFileSync(path.join(dir, 'web', 'tracking.html'), plain);
    const page = await loadTrackingPage(path.join(dir, 'web'));
    expect(page?.({ lang: 'en', time_zone: 'Europe/Sarajevo', view: null })).toBe(plain);
  });
});
