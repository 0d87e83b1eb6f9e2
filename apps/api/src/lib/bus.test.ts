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
