import type { OrderingState } from '@dostava/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadI18n } from '../../lib/i18n';
import { orderingLabels } from './ordering-status';

const state = (over: Partial<OrderingState>): OrderingState => ({
  takes_orders: false,
  reason: 'closed',
  busy_minutes: 0,
  opens_at: null,
  closes_at: null,
  ...over,
});
// Wednesday 14 January 2026, 10:00 in Sarajevo (09:00 UTC).
const now = new Date('2026-01-14T09:00:00Z');

describe('orderingLabels', () => {
  beforeAll(() => loadI18n('full'));

  it('says open, closed until a time today, opens on a weekday, paused until, busy', async () => {
    for (const [language, expected] of [
      [
        'en',
        ['Open', 'Busy +20 min', 'Closed until 11:00', 'Opens Monday 08:00', 'Paused until 10:30', 'Closed'],
      ],
      [
        'bs',
        [
          'Otvoreno',
          'Gužva +20 min',
          'Zatvoreno do 11:00',
          'Otvara u ponedjeljak u 08:00',
          'Pauzirano do 10:30',
          'Zatvoreno',
        ],
      ],
    ] as const) {
      await changeLanguage(language);
      const t = i18n.t.bind(i18n);
      const open = orderingLabels(state({ takes_orders: true, reason: null, busy_minutes: 20 }), t, now);
      expect([open.status, open.busy]).toEqual(expected.slice(0, 2));
      expect(orderingLabels(state({ opens_at: '2026-01-14T10:00:00Z' }), t, now).status).toBe(expected[2]);
      expect(orderingLabels(state({ opens_at: '2026-01-19T07:00:00Z' }), t, now).status).toBe(expected[3]);
      expect(
        orderingLabels(state({ reason: 'paused', opens_at: '2026-01-14T09:30:00Z' }), t, now).status,
      ).toBe(expected[4]);
      expect(orderingLabels(state({}), t, now)).toEqual({ status: expected[5], busy: null });
    }
  });
});
