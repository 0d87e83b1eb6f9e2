import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { create } from 'tar';
import type { Config } from '../config.js';
import { migrationState, pgliteExtensions } from '../db/client.js';
import {
  appVersion,
  FORMAT,
  FORMAT_VERSION,
  filesUnder,
  libpqConnection,
  type Manifest,
  OpsError,
  postgresTool,
  runTool,
  sha256File,
  uploadsSummary,
} from './common.js';

/**
 * Writes one backup file of the database and DATA_DIR that `config` names (what `npm run backup` does,
 * and `npm run restore --force` before it replaces anything). On PGlite the caller holds the data
 * directory's lock (holdPglite).
 */
export async function writeBackup(
  config: Config,
  out: string,
): Promise<{ manifest: Manifest; size: number }> {
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

    // Copied, not linked: the checksums must be of the bytes the archive holds, and on PostgreSQL an
    // image may be being written while the backup runs (a copy-on-write clone where the file system
    // has them).
    const uploadsDir = path.join(config.dataDir, 'uploads');
    mkdirSync(path.join(staging, 'uploads'));
    if (existsSync(uploadsDir)) {
      for (const entry of readdirSync(uploadsDir, { withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const from = path.join(uploadsDir, entry.name);
        copyFileSync(from, path.join(staging, 'uploads', entry.name), constants.COPYFILE_FICLONE);
      }
    }
    const jwtSecret = path.join(config.dataDir, 'jwt-secret');
    const hasSecret = existsSync(jwtSecret);
    if (hasSecret) copyFileSync(jwtSecret, path.join(staging, 'jwt-secret'));

    const checksums: Record<string, string> = {};
    for (const file of filesUnder(staging)) checksums[file] = await sha256File(path.join(staging, file));
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: new Date().toISOString(),
      app: { version: appVersion() },
      migrations: database.migrations,
      database: database.entry,
      uploads: uploadsSummary(path.join(staging, 'uploads')),
      jwt_secret: hasSecret,
      checksums,
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    await create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      'database',
      'uploads',
      ...(hasSecret ? ['jwt-secret'] : []),
    ]);
    // On disk before it takes its name: a file with the final name is a whole backup.
    const fd = openSync(partial, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, out);
    return { manifest, size: statSync(out).size };
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
 * PGlite's own copy of its data directory. The command opens the database itself, under the folder's
 * lock (the server must not hold it); a checkpoint first leaves the copy clean rather than one that
 * needs recovery.
 */
async function dumpPglite(pgdata: string, into: string): Promise<Dumped> {
  if (!existsSync(path.join(pgdata, 'PG_VERSION')))
    throw new OpsError(`There is no embedded database in ${pgdata}: check DATA_DIR (or set DATABASE_URL).`);
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
