#!/usr/bin/env node
// `npm run bench:web`: how fast the web app is on first paint, measured in Debian's chromium.
//
// For each target (this checkout's build, served by its own `dist/server.js` on a fresh embedded
// database, and every `--url` given, so another build can be compared in the same run) and each of
// `--runs` rounds, with the targets interleaved inside a round so that machine noise hits them alike:
//   - Lighthouse desktop performance of /sign-in (signed out) and of / (the dashboard, signed in);
//   - time to content on a full reload of the dashboard (/), the board (/active-orders), the orders
//     list (/orders) and the map (/drivers-location): milliseconds from navigation start until the page
//     has its heading and no skeleton or progress indicator is left, after one warm-up load (so the HTTP
//     cache holds what a returning user has).
// The database is seeded at volume first (apps/api/src/bench/seed-web.ts: `--orders` over two years,
// 300 restaurants, 1,000 drivers, and `--active` orders on the board placed over the last 90 minutes,
// about half of them late), once per run, and every target built here gets its own copy of it.
// `--before-dist DIR` (another build of the web app, e.g. main's `apps/web/dist`) is served by this
// checkout's API on the same data beside this build, so the two are compared in one run.
// `--seed-dir DIR` keeps the seeded database in DIR and reuses it on the next run (its active orders
// age meanwhile: more of them late; the figures of one run compare with each other, not across runs).
// Prints medians (and the spread) and writes them to .bench/web-<time>.md. Never part of `npm test`.
//
//   npm run bench:web -- [--runs 5] [--orders 1000000] [--active 500] [--before-dist DIR] [--seed-dir DIR]
//                        [--url http://127.0.0.1:3000 ...] [--no-self] [--no-build]
//                        [--email admin@example.com] [--password DemoPass!2026] [--only tracking|reloads]
// `--only tracking` scores the customer's tracking page alone (Lighthouse, throttled mobile); `--only
// reloads` times the full reloads alone (no Lighthouse: many quick rounds, for an A/B of the screens).
// CHROME_PATH (default /usr/bin/chromium) names the browser.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    url: { type: 'string', multiple: true, default: [] },
    'no-self': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    orders: { type: 'string', default: '1000000' },
    active: { type: 'string', default: '500' },
    'before-dist': { type: 'string' },
    'seed-dir': { type: 'string' },
    only: { type: 'string' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'DemoPass!2026' },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];
/** The screens whose full reload is timed. */
const RELOADS = [
  { name: 'dashboard', path: '/' },
  { name: 'board', path: '/active-orders' },
  { name: 'orders', path: '/orders' },
  { name: 'map', path: '/drivers-location' },
];
const log = (line) => console.log(`[bench:web] ${line}`);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The database at volume, seeded once per run into a template that each server gets a copy of. */
function seedTemplate() {
  const kept = args['seed-dir'] && path.resolve(args['seed-dir']);
  if (kept && existsSync(path.join(kept, 'pgdata'))) {
    log(`reusing the database seeded in ${kept}`);
    return kept;
  }
  const dir = kept ?? mkdtempSync(path.join(tmpdir(), 'dostava-bench-web-seed-'));
  mkdirSync(dir, { recursive: true });
  log(`seeding ${Number(args.orders).toLocaleString('en')} orders, ${args.active} active (once)`);
  const started = Date.now();
  execFileSync(
    process.execPath,
    [path.join(root, 'apps/api/dist/bench/seed-web.js'), dir, args.orders, args.active, args.password],
    { cwd: root, stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
  log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  return dir;
}

/** A build served by this checkout's API (production mode) on a copy of the seeded database. */
async function startServer(template, webDist) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dostava-bench-web-'));
  cpSync(template, dataDir, { recursive: true });
  // The embedded database, no Redis, no simulator: whatever the shell says.
  const { DATABASE_URL, REDIS_URL, SIMULATE, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      DRAIN_SECONDS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(webDist ? { WEB_DIST: webDist } : {}),
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
      DEMO_PASSWORD: args.password,
      LOG_LEVEL: 'warn',
      SIGN_IN_MAX_PER_ACCOUNT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(base, url, body) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} at ${base}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** One sign-in per target; every round spends the refresh token for a fresh pair (no sign-in limit). */
async function sessionFor(target) {
  if (!target.session) {
    const data = await api(target.base, '/api/auth/sign-in', { email: args.email, password: args.password });
    target.session = { user: data.user, refresh_token: data.refresh_token };
  }
  const tokens = await api(target.base, '/api/auth/refresh', { refresh_token: target.session.refresh_token });
  target.session.refresh_token = tokens.refresh_token;
  return { token: tokens.access_token, refresh_token: tokens.refresh_token, user: target.session.user };
}

/** Puts the session where the web app keeps it (lib/session.ts), from a page that loads no app code. */
async function signInBrowser(browser, base, session) {
  const page = await browser.newPage();
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('refresh_token', s.refresh_token);
    localStorage.setItem('adminuser', JSON.stringify(s.user));
  }, session);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

async function lighthouseScore(port, url, keepStorage, mobile = false) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: keepStorage,
    },
    // The customer's tracking page opens on a phone: Lighthouse's default, a throttled mobile profile.
    mobile ? undefined : desktopConfig,
  );
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError)
    throw new Error(`lighthouse ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  if (keepStorage && !lhr.finalDisplayedUrl.startsWith(url))
    throw new Error(`lighthouse ${url} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
  };
}

/** Milliseconds from navigation start until the screen shows its content (see the header). */
async function timeToContent(page) {
  const handle = await page.waitForFunction(
    () => {
      const heading = document.querySelector('main h1, h1');
      const busy = document.querySelector(
        '.MuiSkeleton-root, [role="progressbar"], .MuiCircularProgress-root',
      );
      return heading && !busy ? performance.now() : false;
    },
    { polling: 'raf', timeout: 60_000 },
  );
  return handle.jsonValue();
}

async function reloadTimes(browser, base) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1350, height: 940 });
  const times = {};
  for (const screen of RELOADS) {
    await page.goto(`${base}${screen.path}`, { waitUntil: 'domcontentloaded' });
    await timeToContent(page);
    if (!page.url().endsWith(screen.path)) throw new Error(`${screen.path} ended at ${page.url()}`);
    await page.reload({ waitUntil: 'domcontentloaded' });
    times[screen.name] = await timeToContent(page);
  }
  await page.close();
  return times;
}

/** A live tracking link (issue 39): staff issue one for the newest order. */
async function trackingPath(target) {
  const { token } = await sessionFor(target);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await fetch(`${target.base}/api/orders?per_page=1`, { headers });
  const id = (await list.json()).data[0]?.id;
  if (!id) throw new Error('no order to track');
  const link = await fetch(`${target.base}/api/orders/${id}/tracking/reissue`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (!link.ok) throw new Error(`tracking link: ${link.status} ${await link.text()}`);
  return (await link.json()).data.path;
}

async function measure(target) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (args.only === 'reloads') {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      await signInBrowser(browser, target.base, await sessionFor(target));
      const reloads = await reloadTimes(browser, target.base);
      await browser.disconnect();
      return { reloads };
    }
    const tracking = await lighthouseScore(
      chrome.port,
      `${target.base}${await trackingPath(target)}`,
      false,
      true,
    );
    if (args.only === 'tracking') return { tracking };
    const signIn = await lighthouseScore(chrome.port, `${target.base}/sign-in`, false);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await signInBrowser(browser, target.base, await sessionFor(target));
    const dashboard = await lighthouseScore(chrome.port, `${target.base}/`, true);
    const reloads = await reloadTimes(browser, target.base);
    await browser.disconnect();
    return { signIn, dashboard, reloads, tracking };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const spread = (values) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;

async function main() {
  const targets = args.url.map((base) => ({ name: base, base: base.replace(/\/$/, ''), results: [] }));
  const servers = [];
  let template;
  if (!args['no-self'] || args['before-dist']) {
    if (!args['no-build']) {
      log('building');
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    }
    template = seedTemplate();
  }
  if (!args['no-self']) {
    const self = await startServer(template);
    servers.push(self);
    targets.unshift({ name: `this checkout (${self.base})`, base: self.base, results: [] });
  }
  if (args['before-dist']) {
    const dist = path.resolve(args['before-dist']);
    const before = await startServer(template, dist);
    servers.push(before);
    targets.unshift({ name: `before (${dist})`, base: before.base, results: [] });
  }
  if (targets.length === 0) throw new Error('nothing to measure: give --url or drop --no-self');
  try {
    for (let run = 1; run <= RUNS; run++) {
      // Interleaved: round n measures every target before round n+1 starts (A/B/A/B).
      for (const target of targets) {
        const result = await measure(target).catch((error) => {
          // Lighthouse on a busy machine now and then loses its trace (NO_NAVSTART): one more try.
          log(`run ${run}/${RUNS} ${target.name}: ${error.message}; measuring again`);
          return measure(target);
        });
        target.results.push(result);
        const parts = [
          result.tracking &&
            `/t/<token> ${result.tracking.score} (LCP ${Math.round(result.tracking.lcp)} ms)`,
          result.signIn && `/sign-in ${result.signIn.score}, / ${result.dashboard.score}`,
          result.reloads &&
            RELOADS.map((screen) => `${screen.name} ${Math.round(result.reloads[screen.name])} ms`).join(
              ', ',
            ),
        ];
        log(`run ${run}/${RUNS} ${target.name}: ${parts.filter(Boolean).join(', ')}`);
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    if (template && !args['seed-dir']) rmSync(template, { recursive: true, force: true });
  }

  const allRows = [
    ['Lighthouse /sign-in (desktop perf)', (r) => r.signIn?.score],
    ['Lighthouse / dashboard (desktop perf)', (r) => r.dashboard?.score],
    ['/sign-in FCP ms', (r) => r.signIn?.fcp],
    ['/sign-in LCP ms', (r) => r.signIn?.lcp],
    ['/sign-in TBT ms', (r) => r.signIn?.tbt],
    ['/ LCP ms', (r) => r.dashboard?.lcp],
    ['/ TBT ms', (r) => r.dashboard?.tbt],
    ['Lighthouse /t/<token> tracking page (mobile, throttled)', (r) => r.tracking?.score],
    ['/t/<token> LCP ms (mobile, throttled; goal under 1000)', (r) => r.tracking?.lcp],
    ['/t/<token> FCP ms (mobile, throttled)', (r) => r.tracking?.fcp],
    ...RELOADS.map((screen) => [`${screen.path} full reload → content ms`, (r) => r.reloads?.[screen.name]]),
  ];
  const rows = allRows.filter(([, pick]) =>
    targets.every((t) => t.results.every((r) => pick(r) !== undefined)),
  );
  const header = `| metric (median of ${RUNS}, min–max) | ${targets.map((t) => t.name).join(' | ')} |`;
  const lines = [
    header,
    `|---|${targets.map(() => '---|').join('')}`,
    ...rows.map(
      ([label, pick]) =>
        `| ${label} | ${targets
          .map((t) => {
            const values = t.results.map(pick);
            return `${Math.round(median(values))} (${spread(values)})`;
          })
          .join(' | ')} |`,
    ),
  ];
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}, ${CHROME_PATH}`;
  const volume = template
    ? `Data: ${Number(args.orders).toLocaleString('en')} orders, ${args.active} active on the board.`
    : '';
  const report = [`# bench:web ${new Date().toISOString()}`, '', machine, volume, '', ...lines, ''].join(
    '\n',
  );
  console.log(`\n${report}`);
  const out = path.join(root, '.bench');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, report);
  log(`written to ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
