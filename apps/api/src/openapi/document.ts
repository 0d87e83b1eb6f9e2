import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

/**
 * The OpenAPI document the server serves at /api/openapi.json, built without listening or touching a
 * real database (an in-memory PGlite), so scripts work on exactly what integrators download.
 */
export async function servedDocument(): Promise<OpenAPI3> {
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
      return response.json<OpenAPI3>();
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
