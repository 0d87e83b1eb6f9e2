import { spawn } from 'node:child_process';
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
import { writeBackup } from './archive.js';
import {
  damaged,
  FORMAT,
  FORMAT_VERSION,
  filesUnder,
  fromCaller,
  holdPglite,
  isEmptyDir,
  libpqConnection,
  type Manifest,
  OpsError,
  opsConfig,
  postgresTool,
  runMain,
  runTool,
  sha256File,
  uploadsSummary,
} from './common.js';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup made by \`npm run backup\` into the database and DATA_DIR named by the server's
settings (DATA_DIR, DATABASE_URL): PGlite's data directory DATA_DIR/pgdata, or the PostgreSQL database
of DATABASE_URL, and the images into DATA_DIR/uploads. The whole file is checked first (the checksums
of its manifest, and its database with that database's own tools); nothing is changed when it is
damaged. The target must be empty; --force replaces what is there, after saving it as a backup in
DATA_DIR (the command says where). Stop the server first. Then start it as usual: it migrates a backup
of an older version at start.`;

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
  const pgdata = path.join(config.dataDir, 'pgdata');
  const uploads = path.join(config.dataDir, 'uploads');
  // PGlite: held from the start, so a running server is named at once and none starts meanwhile.
  const lock = kind === 'pglite' ? await holdPglite(pgdata, 'restore') : undefined;
  // Unpacked inside DATA_DIR, so the database and the images move into place by renaming.
  let staging: string | undefined;
  try {
    staging = mkdtempSync(path.join(config.dataDir, '.restore-'));
    // 1. The whole file, before anything of the target is touched.
    try {
      await extract({ file, cwd: staging, strict: true });
    } catch (error) {
      throw damaged(file, `it does not unpack (${(error as Error).message})`);
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
    await verifyChecksums(file, staging, manifest);
    const dump = path.join(staging, manifest.database.file);
    const loaded = path.join(staging, 'pgdata');
    const loadedState = kind === 'pglite' ? await loadPglite(file, dump, loaded) : undefined;
    if (kind === 'postgres') await listPostgresDump(file, dump);

    // 2. The target: empty, or --force.
    const refuse = (what: string) =>
      new OpsError(
        `${what} is not empty: a backup is restored into an empty target only. Point DATA_DIR${kind === 'postgres' ? ' / DATABASE_URL' : ''} ` +
          'at an empty one, or pass --force to replace what is there, which saves it as a backup first (stop the server first).',
      );
    let databaseInUse: boolean;
    if (kind === 'pglite') {
      if (!isEmptyDir(pgdata) && !force) throw refuse(`The embedded database ${pgdata}`);
      databaseInUse = existsSync(path.join(pgdata, 'PG_VERSION'));
    } else {
      databaseInUse = (await postgresObjects(config.databaseUrl as string)) > 0;
      if (databaseInUse && !force) throw refuse(`The database at DATABASE_URL`);
    }
    if (!isEmptyDir(uploads) && !force) throw refuse(`The uploads folder ${uploads}`);

    // 3. What --force replaces is kept, as a backup like any other. (Images without a database refer
    // to nothing: replaced without one.)
    let safety: string | undefined;
    if (databaseInUse) {
      safety = path.join(
        config.dataDir,
        `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
      );
      await writeBackup(config, safety);
    }

    // 4. The switch: the database (PGlite: a rename; PostgreSQL: one transaction), then the images.
    let state: MigrationState;
    if (loadedState) {
      if (existsSync(pgdata)) renameSync(pgdata, path.join(staging, 'replaced-pgdata'));
      renameSync(loaded, pgdata);
      state = loadedState;
    } else {
      state = await restorePostgres(file, dump, config.databaseUrl as string, databaseInUse);
    }
    if (existsSync(uploads)) renameSync(uploads, path.join(staging, 'replaced-uploads'));
    renameSync(path.join(staging, 'uploads'), uploads);
    const secret = path.join(config.dataDir, 'jwt-secret');
    if (manifest.jwt_secret && (force || !existsSync(secret))) {
      copyFileSync(path.join(staging, 'jwt-secret'), secret);
      chmodSync(secret, 0o600);
    }

    const files = uploadsSummary(uploads);
    console.log(
      `Restored ${file} (made ${manifest.created_at}) into ${kind === 'pglite' ? pgdata : 'the database at DATABASE_URL'}: ` +
        `${state.applied} migrations (last ${state.last}), ${files.files} uploaded files in ${uploads}.\n` +
        (safety
          ? `What was there before is saved in ${safety}: \`npm run restore -- ${safety} --force\` puts it back. Delete it when it is no longer needed.\n`
          : '') +
        'Start the server with the same settings (npm start); it applies any newer migrations at start.',
    );
  } finally {
    if (staging) rmSync(staging, { recursive: true, force: true });
    lock?.release();
  }
}

/**
 * Every file the manifest lists, with the bytes it had when the backup was made, and no other. A
 * backup made before checksums were added is checked by its database's own tools only.
 */
async function verifyChecksums(file: string, staging: string, manifest: Manifest) {
  const listed = manifest.checksums;
  if (!listed) return;
  const present = filesUnder(staging).filter((name) => name !== 'manifest.json');
  const extra = present.filter((name) => !(name in listed));
  if (extra.length) throw damaged(file, `it holds files its manifest does not list (${extra.join(', ')})`);
  for (const [name, sum] of Object.entries(listed)) {
    if (!present.includes(name)) throw damaged(file, `${name} is missing`);
    if ((await sha256File(path.join(staging, name))) !== sum)
      throw damaged(file, `${name} does not match its checksum in the manifest`);
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

/**
 * Loaded by PGlite itself (loadDataDir) into a folder of the staging area, which takes pgdata's place
 * only once it has opened and every table has been read through.
 */
async function loadPglite(file: string, dump: string, into: string): Promise<MigrationState> {
  let client: PGlite | undefined;
  try {
    client = new PGlite(into, {
      loadDataDir: new Blob([readFileSync(dump)]),
      extensions: pgliteExtensions,
    });
    await client.waitReady;
    const query = async (text: string) =>
      (await (client as PGlite).query<Record<string, unknown>>(text)).rows;
    const tables = await query(
      `select format('select count(*) from %I.%I', schemaname, tablename) as sql from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    for (const table of tables) await query(String(table.sql));
    return await migrationState(query);
  } catch (error) {
    throw damaged(file, `its embedded database does not open (${(error as Error).message})`);
  } finally {
    await client?.close().catch(() => {});
  }
}

/** pg_restore reads the dump's table of contents: a dump it cannot read is refused before any change. */
async function listPostgresDump(file: string, dump: string) {
  try {
    await runTool(postgresTool('pg_restore'), ['--list', dump], process.env);
  } catch (error) {
    throw damaged(file, `pg_restore cannot read its database dump (${(error as Error).message})`);
  }
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
 * Replacing, the schemas the application keeps (pgboss: the job queue, rebuilt at start) are dropped and
 * the dump restored in one transaction: pg_restore writes the dump as SQL, psql runs it after the drop, and
 * commits only at the end of it. A dump that breaks off (damaged data), a statement that fails, or this
 * command dying: PostgreSQL rolls the whole transaction back and the database is as it was. Objects
 * are owned by the role of DATABASE_URL and the source's grants are left out (its roles may not exist
 * here).
 */
async function restorePostgres(file: string, dump: string, databaseUrl: string, replace: boolean) {
  const connection = libpqConnection(databaseUrl);
  const env = { ...connection.env, PGOPTIONS: '-c client_min_messages=warning' };
  const reader = spawn(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--file=-', dump], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const writer = spawn(
    postgresTool('psql'),
    [
      '--no-psqlrc',
      '--quiet',
      '--no-password',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      ...(replace
        ? [
            '--command=drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public',
          ]
        : []),
      '--file=-',
      `--dbname=${connection.dbname}`,
    ],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  const keep = (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-8_000);
  };
  reader.stderr.on('data', keep);
  writer.stderr.on('data', keep);
  writer.stdin.on('error', () => {}); // psql stopped at an error: the reader is stopped below
  // psql's input ends (and so its transaction commits) only when pg_restore has written all of it.
  reader.stdout.pipe(writer.stdin, { end: false });
  const readerDone = new Promise<number | null>((resolve) => reader.once('close', resolve));
  const writerDone = new Promise<number | null>((resolve) => writer.once('close', resolve));
  const readerCode = await Promise.race([readerDone, writerDone.then(() => undefined)]);
  // psql stopped first (a statement failed): so does pg_restore. pg_restore failed: psql is killed
  // before the end of its input, its connection drops and PostgreSQL rolls the transaction back.
  if (readerCode === undefined) reader.kill('SIGKILL');
  else if (readerCode === 0) writer.stdin.end();
  else writer.kill('SIGKILL');
  const [fromReader, fromWriter] = await Promise.all([readerDone, writerDone]);
  if (fromReader !== 0 || fromWriter !== 0) {
    throw new OpsError(
      `Restoring ${file} failed; the database at DATABASE_URL is as it was (the restore runs in one ` +
        `transaction, rolled back):\n${errors.trim()}`,
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await migrationState(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

runMain(main);
