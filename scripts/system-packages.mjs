#!/usr/bin/env node
// The Debian packages the test suites run outside Node: `npm test` (and `npm run test:e2e`,
// `npm run test:reliability`) call this first, so a fresh clone either gets them (root with apt, as in
// CI and containers) or stops at once with the package and the command to run, instead of failing
// minutes later inside Playwright or with reliability tests silently skipped.
//
//   node scripts/system-packages.mjs e2e reliability
//
// CHROMIUM_PATH moves the browser the end-to-end tests drive (default /usr/bin/chromium; the
// Playwright config reads the same variable).
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command, env) {
  return (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => isExecutable(path.join(dir, command)));
}

function hasPostgresBinaries() {
  // The reliability suite looks in the same place (apps/api/src/test/processes.ts). The backup test
  // runs pg_dump, pg_restore and psql of the same major version as the server: Debian's
  // postgresql-<major> depends on postgresql-client-<major>, which puts them beside pg_ctl.
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return false;
  return readdirSync(root).some((version) =>
    ['pg_ctl', 'pg_dump', 'pg_restore', 'psql'].every((tool) =>
      isExecutable(path.join(root, version, 'bin', tool)),
    ),
  );
}

/**
 * What each suite needs: a Debian package and how to tell it is there. `present` is evaluated on this
 * machine; `what` is what the stop message names.
 */
export function requirements(env = process.env) {
  const chromium = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  return {
    e2e: [
      { pkg: 'chromium', what: chromium, present: () => isExecutable(chromium) },
      {
        // Chromium renders text with whatever fonts it finds; without any the screens have no glyphs.
        pkg: 'fonts-dejavu-core',
        what: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
        present: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
      },
    ],
    reliability: [
      {
        pkg: 'postgresql',
        what: '/usr/lib/postgresql/*/bin/pg_ctl, pg_dump, pg_restore, psql',
        present: hasPostgresBinaries,
      },
      { pkg: 'redis-server', what: 'redis-server on PATH', present: () => onPath('redis-server', env) },
    ],
  };
}

/** The requirements of the named suites that this machine lacks (each package once). */
export function missingFor(suites, reqs) {
  const unknown = suites.filter((suite) => !reqs[suite]);
  if (unknown.length)
    throw new Error(`unknown suite ${unknown.join(', ')}; known: ${Object.keys(reqs).join(', ')}`);
  const byPackage = new Map(suites.flatMap((suite) => reqs[suite]).map((req) => [req.pkg, req]));
  return [...byPackage.values()].filter((req) => !req.present());
}

/**
 * The decision, apart from the machine so a test can cover every branch: nothing to do, install with
 * apt (only as root, where apt can), or stop with the message naming the packages and the command.
 */
export function decide({ missing, isRoot, hasApt }) {
  if (missing.length === 0) return { action: 'ok' };
  const packages = missing.map((req) => req.pkg);
  if (isRoot && hasApt) return { action: 'install', packages };
  const command = `${isRoot ? '' : 'sudo '}apt-get install --no-install-recommends ${packages.join(' ')}`;
  const lines = [
    'The tests need Debian packages this machine lacks:',
    ...missing.map((req) => `  ${req.pkg} (${req.what})`),
    hasApt
      ? `Install them with:\n  ${command}`
      : `There is no apt here: install the same software with your system's package manager (Debian: ${command}).`,
  ];
  if (packages.includes('chromium'))
    lines.push('Or point CHROMIUM_PATH at a Chromium or Chrome executable you already have.');
  return { action: 'stop', packages, message: lines.join('\n') };
}

function apt(args) {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
}

function main(argv) {
  const suites = argv.length ? argv : ['e2e', 'reliability'];
  let missing;
  try {
    missing = missingFor(suites, requirements());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const isRoot = process.getuid?.() === 0;
  const hasApt = onPath('apt-get', process.env);
  const decision = decide({ missing, isRoot, hasApt });
  if (decision.action === 'ok') return 0;
  if (decision.action === 'stop') {
    console.error(decision.message);
    return 1;
  }
  console.log(`--- installing ${decision.packages.join(' ')} (apt-get, as root)`);
  try {
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', '--no-install-recommends', ...decision.packages]);
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    return 1;
  }
  const still = missingFor(suites, requirements());
  if (still.length) {
    console.error(
      `Installed ${decision.packages.join(' ')}, but still missing: ${still.map((r) => `${r.pkg} (${r.what})`).join(', ')}`,
    );
    return 1;
  }
  // PostgreSQL refuses to run as root; the reliability suite starts it as the `postgres` user, which
  // the package creates. Named here so a half-installed machine says so at once.
  if (isRoot && suites.includes('reliability')) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      console.error(
        'The postgresql package left no `postgres` user, which the reliability suite runs the server as.',
      );
      return 1;
    }
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
