import type { DispatchReasons } from '@dostava/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadI18n } from '../../../lib/i18n';
import { countdown, reasonsInWords } from './dispatch-words';

const at = Date.parse('2026-03-01T18:00:00Z');
const minutes = (n: number) => new Date(at + n * 60_000).toISOString();
const reasons = (over: Partial<DispatchReasons> = {}): DispatchReasons => ({
  state: 'free',
  distance_km: 0.8,
  location_minutes: 0,
  arrival_at: minutes(3),
  food_ready_at: minutes(4),
  predicted_delivery_at: minutes(20),
  load: 0,
  late_minutes: 0,
  batched_with: null,
  ...over,
});

describe('reasonsInWords', () => {
  beforeAll(() => loadI18n('full'));

  it('says why a free driver was chosen, in English and in Bosnian', async () => {
    await changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(reasonsInWords(reasons(), at, t, 'en')).toBe(
      'free, 0.8 km away, location just now, there in 3 min, food ready in 4 min, on time',
    );
    await changeLanguage('bs');
    expect(reasonsInWords(reasons(), at, i18n.t.bind(i18n), 'bs')).toBe(
      'slobodan, 0,8 km daleko, lokacija upravo sad, stiže za 3 min, hrana spremna za 4 min, na vrijeme',
    );
  });

  it('names the order a batched driver carries, the age of the location and the predicted lateness', async () => {
    await changeLanguage('en');
    const words = reasonsInWords(
      reasons({
        state: 'carrying',
        load: 1,
        batched_with: 'A-1042',
        distance_km: 2.345,
        location_minutes: 4,
        arrival_at: minutes(-1),
        food_ready_at: minutes(-2),
        late_minutes: 6,
      }),
      at,
      i18n.t.bind(i18n),
      'en',
    );
    expect(words).toBe(
      'carrying 1 order, batched with A-1042, 2.3 km away, location 4 min old, there now, food is ready, 6 min late',
    );
  });

  it('says when the fallback chose the driver, and names every order of a batch of three', async () => {
    await changeLanguage('en');
    const fallback = reasons({
      fallback: true,
      distance_km: 9.4,
      arrival_at: minutes(25),
      food_ready_at: minutes(-6),
    });
    expect(reasonsInWords(fallback, at, i18n.t.bind(i18n), 'en')).toBe(
      'free, its food waited 6 min: the nearest driver who can take it, 9.4 km away, location just now, there in 25 min, food is ready, on time',
    );
    const three = reasons({ state: 'carrying', load: 2, batched_with: 'A-1042, A-1043' });
    expect(reasonsInWords(three, at, i18n.t.bind(i18n), 'en')).toMatch(
      /^carrying 2 orders, batched with A-1042, A-1043, /,
    );
    await changeLanguage('bs');
    expect(reasonsInWords(fallback, at, i18n.t.bind(i18n), 'bs')).toBe(
      'slobodan, hrana je čekala 6 min: najbliži vozač koji je može preuzeti, 9,4 km daleko, lokacija upravo sad, stiže za 25 min, hrana je spremna, na vrijeme',
    );
  });

  it('counts the orders carried in Bosnian’s three plural forms', async () => {
    await changeLanguage('bs');
    const t = i18n.t.bind(i18n);
    const first = (load: number) =>
      reasonsInWords(reasons({ state: 'carrying', load }), at, t, 'bs').split(',')[0];
    expect([first(1), first(2), first(5)]).toEqual(['nosi 1 narudžbu', 'nosi 2 narudžbe', 'nosi 5 narudžbi']);
  });
});

describe('countdown', () => {
  it('shows what is left of an offer as m:ss, never below zero', () => {
    const expires = new Date(at + 75_000).toISOString();
    expect(countdown(expires, at)).toBe('1:15');
    expect(countdown(expires, at + 68_200)).toBe('0:07');
    expect(countdown(expires, at + 80_000)).toBe('0:00');
  });
});
