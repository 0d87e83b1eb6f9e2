import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decide, missingFor, requirements } from './system-packages.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'system-packages.mjs');
const req = (pkg, present) => ({ pkg, what: `/path/of/${pkg}`, present: () => present });

describe('which packages a suite lacks', () => {
  const reqs = {
    e2e: [req('chromium', false), req('fonts-dejavu-core', true)],
    reliability: [req('postgresql', false), req('redis-server', true), req('chromium', false)],
  };

  it('lists only the absent ones, each package once across suites', () => {
    expect(missingFor(['e2e', 'reliability'], reqs).map((r) => r.pkg)).toEqual(['chromium', 'postgresql']);
    expect(missingFor(['e2e'], reqs).map((r) => r.pkg)).toEqual(['chromium']);
  });

  it('refuses a suite it does not know', () => {
    expect(() => missingFor(['e2e', 'bench'], reqs)).toThrow(/unknown suite bench/);
  });

  it('looks for the browser where CHROMIUM_PATH says', () => {
    const fake = requirements({ PATH: '', CHROMIUM_PATH: '/nonexistent/chromium' }).e2e[0];
    expect(fake).toMatchObject({ pkg: 'chromium', what: '/nonexistent/chromium' });
    expect(fake.present()).toBe(false);
    // node itself is an executable that certainly exists.
    expect(requirements({ PATH: '', CHROMIUM_PATH: process.execPath }).e2e[0].present()).toBe(true);
  });

  it('finds redis-server on PATH only', () => {
    const redis = (PATH) => requirements({ PATH }).reliability.find((r) => r.pkg === 'redis-server');
    expect(redis('/nonexistent').present()).toBe(false);
  });
});

describe('what to do about them', () => {
  const missing = [req('chromium', false), req('fonts-dejavu-core', false)];

  it('does nothing when nothing is missing', () => {
    expect(decide({ missing: [], isRoot: false, hasApt: false })).toEqual({ action: 'ok' });
  });

  it('installs with apt as root', () => {
    expect(decide({ missing, isRoot: true, hasApt: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'fonts-dejavu-core'],
    });
  });

  it('stops a user who is not root, naming the packages and the sudo command', () => {
    const decision = decide({ missing, isRoot: false, hasApt: true });
    expect(decision.action).toBe('stop');
    expect(decision.message).toContain('chromium (/path/of/chromium)');
    expect(decision.message).toContain(
      'sudo apt-get install --no-install-recommends chromium fonts-dejavu-core',
    );
    expect(decision.message).toContain('CHROMIUM_PATH');
  });

  it('stops where there is no apt, still naming the Debian command', () => {
    const decision = decide({ missing: [req('redis-server', false)], isRoot: true, hasApt: false });
    expect(decision.action).toBe('stop');
    expect(decision.message).toContain('There is no apt here');
    expect(decision.message).toContain('apt-get install --no-install-recommends redis-server');
    expect(decision.message).not.toContain('CHROMIUM_PATH');
  });
});

describe('the script', () => {
  it('exits non-zero with a message for a suite it does not know', () => {
    const run = spawnSync(process.execPath, [script, 'e2e', 'nonsense'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('unknown suite nonsense');
  });
});
