import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { create, extract } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { restaurantImage } from '../db/seed/images.js';
import { rowsOf } from '../lib/sql.js';
import { call, signIn } from '../test/http.js';
import { integrityViolations } from '../test/integrity.js';
import {
  type ApiProcess,
  type Backend,
  canRunPostgres,
  openBackend,
  orderBody,
  runOps,
  startApi,
  useBackend,
} from '../test/processes.js';

/**
 * `npm run backup` and `npm run restore`, run as the operator runs them (the built commands, the
 * server's settings in the environment): a seeded database with settlements and images added through
 * the API is backed up, restored into an empty data directory (and, on PostgreSQL, an empty database),
 * and the API started on the copy finds every order, settlement and image. PGlite's backup is refused
 * while the server holds the database; PostgreSQL's is made while the API serves and takes orders.
 */
const kinds = canRunPostgres() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
if (!canRunPostgres()) console.warn('backup test: no PostgreSQL binaries here, only PGlite is backed up');

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Snapshot {
  /** Every row of these tables: id → md5 of the whole row as PostgreSQL prints it. */
  orders: Map<number, string>;
  settlements: Map<number, string>;
  uploads: Map<number, string>;
  /** The file name of every upload row, as its URL names it. */
  uploadFiles: string[];
  migrations: number;
  /** Every file of DATA_DIR/uploads: name → sha256 of its bytes. */
  files: Map<string, string>;
}

async function snapshot(backend: Backend): Promise<Snapshot> {
  const database = await openBackend(backend);
  try {
    const rows = async (table: string) =>
      new Map(
        (
          await rowsOf<{ id: number; sum: string }>(
            database.db,
            sql.raw(`select id, md5(t::text) as sum from ${table} t order by id`),
          )
        ).map((r) => [Number(r.id), r.sum]),
      );
    const [migrations] = await rowsOf<{ n: number }>(
      database.db,
      sql.raw('select count(*)::int as n from drizzle.__drizzle_migrations'),
    );
    const violations = await integrityViolations(database.db);
    expect(violations, 'the database is consistent').toEqual([]);
    const dir = path.join(backend.dataDir, 'uploads');
    return {
      orders: await rows('orders'),
      settlements: await rows('settlements'),
      uploads: await rows('uploads'),
      uploadFiles: (
        await rowsOf<{ file_name: string }>(database.db, sql.raw('select file_name from uploads order by id'))
      ).map((r) => r.file_name),
      migrations: migrations?.n ?? 0,
      files: new Map(readdirSync(dir).map((name) => [name, sha256(readFileSync(path.join(dir, name)))])),
    };
  } finally {
    await database.close();
  }
}

/**
 * Everything a restore could change: every row of every table in every schema (the migrations' and
 * the job queue's too), as the sorted md5 of each row, and every file of DATA_DIR/uploads and the
 * secret, as SHA-256.
 */
async function everything(backend: Backend) {
  const database = await openBackend(backend);
  const tables = new Map<string, string[]>();
  try {
    const names = await rowsOf<{ name: string }>(
      database.db,
      sql.raw(`select format('%I.%I', schemaname, tablename) as name from pg_tables
                where schemaname not in ('pg_catalog', 'information_schema') order by 1`),
    );
    for (const { name } of names) {
      const rows = await rowsOf<{ sum: string }>(
        database.db,
        sql.raw(`select md5(t::text) as sum from ${name} t order by 1`),
      );
      tables.set(
        name,
        rows.map((r) => r.sum),
      );
    }
  } finally {
    await database.close();
  }
  const files = new Map<string, string>();
  const uploads = path.join(backend.dataDir, 'uploads');
  for (const name of existsSync(uploads) ? readdirSync(uploads) : [])
    files.set(`uploads/${name}`, sha256(readFileSync(path.join(uploads, name))));
  const secret = path.join(backend.dataDir, 'jwt-secret');
  if (existsSync(secret)) files.set('jwt-secret', sha256(readFileSync(secret)));
  return { tables, files };
}

/**
 * A copy of a backup whose database file is cut short (a bad disk, a copy that broke off), with its
 * manifest's checksums kept (the restore must notice the mismatch) or removed, as in a backup made
 * before checksums (the database's own tools must notice).
 */
async function damagedCopy(good: string, out: string, checksums: 'kept' | 'absent') {
  const dir = mkdtempSync(path.join(path.dirname(out), 'damaged-'));
  await extract({ file: good, cwd: dir });
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const database = path.join(dir, manifest.database.file);
  truncateSync(database, Math.floor(readFileSync(database).length * 0.7));
  if (checksums === 'absent') delete manifest.checksums;
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  await create({ gzip: true, file: out, cwd: dir, portable: true }, readdirSync(dir));
  rmSync(dir, { recursive: true, force: true });
  return out;
}

/** Three new images and two settlements (a period the seed's settlements do not cover) via the API. */
async function addThroughApi(api: ApiProcess) {
  const admin = await signIn(api.url, 'admin@example.com');
  const images: { id: number; file_url: string }[] = [];
  for (const hue of [20, 140, 260]) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(restaurantImage(hue, 64, 48))]), `hue-${hue}.png`);
    const res = await fetch(`${api.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    images.push(((await res.json()) as { data: { id: number; file_url: string } }).data);
  }
  const restaurants = await call(api.url, 'GET', '/api/restaurants?per_page=2', { token: admin });
  expect(restaurants.status).toBe(200);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const settlements: number[] = [];
  for (const { id } of restaurants.body.data as { id: number }[]) {
    const res = await call(api.url, 'POST', '/api/settlements', {
      token: admin,
      body: { restaurant_id: id, from: day(14), to: day(8) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    settlements.push((res.body.data as { id: number }).id);
  }
  return { images, settlements };
}

describe.each(kinds)('backup and restore on %s', (kind) => {
  const setup = useBackend(kind);
  const apis: ApiProcess[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'dostava-backup-test-'));
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    rmSync(work, { recursive: true, force: true });
  });

  it('restores every order, settlement and image into an empty target, where the API serves them', async () => {
    const { backend, demo } = setup;
    const api = await startApi(backend);
    apis.push(api);
    const added = await addThroughApi(api);
    const file = path.join(work, 'backup.tar.gz');

    // Orders acknowledged before the backup starts must all be in it.
    const kitchen = demo.kitchens[0];
    const product = kitchen && demo.menus.get(kitchen.restaurant_id)?.[0];
    if (!kitchen || !product) throw new Error('the demo has no menu');
    const customer = await signIn(api.url, demo.customers[0] as string, true);
    const placeOrder = async () => {
      const res = await call(api.url, 'POST', '/api/orders', {
        token: customer,
        body: orderBody(kitchen.restaurant_id, [{ product_id: product.id, quantity: 1 }]),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.data as { id: number }).id;
    };
    const ackedBefore = [await placeOrder(), await placeOrder()];

    const duringBackup: number[] = [];
    if (kind === 'pglite') {
      // PGlite holds its data directory alone: refused while the server has it, with the reason.
      const refused = await runOps('backup', ['--out', file], backend);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain('is in use by');
      expect(refused.output).toContain('stop the server');
      expect(existsSync(file)).toBe(false);
      await api.stop();
      const made = await runOps('backup', ['--out', file], backend);
      expect(made.code, made.output).toBe(0);
    } else {
      // Online: orders keep coming while pg_dump runs.
      let writing = true;
      const writer = (async () => {
        while (writing) duringBackup.push(await placeOrder());
      })();
      const made = await runOps('backup', ['--out', file], backend);
      writing = false;
      await writer;
      expect(made.code, made.output).toBe(0);
      await api.stop();
    }
    expect(existsSync(file)).toBe(true);
    const source = await snapshot(backend);

    // An empty data directory, and on PostgreSQL a new empty database.
    const target: Backend = {
      kind,
      dataDir: mkdtempSync(path.join(work, 'restored-')),
      databaseUrl: kind === 'postgres' ? await setup.postgres?.createDatabase() : undefined,
    };
    const restored = await runOps('restore', [file], target);
    expect(restored.code, restored.output).toBe(0);

    // Into a target that is no longer empty: refused unless forced.
    const again = await runOps('restore', [file], target);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toContain('is not empty');
    expect(again.output).toContain('--force');
    // --force replaces it (on PostgreSQL: the schemas are dropped and the dump restored again).
    const forced = await runOps('restore', [file, '--force'], target);
    expect(forced.code, forced.output).toBe(0);

    const copy = await snapshot(target);
    const back = await startApi(target);
    apis.push(back);

    // The API on the copy: the same totals, and every image at its URL with the same bytes.
    const admin = await signIn(back.url, 'admin@example.com');
    const total = async (url: string) => {
      const res = await call(back.url, 'GET', url, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.meta as { total: number }).total;
    };
    expect(await total('/api/orders?per_page=1')).toBe(copy.orders.size);
    expect(await total('/api/settlements?per_page=1')).toBe(copy.settlements.size);
    expect(copy.uploadFiles.length).toBe(copy.uploads.size);
    for (const name of copy.uploadFiles) {
      const res = await fetch(`${back.url}/api/uploads/${name}`);
      expect(res.status, name).toBe(200);
      expect(sha256(new Uint8Array(await res.arrayBuffer())), name).toBe(source.files.get(name));
    }
    await back.stop();

    // Every row and every file, compared.
    for (const image of added.images) expect(copy.uploads.has(image.id)).toBe(true);
    for (const id of added.settlements) expect(copy.settlements.has(id)).toBe(true);
    for (const id of ackedBefore) expect(copy.orders.has(id)).toBe(true);
    expect(copy.settlements).toEqual(source.settlements);
    expect(copy.uploads).toEqual(source.uploads);
    expect(copy.files).toEqual(source.files);
    expect(copy.migrations).toBe(source.migrations);
    if (kind === 'pglite') {
      expect(copy.orders).toEqual(source.orders);
    } else {
      // The dump is one snapshot taken during the writes: every order before it, some of those
      // placed while it ran, and each one exactly as it is in the source.
      const placedDuring = new Set(duringBackup);
      const missing = [...source.orders.keys()].filter((id) => !copy.orders.has(id));
      expect(
        missing.filter((id) => !placedDuring.has(id)),
        'orders missing from the copy',
      ).toEqual([]);
      for (const [id, sum] of copy.orders) expect(source.orders.get(id), `order ${id}`).toBe(sum);
      const taken = duringBackup.length - missing.length;
      console.log(
        `backup test (postgres): ${duringBackup.length} orders placed while pg_dump ran, ${taken} in its snapshot`,
      );
    }
    console.log(
      `backup test (${kind}): ${copy.orders.size} orders, ${copy.settlements.size} settlements, ` +
        `${copy.uploads.size} uploads (${copy.files.size} files) restored and served`,
    );
  });

  it('a damaged backup, even with --force, leaves a non-empty target as it was, row for row', async () => {
    const { backend } = setup; // the source of the test above: seeded, used, its server stopped
    const dir = mkdtempSync(path.join(work, 'damaged-'));
    const good = path.join(dir, 'good.tar.gz');
    const made = await runOps('backup', ['--out', good], backend);
    expect(made.code, made.output).toBe(0);
    const before = await everything(backend);
    expect(before.tables.get('public.orders')?.length).toBeGreaterThan(0);

    const cutArchive = path.join(dir, 'cut-archive.tar.gz');
    writeFileSync(cutArchive, readFileSync(good).subarray(0, Math.floor(readFileSync(good).length / 2)));
    const cases = [
      { file: cutArchive, says: 'does not unpack' },
      {
        file: await damagedCopy(good, path.join(dir, 'checked.tar.gz'), 'kept'),
        says: 'does not match its checksum',
      },
      {
        // No checksums to catch it: PGlite must fail to open it; pg_restore reads the table of contents
        // at the start, fails on the data, and the one transaction rolls the drop back.
        file: await damagedCopy(good, path.join(dir, 'unchecked.tar.gz'), 'absent'),
        says: kind === 'pglite' ? 'its embedded database does not open' : 'is as it was',
      },
    ];
    // Every case is checked, and reported, even when one fails.
    for (const { file, says } of cases) {
      const refused = await runOps('restore', [file, '--force'], backend);
      const after = await everything(backend);
      expect.soft([...after.tables.keys()], `${file}\n${refused.output}`).toEqual([...before.tables.keys()]);
      for (const [table, rows] of before.tables)
        expect.soft(after.tables.get(table), `${file}: ${table}`).toEqual(rows);
      expect.soft(after.files, file).toEqual(before.files);
      expect.soft(refused.code, refused.output).toBe(1);
      expect.soft(refused.output, 'a message, not a stack trace').not.toMatch(/^\s+at /m);
      expect.soft(refused.output).toContain(says);
      expect.soft(refused.output).not.toContain('What was there before is saved');
    }
    expect(
      readdirSync(backend.dataDir).filter((name) => name.startsWith('.restore-')),
      'no staging left behind',
    ).toEqual([]);

    // The same backup whole: replaces the target, after saving what was there as a backup of its own.
    const forced = await runOps('restore', [good, '--force'], backend);
    expect(forced.code, forced.output).toBe(0);
    const saved = forced.output.match(/What was there before is saved in (\S+?):/)?.[1];
    expect(saved, forced.output).toBeDefined();
    expect(path.dirname(saved as string)).toBe(backend.dataDir);
    const after = await everything(backend);
    for (const [table, rows] of before.tables) {
      if (table.startsWith('pgboss.')) continue; // the job queue's schema is not backed up (0019)
      expect(after.tables.get(table), table).toEqual(rows);
    }
    expect(after.files).toEqual(before.files);

    // That safety copy restores like any backup.
    const elsewhere: Backend = {
      kind,
      dataDir: path.join(dir, 'elsewhere'),
      databaseUrl: kind === 'postgres' ? await setup.postgres?.createDatabase() : undefined,
    };
    const back = await runOps('restore', [saved as string], elsewhere);
    expect(back.code, back.output).toBe(0);
    const copy = await everything(elsewhere);
    expect(copy.tables.get('public.orders')).toEqual(before.tables.get('public.orders'));
  });
});
