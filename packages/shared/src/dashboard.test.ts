import { describe, expect, it } from 'vitest';
import { customRangeError, dashboardQuery } from './dashboard.js';
import { driverMealListQuery } from './driver-meals.js';
import { translate } from './i18n/index.js';
import { rangeOrderError } from './validation.js';

describe('a custom dashboard range', () => {
  it('is refused when reversed, with its own message in both languages', () => {
    expect(customRangeError('2026-11-10', '2026-11-01')).toBe('validation.range_reversed');
    const parsed = dashboardQuery.safeParse({ period: 'custom', from: '2026-11-10', to: '2026-11-01' });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path).toEqual(['to']);
    expect(translate('bs', issue?.message ?? '')).toBe('Početak perioda ne smije biti nakon njegovog kraja');
    expect(translate('en', issue?.message ?? '')).toBe('The start of the period must not be after its end');
  });

  it('takes one day up to 366, and refuses a longer one', () => {
    expect(customRangeError('2026-11-01', '2026-11-01')).toBeNull();
    expect(customRangeError('2026-01-01', '2026-12-31')).toBeNull();
    expect(customRangeError('2025-01-01', '2026-12-31')).toBe('validation.period_range');
  });
});

describe('a reversed range in the list filters', () => {
  it('gets the dashboard message, from the same check the API uses', () => {
    expect(rangeOrderError('2026-11-10', '2026-11-01')).toBe('validation.range_reversed');
    expect(rangeOrderError('2026-11-01', '2026-11-01')).toBeNull();
    expect(rangeOrderError('2026-11-01', '')).toBeNull();
    // A date-only end means the whole day.
    expect(rangeOrderError('2026-11-01T15:00:00Z', '2026-11-01')).toBeNull();
    const parsed = driverMealListQuery.safeParse({ from: '2026-11-10', to: '2026-11-01' });
    expect(parsed.error?.issues[0]?.message).toBe('validation.range_reversed');
  });
});
