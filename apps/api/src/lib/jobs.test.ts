import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { changedNothing } from './jobs.js';

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
