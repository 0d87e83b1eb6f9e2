import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTimeZone, setOperationTimeZone } from '../../../lib/time-zone';
import { nextAtTime } from './plan-end-dialog';

describe('the planned end typed as a time of day', () => {
  const before = operationTimeZone();
  beforeAll(() => setOperationTimeZone('Europe/Sarajevo'));
  afterAll(() => setOperationTimeZone(before));

  it("is the next moment the operation's clock shows it, in winter and summer time", () => {
    // 19:30 in Sarajevo (UTC+1).
    const evening = new Date('2026-11-27T18:30:00Z');
    expect(nextAtTime('22:00', evening).toISOString()).toBe('2026-11-27T21:00:00.000Z');
    // Passed today: tomorrow.
    expect(nextAtTime('11:00', evening).toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(nextAtTime('19:30', evening).toISOString()).toBe('2026-11-28T18:30:00.000Z');
    // 12:00 in Sarajevo (UTC+2).
    expect(nextAtTime('13:15', new Date('2026-07-01T10:00:00Z')).toISOString()).toBe(
      '2026-07-01T11:15:00.000Z',
    );
  });
});
