import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropServerDatabase } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each worker keeps its seeded template (test/helpers.ts); removed after the run. */
    templates: string;
  }
}

export default function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'dostava-templates-'));
  project.provide('templates', root);
  return async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    for (const worker of readdirSync(root)) {
      const file = path.join(root, worker, 'template.json');
      if (!serverUrl || !existsSync(file)) continue;
      const { database } = JSON.parse(readFileSync(file, 'utf8')) as { database?: string };
      if (database) await dropServerDatabase(serverUrl, database);
    }
    rmSync(root, { recursive: true, force: true });
  };
}
