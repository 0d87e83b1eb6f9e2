import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process at a time on a PGlite data directory (decision 0026). PGlite has no lock of its own: a
 * second server on the same folder started, handed out the same order ids as the first, and one side's
 * acknowledged writes were gone when they stopped.
 *
 * The lock is the file `<pgdata>.lock` beside the folder (a restore swaps the folder, not the lock),
 * naming its holder. It is written under a temporary name and hard-linked to its own: link() fails when
 * the name exists, so exactly one process creates it, complete. The holder keeps it open until it lets
 * go. A lock whose pid is gone, or whose pid is running but does not have this very file open (a pid
 * reused after a crash), was left by a process that died without letting go: it is stale and taken
 * over. Liveness comes from the kernel (the pid, its open files in /proc), never from a time-out: a
 * server whose event loop PGlite keeps busy for seconds still holds its folder.
 */

/** The folder is held by another process: the message names the folder and the holder. */
export class DataDirHeld extends Error {}

interface Holder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export interface DataDirLock {
  /** The lock file. */
  file: string;
  /** Lets go (also done at process exit). Idempotent. */
  release(): void;
}

export const lockFileOf = (pgdata: string) => `${path.resolve(pgdata)}.lock`;

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') || undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process named in the lock still holds it (see above); another host's cannot be seen. */
function stillHeld(holder: Holder, lock: { ino: number; dev: number }): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // ESRCH: no such process
  }
  if (!existsSync('/proc/self/fd')) return true; // a live pid, and no way to look further
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${holder.pid}/fd`);
  } catch {
    return true; // another user's process: assume it is the holder
  }
  return fds.some((fd) => {
    try {
      const open = statSync(`/proc/${holder.pid}/fd/${fd}`);
      return open.ino === lock.ino && open.dev === lock.dev;
    } catch {
      return false;
    }
  });
}

function heldMessage(pgdata: string, file: string, holder: Holder, advice: string): string {
  const who = `pid ${holder.pid}${holder.host === hostname() ? '' : ` on host ${holder.host}`} (${holder.command}), since ${holder.since}`;
  const elsewhere =
    holder.host === hostname()
      ? ''
      : ` This machine cannot see that host's processes: if that process no longer runs, delete ${file}.`;
  return (
    `The embedded database in ${pgdata} is in use by ${who}. PGlite lets one process at a time open ` +
    `its data directory, and a second one would lose the first one's writes: ${advice}${elsewhere}`
  );
}

/**
 * Takes the lock of a PGlite data directory, or throws DataDirHeld naming the holder. `advice` ends
 * the refusal's message: what the operator should do.
 */
export async function lockDataDir(
  pgdata: string,
  advice = 'stop that process first, or give this one another DATA_DIR. (Several API instances share one database through PostgreSQL: DATABASE_URL.)',
): Promise<DataDirLock> {
  const folder = path.resolve(pgdata);
  const file = lockFileOf(folder);
  mkdirSync(path.dirname(file), { recursive: true });
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    command: commandOf(process.pid) ?? process.argv.join(' '),
    since: new Date().toISOString(),
  };
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${JSON.stringify(me)}\n`, { mode: 0o644 });
  // Open before it takes the lock's name: from the first moment the lock exists, its holder has it open.
  const fd = openSync(temp, 'r');
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let found: { ino: number; dev: number; holder: Holder | undefined };
      try {
        const { ino, dev } = statSync(file);
        let holder: Holder | undefined;
        try {
          holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
        } catch {} // not one of ours (it is written whole before it takes its name): stale
        found = { ino, dev, holder };
      } catch {
        continue; // let go meanwhile: try again
      }
      if (found.holder && stillHeld(found.holder, found)) {
        throw new DataDirHeld(heldMessage(folder, file, found.holder, advice));
      }
      if (attempt >= 20) throw new DataDirHeld(`Could not take over the stale lock ${file}: try again.`);
      await takeOver(file, found.ino);
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  } finally {
    try {
      unlinkSync(temp);
    } catch {}
  }
  const { ino } = fstatSync(fd);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      if (statSync(file).ino === ino) unlinkSync(file);
    } catch {}
    closeSync(fd);
  };
  // A process that exits without closing the database (process.exit) leaves no stale lock behind.
  process.on('exit', release);
  return { file, release };
}

/**
 * Removes a stale lock, if it is still the one found stale. Removing is the one step that is not
 * atomic (another process may have taken it over since it was read), so it runs under a second lock,
 * a directory (mkdir is atomic), held for the moment it takes; one older than a few seconds was left by
 * a process that died in that moment.
 */
async function takeOver(file: string, staleIno: number) {
  const mutex = `${file}.takeover`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(mutex).mtimeMs > 5_000) rmdirSync(mutex);
    } catch {}
    await sleep(20 + Math.random() * 30);
    return;
  }
  try {
    if (statSync(file).ino === staleIno) unlinkSync(file);
  } catch {
  } finally {
    rmdirSync(mutex);
  }
}
