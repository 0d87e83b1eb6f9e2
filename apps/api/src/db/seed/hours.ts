import type { Db } from '../client.js';
import { restaurantHours, restaurantHoursExceptions } from '../schema/index.js';

type Week = [opens: string, closes: string][][];
const daily = (...ranges: [string, string][]): Week => Array.from({ length: 7 }, () => ranges);

/**
 * Demo opening hours, by the restaurant's place in DEMO_RESTAURANTS. The first two (the demo
 * managers' restaurants, which the tests, the e2e flows and the simulator order from at any hour)
 * have no schedule and take orders around the clock, like a late-night burek bakery; the others keep
 * Sarajevo's hours: late morning to late night, some past midnight, a split shift, a day off.
 */
const WEEKS: (Week | null)[] = [
  null,
  null,
  daily(['11:00', '23:00']),
  // Pizzeria: Friday and Saturday until 01:00.
  [1, 2, 3, 4, 5, 6, 7].map((d) =>
    d >= 5 && d <= 6 ? [['11:00', '01:00']] : d === 7 ? [['12:00', '22:00']] : [['11:00', '23:00']],
  ),
  // Closed on Mondays.
  [1, 2, 3, 4, 5, 6, 7].map((d) => (d === 1 ? [] : [['11:00', '23:00']])),
  // Sushi: lunch and dinner, closed on Sundays.
  [1, 2, 3, 4, 5, 6, 7].map((d) =>
    d === 7
      ? []
      : [
          ['12:00', '15:00'],
          ['17:00', '23:00'],
        ],
  ),
  daily(['10:00', '02:00']),
  [1, 2, 3, 4, 5, 6, 7].map((d) => (d === 7 ? [] : [['11:00', '22:00']])),
  daily(['08:00', '23:00']),
  daily(['06:00', '22:00']),
  daily(['11:00', '22:00']),
  daily(['08:00', '23:30']),
];

export async function seedHours(db: Db, restaurantIds: number[], now = new Date()) {
  const hours = restaurantIds.flatMap((restaurant_id, index) =>
    (WEEKS[index] ?? []).flatMap((ranges, day) =>
      ranges.map(([opens, closes]) => ({ restaurant_id, weekday: day + 1, opens, closes })),
    ),
  );
  if (hours.length) await db.insert(restaurantHours).values(hours);
  // The coming New Year: one restaurant closed on the day, the pizzeria open into the night before.
  const year = now.getUTCFullYear();
  const exceptions = [
    { index: 7, date: `${year + 1}-01-01`, opens: null, closes: null, note: 'Nova godina' },
    { index: 3, date: `${year}-12-31`, opens: '18:00', closes: '03:00', note: 'Doček Nove godine' },
  ].flatMap(({ index, ...e }) => {
    const restaurant_id = restaurantIds[index];
    return restaurant_id === undefined ? [] : [{ ...e, restaurant_id }];
  });
  if (exceptions.length) await db.insert(restaurantHoursExceptions).values(exceptions);
}
