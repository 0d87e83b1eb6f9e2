import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { servedDocument } from './document.js';

/**
 * Writes the OpenAPI document the server serves to a file, so `npm run test:openapi` can lint exactly
 * what integrators download.
 *
 *   node apps/api/dist/openapi/dump.js data/openapi.json
 */
const out = process.argv[2];
if (!out) {
  console.error('usage: node apps/api/dist/openapi/dump.js <file.json>');
  process.exit(1);
}
mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
writeFileSync(out, `${JSON.stringify(await servedDocument(), null, 2)}\n`);
