import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesIn } from './import-cycles.mjs';

/** A source tree with the files given, and a Biome diagnostic at the first quoted import of each. */
function fixture(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'cycles-'));
  const diagnostics = Object.entries(files).map(([file, source]) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
    const lines = source.split('\n');
    const line = lines.findIndex((text) => text.includes("from '"));
    const column = (lines[line] ?? '').indexOf("'") + 1;
    const length = (lines[line] ?? '').lastIndexOf("'") - column + 2;
    return {
      category: 'lint/suspicious/noImportCycles',
      location: {
        path: file,
        start: { line: line + 1, column },
        end: { line: line + 1, column: column + length },
      },
    };
  });
  return { root, diagnostics };
}

describe('import cycles', () => {
  const { root, diagnostics } = fixture({
    'apps/web/src/app/navigation.ts': "import { allows } from './route-access';\n",
    'apps/web/src/app/route-access.ts': "import type { MenuPlacement } from './navigation';\n",
    'apps/api/src/db/schema/users.ts': "import { restaurants } from './restaurants';\n",
    'apps/api/src/db/schema/restaurants.ts': "import { users } from './users';\n",
  });

  it('reports every import that closes a cycle, by file, line and what it imports', () => {
    expect(cyclesIn(diagnostics, root, [])).toEqual([
      'apps/web/src/app/navigation.ts:1  → ./route-access',
      'apps/web/src/app/route-access.ts:1  → ./navigation',
    ]);
  });

  it('leaves the schema files alone, and an allowlisted import (the file and what it imports)', () => {
    expect(cyclesIn(diagnostics, root, [['apps/web/src/app/navigation.ts', './route-access']])).toEqual([
      'apps/web/src/app/route-access.ts:1  → ./navigation',
    ]);
    expect(cyclesIn(diagnostics, root, [['apps/web/src/app/navigation.ts', './other']])).toHaveLength(2);
  });
});
