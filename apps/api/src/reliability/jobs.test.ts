import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import { call, signIn } from '../test/http.js';
import {
  type ApiProcess,
  type Backend,
  canRunPostgres,
  openBackend,
  startApi,
  until,
  useBackend,
} from '../test/processes.js';

/**
 * A pause ends by itself (the database job queue, lib/jobs.ts): once, at its time, across several
 * instances sharing PostgreSQL, with an instance restarted in between; and after a restart when no
 * instance was running at its time. On PGlite one instance, stopped and started again.
 */
const kinds = canRunPostgres() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
if (!canRunPostgres()) console.warn('jobs test: no PostgreSQL binaries here, only PGlite is restarted');

const env = { JOBS_POLLING_SECONDS: '0.5' };

/**
 * The pause's ends the queue recorded (audit entries without an actor), the pause now, and how many
 * of its end jobs are still to run (a second run, were there one, would still be waiting or running).
 */
async function endsOf(backend: Backend, restaurantId: number) {
  const database = await openBackend(backend);
  try {
    const ends = await rowsOf<{ at: Date }>(
      database.db,
      sql`select created_at as at from audit_log where entity = 'restaurants' and entity_id = ${String(restaurantId)}
            and actor_id is null and before->>'paused_until' is not null order by id`,
    );
    const [row] = await rowsOf<{ paused_until: Date | null }>(
      database.db,
      sql`select paused_until from restaurants where id = ${restaurantId}`,
    );
    const [jobs] = await rowsOf<{ open: number }>(
      database.db,
      sql`select count(*)::int as open from pgboss.job where name = 'restaurant-pause-ends'
            and (data->>'restaurant_id')::int = ${restaurantId} and state in ('created', 'retry', 'active')`,
    );
    return {
      ends: ends.map((e) => new Date(e.at)),
      paused_until: row?.paused_until ?? null,
      open: jobs?.open ?? 0,
    };
  } finally {
    await database.close();
  }
}

describe.each(kinds)('the end of a pause on %s', (kind) => {
  const setup = useBackend(kind);
  let apis: ApiProcess[] = [];
  let kitchen = { email: '', restaurant_id: 0 };
  beforeAll(async () => {
    const first = setup.demo.kitchens[0];
    if (!first) throw new Error('the demo has no restaurant staff');
    kitchen = first;
  });
  afterAll(() => Promise.all(apis.map((api) => api.stop())));
  const instances = kind === 'postgres' ? 2 : 1;
  const startAll = async () => {
    apis = await Promise.all(Array.from({ length: instances }, () => startApi(setup.backend, env)));
  };
  const stopAll = async () => {
    await Promise.all(apis.map((api) => api.stop()));
    apis = [];
  };
  // PGlite is one process's database: read it while no server holds it. Each read restarts the
  // instance, so a probe of the queue gives the restarted one time to poll and run its due jobs
  // before the next read stops it again (on a loaded machine its first poll may come seconds after it
  // listens); on PostgreSQL the instances run throughout.
  const queueProbe = kind === 'pglite' ? { limit: 300_000, every: 10_000 } : { limit: 120_000, every: 250 };
  const read = async () => {
    if (kind === 'postgres') return endsOf(setup.backend, kitchen.restaurant_id);
    await stopAll();
    const found = await endsOf(setup.backend, kitchen.restaurant_id);
    await startAll();
    return found;
  };
  /** The pause's ends once no job of it is open any more. */
  const pauseJobsDone = () =>
    until(
      async () => {
        const found = await read();
        return found.open === 0 && found;
      },
      'the pause jobs to finish',
      queueProbe.limit,
      queueProbe.every,
    );
  const pause = async (api: ApiProcess, seconds: number) => {
    const token = await signIn(api.url, kitchen.email);
    const end = new Date(Date.now() + seconds * 1000);
    const res = await call(api.url, 'PUT', `/api/restaurants/${kitchen.restaurant_id}/capacity`, {
      token,
      body: { mode: 'paused', until: end.toISOString() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return end;
  };

  it('ends once, at its time, with an instance restarted in between', async () => {
    await startAll();
    const [first] = apis;
    if (!first) throw new Error('no instance');
    const end = await pause(first, 20);
    // The instance that set the pause goes away and comes back before its end.
    await first.stop();
    apis[0] = await startApi(setup.backend, env);
    const api = apis[0];
    // On PostgreSQL the other instance runs throughout; on PGlite only if the restart beat the end.
    const watched = kind === 'postgres' || Date.now() < end.getTime();
    const token = await signIn(api.url, kitchen.email);
    const capacity = () =>
      call(api.url, 'GET', `/api/restaurants/${kitchen.restaurant_id}/capacity`, { token }).then(
        (res) => (res.body.data as { mode: string }).mode,
      );
    // Still paused when it is back (unless its start took longer than the pause, on a loaded machine).
    if (Date.now() < end.getTime() - 1_000) expect(await capacity()).toBe('paused');
    await until(async () => (await capacity()) === 'normal', 'the pause to end', undefined, 100);
    // Every job of the pause has run: a second end, were there one, would have come by now.
    const { ends, paused_until } = await pauseJobsDone();
    expect(paused_until).toBeNull();
    expect(ends).toHaveLength(1);
    const endedAt = ends[0]?.getTime() ?? 0;
    expect(endedAt).toBeGreaterThanOrEqual(end.getTime());
    // At its time: within the polling interval and some slack for a loaded machine, not minutes later.
    if (watched) expect(endedAt - end.getTime()).toBeLessThan(10_000);
  });

  it('ends after a restart when no instance ran at its time', async () => {
    const [api] = apis;
    if (!api) throw new Error('no instance');
    const end = await pause(api, 3);
    await stopAll();
    await until(() => Date.now() > end.getTime() + 1_000, 'the end to pass with no instance running');
    await startAll();
    const [back] = apis;
    if (!back) throw new Error('no instance');
    const token = await signIn(back.url, kitchen.email);
    await until(
      async () =>
        (
          (await call(back.url, 'GET', `/api/restaurants/${kitchen.restaurant_id}/capacity`, { token })).body
            .data as { mode: string }
        ).mode === 'normal',
      'the pause to end after the restart',
      undefined,
      100,
    );
    const { ends } = await pauseJobsDone();
    expect(ends).toHaveLength(2);
  });
});
