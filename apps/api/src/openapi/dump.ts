import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to a file, without listening or
 * touching a real database, so `npm run test:openapi` can lint exactly what integrators download.
 *
 *   node apps/api/dist/openapi/dump.js data/openapi.json
 */
async function main(out: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dostava-openapi-'));
  try {
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web'),
      }),
      embeddedDatabase: 'memory' as const,
    };
    const app = await buildApp(config, { logger: false });
    try {
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json: ${response.statusCode}`);
      mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
      writeFileSync(out, `${JSON.stringify(response.json(), null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const out = process.argv[2];
if (!out) {
  console.error('usage: node apps/api/dist/openapi/dump.js <file.json>');
  process.exit(1);
}
await main(out);
