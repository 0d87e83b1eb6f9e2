import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { extract } from 'tar';
import { type MigrationState, migrationJournal, migrationState, pgliteExtensions } from '../db/client.js';
import {
  assertPgliteFree,
  FORMAT,
  FORMAT_VERSION,
  fromCaller,
  isEmptyDir,
  libpqConnection,
  type Manifest,
  OpsError,
  opsConfig,
  postgresTool,
  runMain,
  runTool,
  uploadsSummary,
} from './common.js';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup made by \`npm run backup\` into the database and DATA_DIR named by the server's
settings (DATA_DIR, DATABASE_URL): PGlite's data directory DATA_DIR/pgdata, or the PostgreSQL database
of DATABASE_URL (with pg_restore), and the images into DATA_DIR/uploads. The target must be empty;
--force replaces what is there (the schemas public and drizzle of a PostgreSQL database). Stop the
server first. Then start it as usual: it migrates a backup of an older version at start.`;

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [fileArg, ...extra] = positionals;
  if (!fileArg || extra.length) throw new OpsError(USAGE);
  const file = fromCaller(fileArg);
  if (!existsSync(file)) throw new OpsError(`${file} does not exist.`);
  const force = values.force === true;
  const config = opsConfig();
  const kind = config.databaseUrl ? 'postgres' : 'pglite';

  mkdirSync(config.dataDir, { recursive: true });
  // Unpacked inside DATA_DIR, so the database and the images move into place by renaming.
  const staging = mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    try {
      await extract({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new OpsError(`${file} is not a readable backup: ${(error as Error).message}`);
    }
    const manifest = readManifest(staging);
    if (manifest.database.kind !== kind) {
      throw new OpsError(
        manifest.database.kind === 'pglite'
          ? `${file} holds the embedded database (PGlite), but DATABASE_URL names a PostgreSQL server: unset DATABASE_URL to restore it into DATA_DIR.`
          : `${file} holds a PostgreSQL database (pg_dump), but DATABASE_URL is unset: set it to the (empty) database to restore into.`,
      );
    }
    assertNotNewer(manifest.migrations);

    // Every check before any change: the target is empty, or --force was given.
    const pgdata = path.join(config.dataDir, 'pgdata');
    const uploads = path.join(config.dataDir, 'uploads');
    const refuse = (what: string) =>
      new OpsError(
        `${what} is not empty: a backup is restored into an empty target only. Point DATA_DIR${kind === 'postgres' ? ' / DATABASE_URL' : ''} ` +
          'at an empty one, or pass --force to replace what is there (stop the server first).',
      );
    if (kind === 'pglite') {
      assertPgliteFree(pgdata, 'restore');
      if (!isEmptyDir(pgdata) && !force) throw refuse(`The embedded database ${pgdata}`);
    } else if (!force && (await postgresObjects(config.databaseUrl as string)) > 0) {
      throw refuse(`The database at DATABASE_URL`);
    }
    if (!isEmptyDir(uploads) && !force) throw refuse(`The uploads folder ${uploads}`);

    const restored =
      kind === 'pglite'
        ? await restorePglite(staging, manifest, pgdata)
        : await restorePostgres(staging, manifest, config.databaseUrl as string, force);

    // The images: the unpacked folder takes the place of the old one.
    rmSync(uploads, { recursive: true, force: true });
    renameSync(path.join(staging, 'uploads'), uploads);
    const secret = path.join(config.dataDir, 'jwt-secret');
    if (manifest.jwt_secret && (force || !existsSync(secret))) {
      copyFileSync(path.join(staging, 'jwt-secret'), secret);
      chmodSync(secret, 0o600);
    }

    const files = uploadsSummary(uploads);
    console.log(
      `Restored ${file} (made ${manifest.created_at}) into ${kind === 'pglite' ? pgdata : 'the database at DATABASE_URL'}: ` +
        `${restored.applied} migrations (last ${restored.last}), ${files.files} uploaded files in ${uploads}.\n` +
        'Start the server with the same settings (npm start); it applies any newer migrations at start.',
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(staging: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new OpsError('The file holds no manifest.json: it was not made by npm run backup.');
  }
  if (manifest.format !== FORMAT) throw new OpsError('The file was not made by npm run backup.');
  if (manifest.version !== FORMAT_VERSION)
    throw new OpsError(
      `The backup's format is version ${manifest.version}; this version of Dostava reads version ${FORMAT_VERSION}.`,
    );
  if (!existsSync(path.join(staging, manifest.database.file)))
    throw new OpsError(`The backup lacks its database file (${manifest.database.file}): it is incomplete.`);
  return manifest;
}

/** A backup of a newer version has migrations this code does not know: it cannot serve that schema. */
function assertNotNewer(state: MigrationState) {
  const known = migrationJournal;
  const latest = known.at(-1);
  if (state.applied > known.length || (state.last_created_at ?? 0) > (latest?.when ?? 0)) {
    throw new OpsError(
      `The backup was made by a newer version of Dostava (its database has migration ${state.last}, ` +
        `${state.applied} in all; this code knows ${known.length}, up to ${latest?.tag}). Update the code first.`,
    );
  }
}

/** Loaded by PGlite itself (loadDataDir) into a fresh folder, which then takes pgdata's place. */
async function restorePglite(staging: string, manifest: Manifest, pgdata: string) {
  const tarball = readFileSync(path.join(staging, manifest.database.file));
  const loaded = path.join(staging, 'pgdata');
  const client = new PGlite(loaded, { loadDataDir: new Blob([tarball]), extensions: pgliteExtensions });
  let state: MigrationState;
  try {
    await client.waitReady;
    state = await migrationState(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
  rmSync(pgdata, { recursive: true, force: true }); // empty or absent (checked), or --force
  renameSync(loaded, pgdata);
  return state;
}

/** User objects outside PostgreSQL's own schemas: an empty database has none. */
async function postgresObjects(databaseUrl: string): Promise<number> {
  const rows = await onPostgres(
    databaseUrl,
    `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname not in ('pg_catalog', 'information_schema')
                and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%')
          + (select count(*) from pg_namespace where nspname = 'drizzle') as n`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function onPostgres(databaseUrl: string, text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return (await client.query<Record<string, unknown>>(text)).rows;
  } catch (error) {
    throw new OpsError(`The database at DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg_restore in one transaction: all of it or nothing. Objects are owned by the role of DATABASE_URL
 * and the source's grants are left out (its roles may not exist here).
 */
async function restorePostgres(staging: string, manifest: Manifest, databaseUrl: string, force: boolean) {
  const pgRestore = postgresTool('pg_restore');
  if (force) {
    // Everything the application keeps lives in these schemas (pgboss: the job queue, rebuilt at start).
    await onPostgres(
      databaseUrl,
      'begin; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public; commit',
    );
  }
  const connection = libpqConnection(databaseUrl);
  await runTool(
    pgRestore,
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      '--no-password',
      `--dbname=${connection.dbname}`,
      path.join(staging, manifest.database.file),
    ],
    connection.env,
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await migrationState(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

runMain(main);
