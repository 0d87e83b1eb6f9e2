import { NOTIFICATION_DEFAULTS } from '@dostava/shared';
import { describe, expect, it } from 'vitest';
import { eventOfWrite, inQuietHours } from './notifications-service.js';

const zone = 'Europe/Sarajevo';
/** A time in Sarajevo in winter (UTC+1). */
const at = (hhmm: string) => new Date(`2026-01-15T${hhmm}:00+01:00`);

describe('quiet hours', () => {
  const overMidnight = { ...NOTIFICATION_DEFAULTS, quiet_start: '22:00', quiet_end: '07:00' };
  it('hold over midnight, in the operation’s time zone, start included and end excluded', () => {
    expect(inQuietHours(overMidnight, at('21:59'), zone)).toBe(false);
    expect(inQuietHours(overMidnight, at('22:00'), zone)).toBe(true);
    expect(inQuietHours(overMidnight, at('03:00'), zone)).toBe(true);
    expect(inQuietHours(overMidnight, at('07:00'), zone)).toBe(false);
  });
  it('hold within a day, and not at all when unset', () => {
    const afternoon = { ...NOTIFICATION_DEFAULTS, quiet_start: '13:00', quiet_end: '15:00' };
    expect(inQuietHours(afternoon, at('14:00'), zone)).toBe(true);
    expect(inQuietHours(afternoon, at('15:30'), zone)).toBe(false);
    expect(inQuietHours(NOTIFICATION_DEFAULTS, at('03:00'), zone)).toBe(false);
  });
});

describe('which write owes the customer a message', () => {
  const row = (status: string, picked: boolean) =>
    ({ status, picked_up_at: picked ? new Date() : null }) as never;
  const write = (from: [string, boolean], to: [string, boolean]) =>
    eventOfWrite({ type: 'order.changed', previous: row(...from), order: row(...to) });
  it('names each event once, and nothing for other moves', () => {
    expect(write(['created', false], ['preparing_order', false])).toBe('accepted');
    expect(write(['ready_for_pickup', false], ['in_delivery', true])).toBe('picked_up');
    expect(write(['no_answer', true], ['in_delivery', true])).toBeNull();
    expect(write(['in_delivery', true], ['delivered', true])).toBe('delivered');
    expect(write(['created', false], ['declined', false])).toBe('cancelled');
    expect(write(['preparing_order', false], ['ready_for_pickup', false])).toBeNull();
    expect(eventOfWrite({ type: 'order.created', previous: null, order: row('created', false) })).toBeNull();
  });
});
