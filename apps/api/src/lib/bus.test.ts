import { describe, expect, it, vi } from 'vitest';
import { type BusEvent, EventBus } from './bus.js';

/** The bus sends only events that match their declaration (packages/shared/src/events.ts). */
describe('EventBus.publish', () => {
  const setup = () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const bus = new EventBus(undefined, log);
    const heard: BusEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    return { bus, log, heard };
  };

  it('delivers a declared event, with its id and time', async () => {
    const { bus, heard } = setup();
    await bus.publish({
      type: 'driver.updated',
      restaurant_id: null,
      data: { driver_id: 7, shift_state: 'on_break' },
    });
    expect(heard).toEqual([
      expect.objectContaining({
        type: 'driver.updated',
        data: { driver_id: 7, shift_state: 'on_break' },
        id: expect.any(String),
        at: expect.any(String),
      }),
    ]);
    await bus.close();
  });

  it('refuses a payload that does not match, logs it and sends nothing', async () => {
    const { bus, log, heard } = setup();
    await expect(
      bus.publish({
        type: 'driver.updated',
        restaurant_id: null,
        // @ts-expect-error a shift state that does not exist does not compile either
        data: { driver_id: 7, shift_state: 'asleep' },
      }),
    ).rejects.toThrow(/driver\.updated event does not match its declaration/);
    await expect(
      bus.publish({
        type: 'restaurant.capacity',
        restaurant_id: 1,
        // @ts-expect-error a capacity without its mode does not compile either
        data: {
          restaurant_id: 1,
          restaurant_name: 'A',
          busy_minutes: 0,
          busy_until: null,
          paused_until: null,
        },
      }),
    ).rejects.toThrow(/does not match/);
    expect(heard).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(2);
    await bus.close();
  });
});

/** Production publishes without the check (decision 0031): publishers are typed by the declarations. */
describe('EventBus without validation', () => {
  it('delivers every event once, in order, with unique ids, and replays after a remembered id', async () => {
    const bus = new EventBus(undefined, { warn: vi.fn(), info: vi.fn() }, { validate: false });
    const heard: BusEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    for (let i = 1; i <= 2500; i++) {
      await bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: i } });
    }
    expect(heard.map((e) => (e.data as { driver_id: number }).driver_id)).toEqual(
      Array.from({ length: 2500 }, (_, i) => i + 1),
    );
    expect(new Set(heard.map((e) => e.id)).size).toBe(2500);
    // The buffer keeps the latest 2,000: an older id asks for a resync, a kept one replays the rest.
    expect(bus.since(heard[100]?.id ?? '')).toBeNull();
    expect(bus.since(heard[2000]?.id ?? '')?.length).toBe(499);
    await bus.close();
  });
});
