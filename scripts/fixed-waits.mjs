import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Fixed waits in tests: a test waits for the condition it needs (vi.waitFor, expect.poll, Playwright's
 * auto-waiting, `until`), never for a time, since a machine whose cores are busy (CI's, a newcomer's)
 * can take many times as long as a quiet one. scripts/fixed-waits.test.mjs runs this over every test
 * file. A duration that is the point of a test (the length of a load, the pace of its traffic, a kill
 * at a random moment) says so with `timed on purpose` in a comment on its line or the line above.
 */
const RULES = [
  { pattern: /\bwaitForTimeout\(/, why: "Playwright's waitForTimeout: wait for what the page must show" },
  {
    pattern: /new Promise\b.*\bsetTimeout\(/,
    why: 'a sleep (a promise around setTimeout): wait for the condition instead',
  },
  { pattern: /(?<![.\w])(?:sleep|wait|delay)\(/, why: 'a sleep helper: wait for the condition instead' },
  { pattern: /['"](?:node:)?timers\/promises['"]/, why: "timers/promises' setTimeout is a sleep" },
];
const ON_PURPOSE = /timed on purpose/;

/** The fixed waits in one file's source: its line number, the line, and why it is one. */
export function fixedWaits(source) {
  const lines = source.split('\n');
  const found = [];
  lines.forEach((text, i) => {
    if (ON_PURPOSE.test(text) || ON_PURPOSE.test(lines[i - 1] ?? '')) return;
    const rule = RULES.find((r) => r.pattern.test(text));
    if (rule) found.push({ line: i + 1, text: text.trim(), why: rule.why });
  });
  return found;
}

/** Every test file of the repository, relative to `root`: the unit, API, reliability and e2e suites. */
export function testFiles(root) {
  const under = (dir, test) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && test.test(entry.name))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.split(path.sep).includes('node_modules'));
  return [
    ...under('apps/api/src', /\.test\.ts$/),
    ...under('apps/web/src', /\.test\.tsx?$/),
    ...under('packages/shared/src', /\.test\.ts$/),
    ...under('scripts', /\.test\.mjs$/),
    ...under('e2e', /\.spec\.ts$/),
  ].sort();
}

/** The fixed waits of every test file under `root`, as `file:line  text  (why)`. */
export function scan(root) {
  return testFiles(root).flatMap((file) =>
    fixedWaits(readFileSync(path.join(root, file), 'utf8')).map(
      (w) => `${file}:${w.line}  ${w.text}  (${w.why})`,
    ),
  );
}
