import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixedWaits, scan, testFiles } from './fixed-waits.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Built from pieces, so this file holds none of what it looks for.
const sample = (...pieces) => pieces.join('');

describe('fixed waits in tests', () => {
  it.each([
    sample('await page.waitFor', 'Timeout(500);'),
    sample('await new Promise((r) => setTime', 'out(r, 200));'),
    sample('await new Promise<undefined>((r) => setTime', 'out(() => r(undefined), 500));'),
    sample('await wa', 'it(2_000);'),
    sample('await sle', 'ep(100);'),
    sample("import { setTimeout as pause } from 'node:timers", "/promises';"),
  ])('finds %s', (line) => {
    expect(fixedWaits(`it('x', async () => {\n  ${line}\n});`)).toEqual([
      expect.objectContaining({ line: 2, text: line }),
    ]);
  });

  it('leaves waiting for a condition, limits and time-outs alone', () => {
    const source = [
      'await vi.waitFor(() => expect(rows()).toHaveLength(1), { timeout: 60_000 });',
      'await expect(page.getByRole("tab")).toBeVisible({ timeout: 30_000 });',
      'await stream.waitFor("event: ready");',
      'await until(() => done, "the job to finish");',
      sample('const timer = ', 'setTimeout(() => controller.abort(), 20_000);'),
      'const end = await pause(api, 3);',
      'vi.advanceTimersByTime(1_000);',
    ].join('\n');
    expect(fixedWaits(source)).toEqual([]);
  });

  it('accepts a duration that is the point, said on its line or the line above', () => {
    const onTheLine = sample('await wa', 'it(50); // timed on purpose: a kill at a moment nobody chose');
    const above = ['// timed on purpose: the length of the load', sample('await sle', 'ep(SECONDS * 1000);')];
    expect(fixedWaits([onTheLine, ...above].join('\n'))).toEqual([]);
  });

  it('reads every suite', () => {
    const files = testFiles(root);
    for (const suite of [
      /^apps\/api\/src\/.*\.test\.ts$/,
      /^apps\/api\/src\/reliability\//,
      /^apps\/web\/src\/.*\.test\.tsx$/,
      /^packages\/shared\//,
      /^scripts\/.*\.test\.mjs$/,
      /^e2e\/.*\.spec\.ts$/,
    ])
      expect(
        files.some((f) => suite.test(f)),
        String(suite),
      ).toBe(true);
  });

  it('finds none in the repository: every test waits for its condition', () => {
    expect(scan(root)).toEqual([]);
  });
});
