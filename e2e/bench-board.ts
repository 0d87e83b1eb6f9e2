/**
 * `npm run bench:board`: how many API requests one open dispatch board sends per minute, and what share
 * of them complete (are answered rather than cancelled), while 50 drivers move (each sends a location
 * every 3 s) and customers place 20 orders a minute, each moved along as a kitchen and a dispatcher
 * would (accepted, ready, a driver assigned: four order events per order), with the server slowed: every
 * request of the board is answered `BOARD_BENCH_DELAY_MS` (1500) later than the server answers it (a
 * proxy in front of the API; the event stream passes undelayed). Starts the built server on a fresh
 * embedded database, opens /active-orders in Debian's Chromium as the dispatcher, and counts the page's
 * requests by path (the event stream itself counts once), and samples its live mark every 5 s.
 * `BOARD_BENCH_BEFORE_DIST` (a directory holding another build of the web app, e.g. main's) opens a
 * second board from that build beside the first, under the same load, and prints both side by side.
 * `BOARD_BENCH_SECONDS` (60) sets the length; `BOARD_BENCH_DRIVERS` (50) the drivers;
 * `BOARD_BENCH_ORDERS_PER_MINUTE` (20) the order rate.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BOARD_BENCH_SECONDS ?? 60);
const DRIVERS = Number(process.env.BOARD_BENCH_DRIVERS ?? 50);
const ORDERS_PER_MINUTE = Number(process.env.BOARD_BENCH_ORDERS_PER_MINUTE ?? 20);
const PORT = Number(process.env.BOARD_BENCH_PORT ?? 3298);
const DELAY_MS = Number(process.env.BOARD_BENCH_DELAY_MS ?? 1500);
const BEFORE_DIST = process.env.BOARD_BENCH_BEFORE_DIST;
const PASSWORD = 'DemoPass!2026';
// Not made of the account's own words ('Bench Driver', bench.driver.N@…): such a password is refused.
const BENCH_DRIVER_PASSWORD = 'Zu7#mostarBridge';
const base = `http://127.0.0.1:${PORT}`;

async function call<T>(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
}
const signIn = async (email: string, app = false) =>
  (
    await call<{ data: { access_token: string } }>(
      'POST',
      app ? '/api/auth/app/sign-in' : '/api/auth/sign-in',
      undefined,
      { email, password: PASSWORD },
    )
  ).json.data.access_token;

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DRAIN_SECONDS: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SIGN_IN_MAX_PER_ACCOUNT: '100000',
      SIGN_IN_MAX_PER_IP: '100000',
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A fresh database is migrated and seeded first: minutes on a busy machine.
  for (let i = 0; i < 1200; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error('the server did not start');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/**
 * The board's own server as the bench sees it: the web app from `dist` (an SPA: unknown paths get
 * index.html) and every API request passed to the real server, answered `DELAY_MS` later (the event
 * stream passes undelayed and streamed). A slow server without changing it.
 */
function startProxy(port: number, dist: string): Promise<http.Server> {
  const proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (!url.pathname.startsWith('/api/')) {
      let file = path.join(dist, url.pathname);
      if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
        file = path.join(dist, url.pathname === '/sign-in' ? 'sign-in.html' : 'index.html');
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
      return;
    }
    const stream = url.pathname === '/api/events';
    const upstream = http.request(
      `${base}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: `127.0.0.1:${PORT}` } },
      (answer) => {
        const send = () => {
          if (res.destroyed) return answer.destroy();
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (stream) send();
        else setTimeout(send, DELAY_MS);
      },
    );
    upstream.on('error', () => res.destroy());
    // A request the browser cancelled is cancelled upstream too (as a real server would see it end).
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)));
}

/** One open board: its API requests by path, how they ended, and its live mark over time. */
interface Board {
  name: string;
  page: Page;
  counts: Map<string, number>;
  /** The API requests sent since counting began (the event stream apart), and how they ended. */
  sent: Set<object>;
  /** When each was sent (ms since counting began). */
  times: number[];
  completed: number;
  cancelled: number;
  /** With `BOARD_BENCH_VERBOSE`: each request as `seconds path`. */
  log: string[];
  marks: Map<string, number>;
}

async function openBoard(
  browser: Browser,
  name: string,
  origin: string,
  session: { access_token: string; refresh_token: string; user: object },
): Promise<Board> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
  await page.goto(`${origin}/404`);
  await page.evaluate((data) => {
    localStorage.setItem('token', data.access_token);
    localStorage.setItem('refresh_token', data.refresh_token);
    localStorage.setItem('adminuser', JSON.stringify({ ...data.user, access_token: data.access_token }));
    localStorage.setItem('lang', 'en');
  }, session);
  await page.goto(`${origin}/active-orders`);
  await page
    .getByRole('table', { name: 'Active orders' })
    .getByRole('row')
    .nth(1)
    .waitFor({ timeout: 120_000 });
  return {
    name,
    page,
    counts: new Map(),
    sent: new Set(),
    times: [],
    completed: 0,
    cancelled: 0,
    log: [],
    marks: new Map(),
  };
}

/** From now on, counts the board's API requests (the event stream apart) and how each ended. */
function count(board: Board, started: number) {
  const isApi = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/api/') && pathname !== '/api/events';
  };
  board.page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const key = `${request.method()} ${url.pathname.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
    board.counts.set(key, (board.counts.get(key) ?? 0) + 1);
    if (!isApi(request.url())) return;
    board.sent.add(request);
    board.times.push(Date.now() - started);
    if (process.env.BOARD_BENCH_VERBOSE)
      board.log.push(`${((Date.now() - started) / 1000).toFixed(1)} ${key}${url.search}`);
  });
  board.page.on('requestfinished', (request) => {
    if (board.sent.has(request)) board.completed++;
  });
  board.page.on('requestfailed', (request) => {
    if (board.sent.has(request)) board.cancelled++;
  });
}

/** The board's live mark now ("Live", "12 s behind", …), tallied. */
async function sampleMark(board: Board) {
  const text = await board.page
    .getByRole('status')
    .first()
    .innerText({ timeout: 2000 })
    .catch(() => '?');
  const mark = text
    .split(/\n|·/)[0]
    ?.trim()
    .replace(/\d+ s behind/, 'N s behind')
    .replace(/Updated \d+ s ago/, 'Updated N s ago');
  board.marks.set(mark ?? '?', (board.marks.get(mark ?? '?') ?? 0) + 1);
}

async function main() {
  // A kept database (`BOARD_BENCH_DATA_DIR`) skips the seeding on the next run, orders and all.
  const kept = process.env.BOARD_BENCH_DATA_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'dostava-board-bench-'));
  const server = await startServer(dataDir);
  try {
    const admin = await signIn('admin@example.com');
    // Enough drivers: the demo has 45; more are added as needed.
    const listed = await call<{ data: { email: string }[]; meta: { total: number } }>(
      'GET',
      '/api/users?role=driver&per_page=100',
      admin,
    );
    const emails = listed.json.data.map((u) => u.email);
    for (let i = emails.length; i < DRIVERS; i++) {
      const email = `bench.driver.${i}@example.com`;
      const res = await call('POST', '/api/users', admin, {
        first_name: 'Bench',
        last_name: `Driver ${i}`,
        email,
        role: 'driver',
        password: BENCH_DRIVER_PASSWORD,
      });
      if (res.status !== 201) throw new Error(`could not add a driver: ${res.status}`);
      emails.push(email);
    }
    const drivers: string[] = [];
    for (const email of emails.slice(0, DRIVERS)) {
      const token = await signIn(email, true).catch(async () => {
        const res = await call<{ data: { access_token: string } }>(
          'POST',
          '/api/auth/app/sign-in',
          undefined,
          { email, password: BENCH_DRIVER_PASSWORD },
        );
        return res.json.data.access_token;
      });
      await call('POST', '/api/driver/shift/start', token);
      drivers.push(token);
    }
    const customer = await signIn('customer@example.com', true);
    const restaurants = await call<{ data: { id: number }[] }>('GET', '/api/restaurants?per_page=5', admin);
    const menus: { restaurant: number; product: number }[] = [];
    for (const r of restaurants.json.data) {
      const menu = await call<{
        data: { ordering: { takes_orders: boolean }; categories: { products: { id: number }[] }[] };
      }>('GET', `/api/restaurants/${r.id}/menu`, customer);
      const product = menu.json.data.categories.flatMap((c) => c.products)[0];
      // Only where it takes orders now: the demo's restaurants keep opening hours.
      if (product && menu.json.data.ordering.takes_orders)
        menus.push({ restaurant: r.id, product: product.id });
    }

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const dispatcher = await call<{ data: { access_token: string; refresh_token: string; user: object } }>(
      'POST',
      '/api/auth/sign-in',
      undefined,
      {
        email: 'dispatcher@example.com',
        password: PASSWORD,
      },
    );
    const builds = [{ name: 'this build', dist: path.join(root, 'apps/web/dist') }];
    if (BEFORE_DIST) builds.unshift({ name: 'before', dist: path.resolve(BEFORE_DIST) });
    const proxies: http.Server[] = [];
    const boards: Board[] = [];
    for (const [i, build] of builds.entries()) {
      proxies.push(await startProxy(PORT + 1 + i, build.dist));
      boards.push(
        await openBoard(browser, build.name, `http://127.0.0.1:${PORT + 1 + i}`, dispatcher.json.data),
      );
    }
    await new Promise((r) => setTimeout(r, 2000));
    const started = Date.now();
    for (const board of boards) count(board, started);

    let sent = 0;
    let placed = 0;
    let moved = 0;
    const driverIds = (
      await call<{ data: { id: number }[] }>('GET', '/api/users?role=driver&per_page=100', admin)
    ).json.data.map((u) => u.id);
    /** The kitchen accepts after 5 s and is ready after 15 s; a driver is assigned at 20 s. */
    const moveAlong = (orderId: number) => {
      const step = (ms: number, url: string, body: object) =>
        new Promise((r) => setTimeout(r, ms))
          .then(() => call('POST', url, admin, body))
          .then((res) => {
            if (res.status === 200) moved++;
          });
      return step(5000, `/api/orders/${orderId}/status`, { status: 'preparing_order' })
        .then(() => step(10_000, `/api/orders/${orderId}/status`, { status: 'ready_for_pickup' }))
        .then(() =>
          step(5000, `/api/orders/${orderId}/assign`, {
            driver_id: driverIds[orderId % driverIds.length],
            allow_busy: true,
          }),
        );
    };
    const placeEvery = Math.max(1, Math.round(60 / ORDERS_PER_MINUTE));
    const ticks: Promise<unknown>[] = [];
    const until = started + SECONDS * 1000;
    let tick = 0;
    while (Date.now() < until) {
      // Each driver sends a location every 3 s, spread over the 3 s.
      const batch = drivers.filter((_, i) => i % 3 === tick % 3);
      for (const [i, token] of batch.entries()) {
        const at = new Date().toISOString();
        ticks.push(
          call('POST', '/api/driver/locations', token, {
            points: [
              {
                lat: 43.85 + ((i + tick) % 50) * 0.0005,
                lng: 18.4 + ((i * 3 + tick) % 50) * 0.0005,
                recorded_at: at,
              },
            ],
          }).then(() => sent++),
        );
      }
      if (tick % placeEvery === 0 && menus.length) {
        const menu = menus[tick % menus.length];
        ticks.push(
          call<{ data: { id: number } }>('POST', '/api/orders', customer, {
            restaurant_id: menu?.restaurant,
            items: [{ product_id: menu?.product, quantity: 1 }],
            address: 'Ferhadija 1, Sarajevo',
            phone: '+387 61 222 333',
            lat: 43.859,
            lng: 18.42,
            payment: 'card',
          }).then((res) => {
            placed++;
            if (res.status === 201) return moveAlong(res.json.data.id);
          }),
        );
      }
      if (tick % 5 === 0) for (const board of boards) ticks.push(sampleMark(board));
      tick++;
      // On the second, however long the tick took: the rates are the ones asked for.
      await new Promise((r) => setTimeout(r, Math.max(0, started + tick * 1000 - Date.now())));
    }
    await Promise.all(ticks);
    // What is still in flight is given its time to end (or not).
    await new Promise((r) => setTimeout(r, DELAY_MS + 2000));
    const minutes = (Date.now() - started) / 60_000;
    console.log(
      `\nOpen dispatch boards, ${DRIVERS} drivers moving (${sent} location posts), ${placed} orders placed (${Math.round(placed / minutes)} a minute) and ${moved} moves along, ${(minutes * 60).toFixed(0)} s, every board request answered ${DELAY_MS} ms late:`,
    );
    const column = (cells: (string | number)[]) =>
      cells.map((cell, i) => (i ? String(cell).padStart(14) : String(cell).padEnd(34))).join('');
    console.log(column(['', ...boards.map((b) => b.name)]));
    console.log(column(['API requests a minute', ...boards.map((b) => Math.round(b.sent.size / minutes))]));
    console.log(
      column([
        'share answered',
        ...boards.map((b) => (b.sent.size ? `${Math.round((100 * b.completed) / b.sent.size)} %` : '-')),
      ]),
    );
    console.log(
      column([
        'a minute, per 30 s (min–max)',
        ...boards.map((b) => {
          const windows = Array.from(
            { length: Math.floor(SECONDS / 30) },
            (_, i) => b.times.filter((t) => t >= i * 30_000 && t < (i + 1) * 30_000).length * 2,
          );
          return `${Math.min(...windows)}–${Math.max(...windows)}`;
        }),
      ]),
    );
    console.log(column(['cancelled', ...boards.map((b) => b.cancelled)]));
    const marks = [...new Set(boards.flatMap((b) => [...b.marks.keys()]))];
    for (const mark of marks)
      console.log(column([`live mark "${mark}" (samples)`, ...boards.map((b) => b.marks.get(mark) ?? 0)]));
    const paths = [...new Set(boards.flatMap((b) => [...b.counts.keys()]))].sort();
    for (const key of paths) console.log(column([`  ${key}`, ...boards.map((b) => b.counts.get(key) ?? 0)]));
    for (const board of boards)
      if (board.log.length) console.log(`\n${board.name}:\n${board.log.join('\n')}`);
    await browser.close();
    for (const proxy of proxies) proxy.close();
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
