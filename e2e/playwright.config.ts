import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_JWT_SECRET = 'e2e-only-secret-not-used-anywhere-else-0123456789';
// Per port, so two runs on one machine never share a database; the web build is copied in so that a
// rebuild during the run cannot change the files under the server.
const dataDir = path.join(root, 'data', `e2e-${E2E_PORT}`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(root, 'test-results', String(E2E_PORT)),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Limits, not waits (a test waits for what it needs): room for a machine whose cores are busy.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'bs-BA',
    // A trace records every action's screenshots and DOM, which cost the run 15-25 % of its time (the
    // same 13 tests: 72-73 s without, 78-95 s with); CI keeps no artifacts to open one from, so only a
    // run on a developer's machine records them. The failure's screenshot and error context stay.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium; scripts/system-packages.mjs checks the same path before the run.
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A fresh embedded database with the demo data for every run.
    command: `rm -rf "${dataDir}" && mkdir -p "${dataDir}" && cp -r apps/web/dist "${dataDir}/web" && node apps/api/dist/server.js`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'web'),
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      DRAIN_SECONDS: '0',
      SIGN_IN_MAX_PER_ACCOUNT: '10000',
      SIGN_IN_MAX_PER_IP: '10000',
      RATE_LIMIT_MAX: '100000',
      // The payer on the payment orders (money.spec.ts).
      OPERATION_IBAN: 'BA39 1290 0794 0102 8494',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
