import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DriverLiveEvent, StreamMessage } from '../../../lib/event-stream';
import {
  DriversMapLive,
  LiveDrivers,
  ORDERS_REFRESH_MAX_MS,
  ORDERS_REFRESH_MS,
  type Scheduler,
  STALE_REFETCH_MS,
} from './driver-store';
import { testDriver as driver } from './test-driver';

/** A scheduler the test runs by hand: how many batches were asked for, and their runs. */
function manualScheduler() {
  const runs: (() => void)[] = [];
  const scheduler: Scheduler = { schedule: (run) => runs.push(run) };
  const runAll = () => {
    for (const run of runs.splice(0)) run();
  };
  return { scheduler, runs, runAll };
}

const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('LiveDrivers: merging driver updates', () => {
  it('moves a driver to a newer location and ignores an older one', () => {
    const { scheduler, runAll } = manualScheduler();
    const onStale = vi.fn();
    const store = new LiveDrivers(onStale, scheduler);
    store.reset([driver(1), driver(2)]);
    const before2 = store.get(2);

    store.push({
      driver_id: 1,
      location: { lat: 44, lng: 18 },
      last_location_at: at(5),
      shift_state: 'available',
    });
    store.push({
      driver_id: 2,
      location: { lat: 40, lng: 10 },
      last_location_at: at(0),
      shift_state: 'available',
    });
    runAll();

    expect(store.get(1)).toMatchObject({ location: { lat: 44, lng: 18 }, last_location_at: at(5) });
    // Not newer than what is known: the same object, so its row does not re-render.
    expect(store.get(2)).toBe(before2);
    // A location ping says nothing the list lacks.
    expect(onStale).not.toHaveBeenCalled();
  });

  it('takes a driver off at the end of the shift and asks for the list when someone new starts', () => {
    const { scheduler, runAll } = manualScheduler();
    const onStale = vi.fn();
    const store = new LiveDrivers(onStale, scheduler);
    store.reset([driver(1)]);

    store.push({ driver_id: 1, shift_state: 'off_shift' });
    store.push({ driver_id: 9, shift_state: 'available' });
    runAll();

    expect(store.get(1)).toBeUndefined();
    expect(store.list()).toEqual([]);
    expect(onStale).toHaveBeenCalledTimes(1);
  });

  it('puts a driver on a break at once, and refetches for what the event does not carry', () => {
    const { scheduler, runAll } = manualScheduler();
    const onStale = vi.fn();
    const store = new LiveDrivers(onStale, scheduler);
    store.reset([driver(1, { state: 'assigned', active_orders: 1 })]);

    store.push({ driver_id: 1, shift_state: 'on_break' });
    runAll();
    expect(store.get(1)).toMatchObject({ shift_state: 'on_break', state: 'on_break' });
    expect(onStale).toHaveBeenCalledTimes(1);

    // A notice without a location (an order given or taken): the current order may differ.
    store.push({ driver_id: 1 });
    runAll();
    expect(onStale).toHaveBeenCalledTimes(2);
  });

  it('keeps a location newer than a fresh list (an event overtook the request)', () => {
    const { scheduler, runAll } = manualScheduler();
    const store = new LiveDrivers(() => undefined, scheduler);
    store.reset([driver(1)]);
    store.push({
      driver_id: 1,
      location: { lat: 44, lng: 18 },
      last_location_at: at(5),
      shift_state: 'available',
    });
    runAll();

    store.reset([driver(1, { active_orders: 2 })]);
    expect(store.get(1)).toMatchObject({
      active_orders: 2,
      location: { lat: 44, lng: 18 },
      last_location_at: at(5),
    });
  });

  it('keeps an unchanged driver the same object across a fresh list', () => {
    const store = new LiveDrivers(() => undefined, manualScheduler().scheduler);
    store.reset([driver(1)]);
    const known = store.get(1);
    store.reset([driver(1)]);
    expect(store.get(1)).toBe(known);
  });
});

describe('LiveDrivers: coalescing bursts', () => {
  it('applies a burst in one batch, and tells the listeners once which drivers changed', () => {
    const { scheduler, runs, runAll } = manualScheduler();
    const store = new LiveDrivers(() => undefined, scheduler);
    store.reset([driver(1), driver(2), driver(3)]);
    const heard: (number[] | null)[] = [];
    store.subscribe((changed) => heard.push(changed ? [...changed].sort() : null));
    const version = store.getVersion();

    for (let minute = 1; minute <= 5; minute += 1) {
      store.push({
        driver_id: 1,
        location: { lat: 44, lng: minute },
        last_location_at: at(minute),
        shift_state: 'available',
      });
      store.push({
        driver_id: 2,
        location: { lat: 45, lng: minute },
        last_location_at: at(minute),
        shift_state: 'available',
      });
    }
    expect(runs).toHaveLength(1);
    expect(store.get(1)?.location).toEqual({ lat: 43.85, lng: 18.41 }); // not yet: queued

    runAll();
    expect(heard).toEqual([[1, 2]]);
    expect(store.getVersion()).toBe(version + 1);
    expect(store.get(1)?.location).toEqual({ lat: 44, lng: 5 });
    expect(store.get(2)?.location).toEqual({ lat: 45, lng: 5 });

    // The next burst asks for a batch of its own.
    store.push({ driver_id: 3, shift_state: 'on_break' });
    expect(runs).toHaveLength(1);
  });

  it('gives one stable list per version', () => {
    const { scheduler, runAll } = manualScheduler();
    const store = new LiveDrivers(() => undefined, scheduler);
    store.reset([driver(1)]);
    const list = store.list();
    expect(store.list()).toBe(list);
    store.push({
      driver_id: 1,
      location: { lat: 44, lng: 18 },
      last_location_at: at(5),
      shift_state: 'available',
    });
    runAll();
    expect(store.list()).not.toBe(list);
  });
});

describe('DriversMapLive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  let ids = 0;
  const driverMessage = (data: DriverLiveEvent['data']): StreamMessage => {
    ids += 1;
    return {
      kind: 'event',
      event: { id: String(ids), type: 'driver.updated', restaurant_id: null, data, at: at(0) },
    };
  };
  /** Any event other than a driver's (here a product snoozed) refreshes the orders layer. */
  const otherMessage = (): StreamMessage => {
    ids += 1;
    return {
      kind: 'event',
      event: {
        id: String(ids),
        type: 'product.snooze',
        restaurant_id: 1,
        data: { id: 1, restaurant_id: 1, snoozed: true, snoozed_until: null },
        at: at(0),
      },
    };
  };

  const setup = () => {
    const refetch = { drivers: vi.fn(), orders: vi.fn() };
    const { scheduler, runAll } = manualScheduler();
    const live = new DriversMapLive(refetch, scheduler);
    live.drivers.reset([driver(1)]);
    return { refetch, live, runAll };
  };

  it('refreshes the orders layer once per burst of order events, and at least every few seconds', () => {
    const { refetch, live } = setup();
    const orderEvent = otherMessage();
    for (let i = 0; i < 5; i += 1) live.hear(orderEvent);
    vi.advanceTimersByTime(ORDERS_REFRESH_MS - 1);
    expect(refetch.orders).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch.orders).toHaveBeenCalledTimes(1);

    // A steady stream still refreshes, no later than the most after its first event.
    for (let elapsed = 0; elapsed < ORDERS_REFRESH_MAX_MS; elapsed += ORDERS_REFRESH_MS / 2) {
      live.hear(orderEvent);
      vi.advanceTimersByTime(ORDERS_REFRESH_MS / 2);
    }
    expect(refetch.orders).toHaveBeenCalledTimes(2);
    expect(refetch.drivers).not.toHaveBeenCalled();
  });

  it('moves drivers on location pings without asking the server, and refetches the list at most every 2 s', () => {
    const { refetch, live, runAll } = setup();
    live.hear(
      driverMessage({
        driver_id: 1,
        location: { lat: 44, lng: 18 },
        last_location_at: at(5),
        shift_state: 'available',
      }),
    );
    runAll();
    expect(live.drivers.get(1)?.location).toEqual({ lat: 44, lng: 18 });

    live.hear(driverMessage({ driver_id: 7, shift_state: 'available' }));
    runAll();
    live.hear(driverMessage({ driver_id: 8, shift_state: 'available' }));
    runAll();
    vi.advanceTimersByTime(STALE_REFETCH_MS);
    expect(refetch.drivers).toHaveBeenCalledTimes(1);
    expect(refetch.orders).not.toHaveBeenCalled();
  });

  it('refetches both on a resync, and nothing after it stopped', () => {
    const { refetch, live, runAll } = setup();
    live.hear({ kind: 'resync' });
    expect(refetch.drivers).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ORDERS_REFRESH_MS);
    expect(refetch.orders).toHaveBeenCalledTimes(1);

    live.hear(driverMessage({ driver_id: 9 }));
    runAll();
    live.hear({ kind: 'resync' });
    live.stop();
    vi.advanceTimersByTime(ORDERS_REFRESH_MAX_MS);
    expect(refetch.drivers).toHaveBeenCalledTimes(2);
    expect(refetch.orders).toHaveBeenCalledTimes(1);
  });
});
