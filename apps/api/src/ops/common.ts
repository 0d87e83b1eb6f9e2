import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Config, loadConfig } from '../config.js';
import type { MigrationState } from '../db/client.js';
import { DataDirHeld, lockDataDir } from '../db/data-dir-lock.js';

/**
 * What `npm run backup` and `npm run restore` share: the settings, the manifest and its checksums, the
 * migration state, PGlite's one-process rule, and PostgreSQL's own client tools. See
 * docs/decisions/0019-backups.md and 0026-safe-restore.md.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// src/ops and dist/ops sit at the same depth, so both find the one migrations folder in src.

export const FORMAT = 'dostava-backup';
export const FORMAT_VERSION = 1;

/** A refusal or a failure the operator can act on: printed as it is, exit code 1, no stack. */
export class OpsError extends Error {}

/** The server's own settings (DATA_DIR, DATABASE_URL …), read from the same environment. */
export function opsConfig(): Config {
  // These commands sign nothing. Without a JWT_SECRET, loadConfig would generate one and store it in
  // DATA_DIR (a restore's target must stay as the operator left it) or, in production, demand one.
  return loadConfig({ ...process.env, JWT_SECRET: 'backup-and-restore-sign-nothing-000000' });
}

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  created_at: string;
  /** The API's package version and the migrations applied to the database when it was dumped. */
  app: { version: string };
  migrations: MigrationState;
  database: {
    kind: 'pglite' | 'postgres';
    /** Path inside the archive: a PGlite data-directory tarball or a `pg_dump --format=custom` file. */
    file: string;
    server_version: string;
    /** `pg_dump --version`, for a PostgreSQL dump. */
    dump_tool?: string;
  };
  uploads: { files: number; bytes: number };
  /** Whether the generated JWT secret of DATA_DIR is in the archive (absent when JWT_SECRET is set). */
  jwt_secret: boolean;
  /**
   * The SHA-256 of every other file in the archive, by its path there. Absent from backups made before
   * it was added: those are checked by their database's own tools only.
   */
  checksums?: Record<string, string>;
}

export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Files and bytes directly in the uploads folder (it holds files only: `<uuid>.<ext>`). */
export function uploadsSummary(dir: string): { files: number; bytes: number } {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(path.join(dir, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * A path the operator typed, from the folder they typed it in: npm runs scripts at the repository root
 * and names the caller's folder in INIT_CWD.
 */
export const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

// ---------------------------------------------------------------------------------------------------
// PGlite: one process at a time

/**
 * The embedded database's own lock (db/data-dir-lock.ts), the one the server takes: refused, naming
 * the process, while the server (or anything else) has the folder, and held while the command works,
 * so a server started meanwhile refuses in turn.
 */
export const holdPglite = (pgdata: string, what: string) =>
  lockDataDir(
    pgdata,
    `stop the server (Ctrl-C, or SIGTERM to its pid) and ${what} again. With a PostgreSQL server ` +
      '(DATABASE_URL) backups run while the API serves.',
  );

// ---------------------------------------------------------------------------------------------------
// What the archive holds

/** Every file under a folder, as paths relative to it with '/' (as the manifest names them). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** One message for every way a backup file can be damaged. */
export const damaged = (file: string, why: string) =>
  new OpsError(`${file} is damaged: ${why}. Nothing was changed: restore another backup.`);

// ---------------------------------------------------------------------------------------------------
// PostgreSQL: its own client tools

/**
 * pg_dump must be at least the server's major version, and pg_restore at least pg_dump's: the newest
 * client Debian installed (`/usr/lib/postgresql/<major>/bin`, from postgresql-client-<major>), else
 * whatever is on PATH.
 */
export function postgresTool(tool: 'pg_dump' | 'pg_restore' | 'psql'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const majors = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', tool)))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return path.join(root, majors[0], 'bin', tool);
  }
  const probe = spawnSync(tool, ['--version'], { stdio: 'ignore' });
  if (probe.status === 0) return tool;
  throw new OpsError(
    `${tool} was not found. Backups of a PostgreSQL server use PostgreSQL's own tools, of the server's ` +
      'major version or newer: install them (Debian: apt-get install postgresql-client) and run again.',
  );
}

/**
 * libpq's connection for a child tool: the URL without its password (argv is visible to every user of
 * the machine), the password in PGPASSWORD.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

export async function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new OpsError(`${path.basename(command)} failed${stderr ? `:\n${stderr}` : `: ${String(error)}`}`);
  }
}

/** Runs a command's main: an OpsError prints its message and exits 1; anything else its stack. */
export function runMain(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof OpsError || error instanceof DataDirHeld ? error.message : error);
      process.exit(1);
    },
  );
}

export const formatBytes = (n: number) =>
  n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
