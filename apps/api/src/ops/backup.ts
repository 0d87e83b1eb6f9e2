import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from './archive.js';
import { formatBytes, fromCaller, holdPglite, OpsError, opsConfig, runMain } from './common.js';

const USAGE = `Usage: npm run backup -- [--out FILE]

Writes one .tar.gz holding a manifest (with the SHA-256 of every file), the database (PGlite's data
directory, or pg_dump --format=custom of DATABASE_URL) and the uploaded images of DATA_DIR. Reads the
server's settings (DATA_DIR, DATABASE_URL) from the environment. The embedded database must not be in
use: stop the server first. A PostgreSQL server is backed up while the API serves.`;

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = opsConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = fromCaller(values.out ?? `dostava-backup-${stamp}.tar.gz`);
  if (existsSync(out)) throw new OpsError(`${out} exists already: choose another --out.`);

  // PGlite: held for the whole backup, so a server started meanwhile refuses instead of writing.
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (!config.databaseUrl && !existsSync(path.join(pgdata, 'PG_VERSION')))
    throw new OpsError(`There is no embedded database in ${pgdata}: check DATA_DIR (or set DATABASE_URL).`);
  const lock = config.databaseUrl ? undefined : await holdPglite(pgdata, 'back up');
  try {
    const { manifest, size } = await writeBackup(config, out);
    console.log(
      `Backup written to ${out} (${formatBytes(size)}): ${manifest.database.kind} database ` +
        `(${manifest.migrations.applied} migrations, last ${manifest.migrations.last}), ` +
        `${manifest.uploads.files} uploaded files.`,
    );
  } finally {
    lock?.release();
  }
}

runMain(main);
