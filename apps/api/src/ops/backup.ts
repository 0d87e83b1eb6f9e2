import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { create } from 'tar';
import { migrationState, pgliteExtensions } from '../db/client.js';
import {
  appVersion,
  assertPgliteFree,
  FORMAT,
  FORMAT_VERSION,
  formatBytes,
  fromCaller,
  libpqConnection,
  type Manifest,
  OpsError,
  opsConfig,
  postgresTool,
  runMain,
  runTool,
  uploadsSummary,
} from './common.js';

const USAGE = `Usage: npm run backup -- [--out FILE]

Writes one .tar.gz holding a manifest, the database (PGlite's data directory, or pg_dump --format=custom
of DATABASE_URL) and the uploaded images of DATA_DIR. Reads the server's settings (DATA_DIR,
DATABASE_URL) from the environment. The embedded database must not be in use: stop the server first.
A PostgreSQL server is backed up while the API serves.`;

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
  mkdirSync(path.dirname(out), { recursive: true });

  // Staged beside the output (the same file system, and not /tmp, which may be small).
  const staging = mkdtempSync(path.join(path.dirname(out), '.dostava-backup-'));
  const partial = `${out}.partial`;
  try {
    mkdirSync(path.join(staging, 'database'));
    // The database first, the images after: an upload's file is written before its row, so every
    // image the dump refers to is on disk by the time the folder is read.
    const database = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, path.join(staging, 'database'))
      : await dumpPglite(path.join(config.dataDir, 'pgdata'), path.join(staging, 'database'));

    const uploadsDir = path.join(config.dataDir, 'uploads');
    if (existsSync(uploadsDir)) symlinkSync(uploadsDir, path.join(staging, 'uploads'));
    else mkdirSync(path.join(staging, 'uploads'));
    const jwtSecret = path.join(config.dataDir, 'jwt-secret');
    const hasSecret = existsSync(jwtSecret);
    if (hasSecret) symlinkSync(jwtSecret, path.join(staging, 'jwt-secret'));

    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: new Date().toISOString(),
      app: { version: appVersion() },
      migrations: database.migrations,
      database: database.entry,
      uploads: uploadsSummary(uploadsDir),
      jwt_secret: hasSecret,
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    await create(
      // follow: the uploads folder and the secret are linked into the staging folder, not copied.
      { gzip: true, file: partial, cwd: staging, follow: true, portable: true },
      ['manifest.json', 'database', 'uploads', ...(hasSecret ? ['jwt-secret'] : [])],
    );
    // On disk before it takes its name: a file with the final name is a whole backup.
    const fd = openSync(partial, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, out);

    const { size } = statSync(out);
    console.log(
      `Backup written to ${out} (${formatBytes(size)}): ${manifest.database.kind} database ` +
        `(${manifest.migrations.applied} migrations, last ${manifest.migrations.last}), ` +
        `${manifest.uploads.files} uploaded files.`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

interface Dumped {
  entry: Manifest['database'];
  migrations: Manifest['migrations'];
}

/**
 * PGlite's own copy of its data directory. The command opens the database itself, so the server must
 * not hold it (see assertPgliteFree); a checkpoint first leaves the copy clean rather than one that
 * needs recovery.
 */
async function dumpPglite(pgdata: string, into: string): Promise<Dumped> {
  if (!existsSync(path.join(pgdata, 'PG_VERSION')))
    throw new OpsError(`There is no embedded database in ${pgdata}: check DATA_DIR (or set DATABASE_URL).`);
  assertPgliteFree(pgdata, 'back up');
  const client = new PGlite(pgdata, { extensions: pgliteExtensions });
  try {
    await client.waitReady;
    const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
    const migrations = await migrationState(query);
    const [version] = await query('show server_version');
    await client.exec('checkpoint');
    const tarball = await client.dumpDataDir('none');
    writeFileSync(path.join(into, 'pgdata.tar'), Buffer.from(await tarball.arrayBuffer()));
    return {
      migrations,
      entry: {
        kind: 'pglite',
        file: 'database/pgdata.tar',
        server_version: String(version?.server_version),
      },
    };
  } finally {
    await client.close();
  }
}

/** pg_dump's custom format: one consistent snapshot, taken while the API keeps serving. */
async function dumpPostgres(databaseUrl: string, into: string): Promise<Dumped> {
  const pgDump = postgresTool('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  let migrations: Manifest['migrations'];
  let serverVersion: string;
  try {
    await client.connect();
    const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
    migrations = await migrationState(query);
    const [version] = await query('show server_version');
    serverVersion = String(version?.server_version);
  } catch (error) {
    throw new OpsError(`Cannot read the database at DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  const connection = libpqConnection(databaseUrl);
  const file = path.join(into, 'postgres.dump');
  await runTool(
    pgDump,
    // The job queue's own schema stays out: its jobs are the ends of pauses, busy modes and snoozes,
    // which every instance schedules again from the restaurants and products at start-up.
    [
      '--format=custom',
      '--no-password',
      '--exclude-schema=pgboss',
      `--file=${file}`,
      `--dbname=${connection.dbname}`,
    ],
    connection.env,
  );
  const tool = (await runTool(pgDump, ['--version'], connection.env)).trim();
  return {
    migrations,
    entry: {
      kind: 'postgres',
      file: 'database/postgres.dump',
      server_version: serverVersion,
      dump_tool: tool,
    },
  };
}

runMain(main);
