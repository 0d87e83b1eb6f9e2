import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers.js';
import { ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL } from './web.js';
import { API_CACHE_CONTROL, COMPRESS_THRESHOLD_BYTES } from './wire.js';

/**
 * A web build as apps/web's `vite build` leaves it: hashed files under assets/ with `.br` and `.gz`
 * beside them, index.html and sign-in.html (with their copies) at the root, and a small file that has
 * no copies.
 */
const webDist = mkdtempSync(path.join(tmpdir(), 'dostava-web-'));
const script = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const page = `<!doctype html><html lang="bs"><head><title>Dostava</title>${'<meta name="x" content="y">'.repeat(60)}</head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>`;
function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}
mkdirSync(path.join(webDist, 'assets'));
writeWithCopies(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), script);
writeWithCopies(path.join(webDist, 'index.html'), page);
const signInPage = page.replace('index-Ab12Cd34', 'sign-in-Ef56Gh78');
writeWithCopies(path.join(webDist, 'sign-in.html'), signInPage);
writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestContext;
let base = '';
let token = '';

beforeAll(async () => {
  t = await createTestContext({ WEB_DIST: webDist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  token = (await t.signIn('admin@example.com')).access_token;
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const BROWSER = 'gzip, deflate, br, zstd';
const get = (url: string, acceptEncoding?: string, auth = false) =>
  t.request({
    method: 'GET',
    url,
    ...(auth ? { token } : {}),
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('web files', () => {
  it('sends a hashed asset precompressed as brotli, cached for a year and immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(ASSET_CACHE_CONTROL).toContain('max-age=31536000');
    expect(ASSET_CACHE_CONTROL).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it('sends gzip to a client without brotli, and the file as it is to one without either', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed and always revalidated, for / and for any deep link', async () => {
    for (const url of ['/', '/active-orders', '/drivers-location?x=1']) {
      const res = await get(url, BROWSER);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe(PAGE_CACHE_CONTROL);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const plain = await get('/restaurants');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(plain.body).toBe(page);
  });

  it('sends the sign-in page its own entry, compressed and always revalidated', async () => {
    const res = await get('/sign-in', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(signInPage);
    const plain = await get('/sign-in?expired=1');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(signInPage);
  });

  it('revalidates files outside assets/, which keep their names across builds', async () => {
    const res = await get('/favicon.svg', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('still answers an unknown API path with the JSON 404', async () => {
    const res = await get('/api/nothing-here', BROWSER);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('route_not_found');
  });
});

describe('API responses', () => {
  it('compresses JSON above the threshold with brotli, says so in Vary, and is never cached', async () => {
    const res = await get('/api/orders?per_page=100', BROWSER, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(API_CACHE_CONTROL);
    const json = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(json.data.length).toBeGreaterThan(50);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(json).length / 3);

    const gz = await get('/api/orders?per_page=100', 'gzip', true);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data.length).toBe(json.data.length);
  });

  it('sends JSON below the threshold as it is', async () => {
    const res = await get('/api/health', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(API_CACHE_CONTROL);
    expect(res.json()).toHaveProperty('status');
  });

  it('sends JSON uncompressed to a client that asks for none', async () => {
    const res = await get('/api/orders?per_page=100', undefined, true);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.length).toBeGreaterThan(50);
  });

  it('keeps a translated 400 for bad input, compressed or not', async () => {
    const res = await get('/api/orders?per_page=abc', BROWSER, true);
    expect(res.statusCode).toBe(400);
    const body =
      res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
    expect(JSON.parse(body.toString()).error).toBe('validation_failed');
  });
});

/** A raw HTTP GET that reports headers at once and the body as it streams. */
function open(url: string, headers: Record<string, string>) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`${base}${url}`, { headers }, resolve).on('error', reject);
  });
}

describe('streams', () => {
  it('streams the CSV export compressed, with the same rows as uncompressed', async () => {
    const res = await open('/api/orders/export.csv', {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-/);
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const csv = gunzipSync(Buffer.concat(chunks)).toString();

    const plain = await get('/api/orders/export.csv', undefined, true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(csv).toBe(plain.body);
    expect(csv.split('\n').length).toBeGreaterThan(100);
  });

  it('never compresses the event stream: its first event arrives at once, readable', async () => {
    const res = await open('/api/events', { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER });
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/event-stream/);
      expect(res.headers['content-encoding']).toBeUndefined();
      // A compressor would hold these bytes back until it had enough to flush: the ready event
      // would never come while the stream stays open.
      const text = await new Promise<string>((resolve, reject) => {
        let seen = '';
        const timer = setTimeout(
          () => reject(new Error(`no ready event, got ${JSON.stringify(seen)}`)),
          20_000,
        );
        res.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes('event: ready')) {
            clearTimeout(timer);
            resolve(seen);
          }
        });
      });
      expect(text).toContain('retry: 3000');
    } finally {
      res.destroy();
    }
  });
});
