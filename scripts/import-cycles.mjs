import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No import cycles (issue 35): Biome's own `noImportCycles` (the linter the repository already runs;
 * madge cannot parse with TypeScript 7, which has no compiler API) over the three source trees. It
 * follows type-only imports and `import()` too, so a lazy route that imports its router is a cycle.
 * Part of `npm run lint`; exits 1 on a cycle outside the schema files.
 * biome.json keeps the rule `off` with `ignoreTypes: false` (JSON there takes no comments): off, so
 * `biome check` does not run it twice; its options, so `--only` here counts type-only
 * imports (navigation ↔ route access was one).
 */
export const ROOTS = ['apps/web/src', 'apps/api/src', 'packages/shared/src'];

/** Drizzle's table files reference each other (users ↔ restaurants): the one place cycles are allowed. */
export const SCHEMA_FILES = /^apps\/api\/src\/db\/schema\//;

/** The import specifier a diagnostic points at: the quoted text at its location, unquoted. */
function specifierAt(root, { path: file, start, end }) {
  const line = readFileSync(path.join(root, file), 'utf8').split('\n')[start.line - 1] ?? '';
  const text = line.slice(start.column - 1, start.line === end.line ? end.column - 1 : undefined);
  return text.replace(/^['"`]|['"`]$/g, '').replace(/\.(js|ts|tsx)$/, '');
}

/** The imports closing a cycle that are not allowed: `file:line  → specifier`. */
/** `allowlist`: imports (the file, the specifier) that may close a cycle; none in the repository. */
export function cyclesIn(diagnostics, root, allowlist = []) {
  return diagnostics
    .filter((d) => d.category === 'lint/suspicious/noImportCycles')
    .map((d) => ({ file: d.location.path, line: d.location.start.line, to: specifierAt(root, d.location) }))
    .filter(({ file }) => !SCHEMA_FILES.test(file))
    .filter(({ file, to }) => !allowlist.some(([from, specifier]) => from === file && specifier === to))
    .map(({ file, line, to }) => `${file}:${line}  → ${to}`);
}

/** Biome's diagnostics of the cycle rule alone over the roots, as its JSON reporter gives them. */
export function lintCycles(root) {
  const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');
  let output;
  try {
    output = execFileSync(
      process.execPath,
      [
        biome,
        'lint',
        '--only=suspicious/noImportCycles',
        '--reporter=json',
        '--max-diagnostics=none',
        ...ROOTS,
      ],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    // An error-level diagnostic exits non-zero; the report is on stdout all the same.
    output = error.stdout;
  }
  return JSON.parse(output).diagnostics;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = cyclesIn(lintCycles(root), root);
  if (found.length > 0) {
    console.error(`Import cycles (imports go one way, docs/ARCHITECTURE.md):\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`No import cycles in ${ROOTS.join(', ')} (schema files aside).`);
}
