import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirHeld, lockDataDir, lockFileOf } from './data-dir-lock.js';

const root = mkdtempSync(path.join(tmpdir(), 'dostava-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => {
  const dataDir = path.join(root, `data-${++n}`);
  mkdirSync(dataDir);
  return path.join(dataDir, 'pgdata');
};

/** A lock file as a holder would have written it. */
const leave = (pgdata: string, holder: { pid: number; host?: string }) =>
  writeFileSync(
    lockFileOf(pgdata),
    JSON.stringify({
      host: hostname(),
      command: 'node server.js',
      since: '2026-01-01T00:00:00.000Z',
      ...holder,
    }),
  );

describe('the lock of a PGlite data directory', () => {
  it('is held by one at a time: the second is refused, naming the folder and the holding pid', async () => {
    const pgdata = folder();
    const first = await lockDataDir(pgdata);
    expect(JSON.parse(readFileSync(first.file, 'utf8')).pid).toBe(process.pid);
    const second = await lockDataDir(pgdata).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DataDirHeld);
    expect((second as Error).message).toContain(
      `The embedded database in ${pgdata} is in use by pid ${process.pid}`,
    );
    first.release();
    expect(existsSync(first.file)).toBe(false);
    (await lockDataDir(pgdata)).release();
  });

  it('refuses while another live process holds it', async () => {
    const pgdata = folder();
    const [holder] = contenders(pgdata, 1);
    expect(await holder?.said).toBe('held');
    const refused = await lockDataDir(pgdata).catch((error: unknown) => error);
    expect((refused as Error).message).toContain(`is in use by pid ${holder?.child.pid}`);
    await holder?.end();
    (await lockDataDir(pgdata)).release();
  });

  it('takes over a lock whose process is gone (killed without letting go)', async () => {
    const pgdata = folder();
    const gone = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    leave(pgdata, { pid: Number(gone) });
    const lock = await lockDataDir(pgdata);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to a process that does not hold it (a reused pid)', async () => {
    const pgdata = folder();
    leave(pgdata, { pid: process.ppid });
    const lock = await lockDataDir(pgdata);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('refuses a lock of another host, whose processes it cannot see, and says how to clear it', async () => {
    const pgdata = folder();
    leave(pgdata, { pid: 1, host: 'elsewhere' });
    const refused = await lockDataDir(pgdata).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirHeld);
    expect((refused as Error).message).toContain('pid 1 on host elsewhere');
    expect((refused as Error).message).toContain(`delete ${lockFileOf(pgdata)}`);
  });

  it('lets exactly one of many processes starting together take it over', async () => {
    const pgdata = folder();
    leave(pgdata, { pid: 2 ** 22 + 1 }); // above Linux's pid_max: a process that is gone
    const all = contenders(pgdata, 6);
    const said = await Promise.all(all.map((c) => c.said));
    await Promise.all(all.map((c) => c.end()));
    expect(said.filter((s) => s === 'held')).toHaveLength(1);
    expect(said.filter((s) => s === 'refused')).toHaveLength(5);
  });
});

/** Processes that each try to take the lock, say whether they got it, and keep it until ended. */
function contenders(pgdata: string, count: number) {
  const module = path.resolve(import.meta.dirname, 'data-dir-lock.ts');
  const script = `import(${JSON.stringify(module)}).then(async (m) => {
    try { await m.lockDataDir(${JSON.stringify(pgdata)}); console.log('held'); }
    catch (e) { console.log(e instanceof m.DataDirHeld ? 'refused' : String(e)); }
    process.stdin.resume();
  })`;
  return Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const said = new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      exited.then(() => resolve(out.trim()));
    });
    return {
      child,
      said,
      end: async () => {
        child.stdin.end();
        await exited;
      },
    };
  });
}
