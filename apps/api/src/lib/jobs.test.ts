import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { until } from '../test/processes.js';
import { changedNothing, JobQueue } from './jobs.js';

// pg-boss's own statements and its reading of their answers (the package has no exports map).
const require = createRequire(import.meta.url);
const plans = require('pg-boss/src/plans.js') as Record<string, (schema: string) => string>;
const Manager = require('pg-boss/src/manager.js') as {
  prototype: { mapCommandResponse(ids: string[], result: unknown): { affected: number } };
};

describe('changedNothing (a write dropped while the queue stops)', () => {
  it.each(['completeJobs', 'failJobsById'])('is read by pg-boss as %s changing no job', (plan) => {
    const text = plans[plan]?.('pgboss') ?? '';
    expect(Manager.prototype.mapCommandResponse(['a'], changedNothing(text))).toMatchObject({ affected: 0 });
  });

  it('is no rows for any other statement (a fetch finds no job)', () => {
    expect(changedNothing(plans.fetchNextJob?.('pgboss') ?? 'select 1').rows).toEqual([]);
  });
});

describe('JobQueue.stop', () => {
  it('lands the end of the jobs it ran before the database closes (pg-boss records it without awaiting)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobs-stop-'));
    try {
      const database = await openDatabase({ pgliteDir: dir });
      await database.migrate();
      const jobs = new JobQueue(database, { pollingSeconds: 0.5, log: { warn: () => {}, error: () => {} } });
      let stopped: Promise<void> | undefined;
      jobs.handle('restaurant-pause-ends', async () => {
        // Something else is queued on the database as the job ends (the server's own work), so the
        // queue's record of the end waits its turn; the server stops right then.
        void database.executeSql('select pg_sleep(0.3)', []).catch(() => {});
        stopped = jobs.stop().then(() => database.close());
      });
      await jobs.schedule('restaurant-pause-ends', { restaurant_id: 1 }, new Date(), 'stop-test');
      await until(() => stopped !== undefined, 'the job to run', 30_000, 50);
      await stopped;
      // What the next start finds: the job ended, not still active (which would wait for its expiry
      // and for maintenance on an instance that lives long enough to run it).
      const again = await openDatabase({ pgliteDir: dir });
      try {
        const { rows } = await again.executeSql('select state from pgboss.job where singleton_key = $1', [
          'stop-test',
        ]);
        expect(rows).toEqual([{ state: 'completed' }]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
