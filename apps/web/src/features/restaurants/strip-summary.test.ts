import type { CapacityState, OrderingState } from '@dostava/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadI18n } from '../../lib/i18n';
import { stripSummary } from './strip-summary';

// Wednesday 14 January 2026, 23:00 in Sarajevo (22:00 UTC): most restaurants are closed.
const now = new Date('2026-01-14T22:00:00Z');
const open: OrderingState = {
  takes_orders: true,
  reason: null,
  busy_minutes: 0,
  opens_at: null,
  closes_at: null,
};
const restaurant = (
  id: number,
  name: string,
  ordering: Partial<OrderingState>,
  mode: CapacityState['mode'] = 'normal',
): CapacityState => ({
  restaurant_id: id,
  restaurant_name: name,
  mode,
  busy_minutes: ordering.busy_minutes ?? 0,
  busy_until: null,
  paused_until: mode === 'paused' ? (ordering.opens_at ?? null) : null,
  ordering: { ...open, ...ordering },
});
const closed = (id: number, name: string, opens_at: string | null) =>
  restaurant(id, name, { takes_orders: false, reason: 'closed', opens_at });

const list = [
  closed(1, 'Ćevabdžinica Željo', '2026-01-15T07:00:00Z'),
  // Closed for the evening, reopening before midnight.
  closed(7, 'Kafana', '2026-01-14T22:45:00Z'),
  restaurant(2, 'Pizzeria Napoli', { busy_minutes: 20, closes_at: '2026-01-14T23:00:00Z' }, 'busy'),
  closed(3, 'Buregdžinica Sač', '2026-01-15T05:00:00Z'),
  restaurant(
    4,
    'Trattoria',
    { takes_orders: false, reason: 'paused', opens_at: '2026-01-14T22:30:00Z' },
    'paused',
  ),
  closed(5, 'Aščinica', null),
  // Paused, but closed by its hours first: closed is what matters (it takes orders again at opening).
  restaurant(
    6,
    'Bistro',
    { takes_orders: false, reason: 'closed', opens_at: '2026-01-19T07:00:00Z' },
    'paused',
  ),
];

describe("the dispatcher's strip", () => {
  beforeAll(() => loadI18n('full'));

  it('names busy and paused restaurants one by one and puts the closed ones behind a count, soonest to open first', async () => {
    for (const [language, expected] of [
      [
        'en',
        {
          attention: ['Pizzeria Napoli: Busy +20 min', 'Trattoria: Paused until 23:30'],
          count: '5 closed',
          closed: [
            'Kafana: Closed until 23:45',
            'Buregdžinica Sač: Opens Thursday 06:00',
            'Ćevabdžinica Željo: Opens Thursday 08:00',
            'Bistro: Opens Monday 08:00',
            'Aščinica: Closed',
          ],
        },
      ],
      [
        'bs',
        {
          attention: ['Pizzeria Napoli: Gužva +20 min', 'Trattoria: Pauzirano do 23:30'],
          count: 'Zatvoreno: 5',
          closed: [
            'Kafana: Zatvoreno do 23:45',
            'Buregdžinica Sač: Otvara u četvrtak u 06:00',
            'Ćevabdžinica Željo: Otvara u četvrtak u 08:00',
            'Bistro: Otvara u ponedjeljak u 08:00',
            'Aščinica: Zatvoreno',
          ],
        },
      ],
    ] as const) {
      await changeLanguage(language);
      const t = i18n.t.bind(i18n);
      const summary = stripSummary(list, t, now);
      const say = (r: { name: string; state: string }) =>
        t('restaurants.capacity.chip', { name: r.name, state: r.state });
      expect(summary.attention.map(say)).toEqual(expected.attention);
      expect(summary.attention.map((r) => r.kind)).toEqual(['busy', 'paused']);
      expect(t('restaurants.capacity.closed_count', { count: summary.closed.length })).toBe(expected.count);
      expect(summary.closed.map(say)).toEqual(expected.closed);
    }
  });

  it('lists nothing when every restaurant is open at normal capacity', () => {
    expect(stripSummary([], i18n.t.bind(i18n), now)).toEqual({ attention: [], closed: [] });
  });
});
