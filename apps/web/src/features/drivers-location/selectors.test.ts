import { describe, expect, it } from 'vitest';
import { testDriver as driver } from './live/test-driver';
import {
  type CountingT,
  driverName,
  driverStateText,
  type FocusInput,
  focusOf,
  isShown,
  isStale,
  lateCount,
  liveUpdatedAt,
  locatedCount,
  type MapOrder,
  type MarkerWords,
  markerLook,
  matchesSearch,
  namesKeyOf,
  orderPointsOf,
  orderRowsOf,
  ordersOf,
  ROWS_PER_STEP,
  restaurantPointsOf,
  rowsToRender,
  visibleDrivers,
} from './selectors';

const order = (id: number, patch: Partial<MapOrder> = {}): MapOrder => ({
  id,
  order_number: `D-${id}`,
  status: 'created',
  restaurant_id: 1,
  driver_id: null,
  address: 'Ferhadija 1',
  lat: 43.86,
  lng: 18.42,
  status_changed_at: '2026-01-01T10:00:00.000Z',
  ...patch,
});

const scooter = { id: 7, type: 'scooter' as const, plate_number: 'A12-K-345' };

describe('matchesSearch', () => {
  const dorde = driver(1, { first_name: 'Đorđe', last_name: 'Šarić', vehicle: scooter });

  it('finds every word of the search in the name, case and accents aside, in any order', () => {
    expect(matchesSearch(dorde, '')).toBe(true);
    expect(matchesSearch(dorde, 'dorde')).toBe(true);
    expect(matchesSearch(dorde, 'saric dorde')).toBe(true);
    expect(matchesSearch(dorde, 'ŠARIĆ')).toBe(true);
    expect(matchesSearch(dorde, 'dorde petrovic')).toBe(false);
  });

  it('finds the plate with or without its spaces and hyphens', () => {
    expect(matchesSearch(dorde, 'a12k345')).toBe(true);
    expect(matchesSearch(dorde, 'A12-K-345')).toBe(true);
    expect(matchesSearch(dorde, 'k-34')).toBe(true);
    expect(matchesSearch(driver(2), 'a12')).toBe(false);
  });
});

describe('isShown and visibleDrivers', () => {
  const drivers = [
    driver(1, { first_name: 'Mirza', last_name: 'Begić', state: 'delivering' }),
    driver(2, { first_name: 'Amra', last_name: 'Begić' }),
    driver(3, { first_name: 'Adnan', last_name: 'Alić', state: 'on_break' }),
  ];

  it('keeps the drivers in the picked state who match the search ("" is every state)', () => {
    expect(drivers.filter((d) => isShown(d, '', '')).map((d) => d.id)).toEqual([1, 2, 3]);
    expect(drivers.filter((d) => isShown(d, 'delivering', '')).map((d) => d.id)).toEqual([1]);
    expect(drivers.filter((d) => isShown(d, '', 'begic')).map((d) => d.id)).toEqual([1, 2]);
    expect(drivers.filter((d) => isShown(d, 'on_break', 'begic'))).toEqual([]);
  });

  it('keeps, with a zone picked, the drivers now inside it (its edge in, its hole out)', () => {
    // A square around the test drivers' (43.85, 18.41) with a hole around (43.87, 18.43).
    const ring = (a: number, b: number, c: number, d: number) => [
      [a, b],
      [c, b],
      [c, d],
      [a, d],
      [a, b],
    ];
    const zone = {
      type: 'Polygon' as const,
      coordinates: [ring(18.4, 43.84, 18.45, 43.9), ring(18.425, 43.865, 18.435, 43.875)],
    };
    const inHole = driver(4, { location: { lat: 43.87, lng: 18.43 } });
    const onEdge = driver(5, { location: { lat: 43.84, lng: 18.42 } });
    const outside = driver(6, { location: { lat: 43.7, lng: 18.41 } });
    const nowhere = driver(7, { location: null, last_location_at: null });
    const all = [...drivers, inHole, onEdge, outside, nowhere];
    expect(all.filter((d) => isShown(d, '', '', zone)).map((d) => d.id)).toEqual([1, 2, 3, 5]);
    expect(all.filter((d) => isShown(d, 'on_break', '', zone)).map((d) => d.id)).toEqual([3]);
    expect(all.filter((d) => isShown(d, '', '', null))).toHaveLength(7);
  });

  it('sorts what is left by last name, then first name, without touching the store’s list', () => {
    const input = [...drivers];
    expect(visibleDrivers(input, () => true).map((d) => d.id)).toEqual([3, 2, 1]);
    expect(visibleDrivers(input, (d) => d.id !== 3).map((d) => d.id)).toEqual([2, 1]);
    expect(input).toEqual(drivers);
  });
});

describe('locations', () => {
  const now = Date.parse('2026-01-01T10:10:00.000Z');

  it('counts a driver as located only with a position and its time', () => {
    const drivers = [
      driver(1),
      driver(2, { location: null, last_location_at: null }),
      driver(3, { last_location_at: null }),
    ];
    expect(locatedCount(drivers)).toBe(1);
  });

  it('calls a location stale past the configured age; a missing one is not stale', () => {
    expect(isStale(driver(1), now, 10 * 60_000)).toBe(false);
    expect(isStale(driver(1), now, 10 * 60_000 - 1)).toBe(true);
    expect(isStale(driver(2, { location: null, last_location_at: null }), now, 0)).toBe(false);
    expect(isStale(undefined, now, 0)).toBe(false);
  });
});

describe('markerLook', () => {
  const words: MarkerWords = {
    letter: (state) => state.charAt(0).toUpperCase(),
    vehicle: (type) => type ?? 'no vehicle',
    state: (d) => `state ${d.state}`,
    stale: 'old location',
  };

  it('names the driver, their state and vehicle, and a stale location in words', () => {
    expect(markerLook(driver(1, { state: 'delivering', vehicle: scooter }), false, words)).toEqual({
      state: 'delivering',
      vehicle: 'scooter',
      letter: 'D',
      stale: false,
      label: 'Ana Driver 1, state delivering, scooter',
    });
    expect(markerLook(driver(2), true, words)).toEqual({
      state: 'available',
      vehicle: null,
      letter: 'A',
      stale: true,
      label: 'Ana Driver 2, state available, no vehicle, old location',
    });
  });

  it('draws a driver just off shift as available', () => {
    const look = markerLook(driver(3, { state: 'off_shift' }), false, words);
    expect(look.state).toBe('available');
    expect(look.letter).toBe('A');
  });
});

describe('the orders layer', () => {
  const isLate = (o: MapOrder) => o.id === 2;

  it('gives each restaurant its point and label', () => {
    const restaurants = [{ id: 4, name: 'Ćevabdžinica', lat: 43.8, lng: 18.4, active_orders: 3 }];
    expect(restaurantPointsOf(restaurants, (r) => `${r.name} (${r.active_orders})`)).toEqual([
      { id: 4, lat: 43.8, lng: 18.4, count: 3, label: 'Ćevabdžinica (3)' },
    ]);
  });

  it('marks late drop-offs in words and lights the selected driver’s', () => {
    const orders = [order(1, { driver_id: 5 }), order(2, { driver_id: 6 }), order(3)];
    const points = orderPointsOf(orders, isLate, 5, (o) => `${o.order_number} late`);
    expect(points.map((p) => [p.id, p.late, p.highlighted, p.label])).toEqual([
      [1, false, true, 'D-1'],
      [2, true, false, 'D-2 late'],
      [3, false, false, 'D-3'],
    ]);
    expect(orderPointsOf(orders, isLate, null, () => '').some((p) => p.highlighted)).toBe(false);
    expect(ordersOf(orders, 5).map((o) => o.id)).toEqual([1]);
  });

  it('lists late orders first, then the one waiting longest, with their restaurant and driver', () => {
    const ana = driver(5);
    const orders = [
      order(1, { status_changed_at: '2026-01-01T10:05:00.000Z', driver_id: 5 }),
      order(3, { status_changed_at: '2026-01-01T10:01:00.000Z', restaurant_id: 9 }),
      order(2, { status_changed_at: '2026-01-01T10:09:00.000Z', driver_id: 77 }),
    ];
    const rows = orderRowsOf(orders, isLate, new Map([[1, 'Pekara']]), new Map([[5, ana]]));
    expect(rows.map((r) => r.order.id)).toEqual([2, 3, 1]);
    expect(rows.map((r) => [r.late, r.restaurant, r.driver])).toEqual([
      [true, 'Pekara', undefined],
      [false, undefined, undefined],
      [false, 'Pekara', ana],
    ]);
    expect(lateCount(rows)).toBe(1);
  });

  it('keys the drivers by their names, so a move does not rebuild the order rows', () => {
    const drivers = [driver(1), driver(2)];
    const key = namesKeyOf(drivers);
    expect(namesKeyOf([driver(1, { location: { lat: 44, lng: 18 } }), driver(2)])).toBe(key);
    expect(namesKeyOf([driver(1, { first_name: 'Lejla' }), driver(2)])).not.toBe(key);
    expect(namesKeyOf([driver(1)])).not.toBe(key);
    expect(driverName(drivers[0])).toBe('Ana Driver 1');
  });
});

describe('liveUpdatedAt', () => {
  it('takes the stream’s last word only while connected', () => {
    expect(liveUpdatedAt(100, { status: 'connected', lastEventAt: 500 })).toBe(500);
    expect(liveUpdatedAt(900, { status: 'connected', lastEventAt: 500 })).toBe(900);
    expect(liveUpdatedAt(100, { status: 'connected', lastEventAt: null })).toBe(100);
    expect(liveUpdatedAt(100, { status: 'reconnecting', lastEventAt: 500 })).toBe(100);
  });
});

describe('focusOf', () => {
  const record = { data: undefined, isError: false, notFound: false };
  const input = (patch: Partial<FocusInput>): FocusInput => ({
    selectedId: 1,
    selected: undefined,
    markerShown: false,
    listLoaded: true,
    record,
    ...patch,
  });

  it('says nothing without a focused driver, with their marker shown, or before the list loads', () => {
    expect(focusOf(input({ selectedId: null }))).toEqual({ kind: 'none' });
    expect(focusOf(input({ selected: driver(1), markerShown: true }))).toEqual({ kind: 'none' });
    expect(focusOf(input({ listLoaded: false }))).toEqual({ kind: 'none' });
  });

  it('tells a driver on shift without a location, or hidden by the filters', () => {
    const noLocation = driver(1, { location: null, last_location_at: null });
    expect(focusOf(input({ selected: noLocation }))).toEqual({
      kind: 'driver',
      driver: noLocation,
      message: 'errors.driver_no_location',
    });
    expect(focusOf(input({ selected: driver(1) }))).toEqual({
      kind: 'driver',
      driver: driver(1),
      message: null,
    });
  });

  it('shows a driver not on shift from their record, and a missing one as not found', () => {
    const offShift = driver(1, { state: 'off_shift' });
    expect(focusOf(input({ record: { ...record, data: offShift } }))).toEqual({
      kind: 'driver',
      driver: offShift,
      message: 'drivers_map.not_on_shift',
    });
    expect(focusOf(input({ record: { data: undefined, isError: true, notFound: true } }))).toEqual({
      kind: 'not_found',
    });
  });

  it('waits for the record, and offers a retry when it fails otherwise', () => {
    expect(focusOf(input({}))).toEqual({ kind: 'loading' });
    expect(focusOf(input({ record: { data: undefined, isError: true, notFound: false } }))).toEqual({
      kind: 'failed',
    });
  });
});

describe('driverStateText', () => {
  const t: CountingT = (key, options) => (options === undefined ? key : `${key}:${options.count}`);

  it('says a free driver asked to end the shift (dispatch skips them), and busy with the load', () => {
    expect(driverStateText(t, driver(1))).toBe('driver_states.available');
    expect(driverStateText(t, driver(1, { end_shift_requested: true }))).toBe('driver_states.ending_shift');
    expect(
      driverStateText(t, driver(2, { state: 'delivering', active_orders: 2, end_shift_requested: true })),
    ).toBe('driver_states.delivering · driver_states.busy_count:2');
  });
});

describe('rowsToRender', () => {
  it('renders the first step of a long list, and all of a short one', () => {
    expect(rowsToRender(500, ROWS_PER_STEP, -1)).toBe(50);
    expect(rowsToRender(12, ROWS_PER_STEP, -1)).toBe(12);
    expect(rowsToRender(500, 100, -1)).toBe(100);
  });

  it('always reaches the selected row, wherever it is', () => {
    expect(rowsToRender(500, ROWS_PER_STEP, 321)).toBe(322);
    expect(rowsToRender(500, ROWS_PER_STEP, 10)).toBe(50);
    expect(rowsToRender(500, ROWS_PER_STEP, 499)).toBe(500);
  });
});
