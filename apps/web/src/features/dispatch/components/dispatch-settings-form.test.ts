import { DISPATCH_DEFAULTS } from '@dostava/shared';
import { describe, expect, it } from 'vitest';
import {
  type DispatchSettingsValues,
  settingsResolver,
  toValues,
  typedNumber,
} from './dispatch-settings-form';

const values = (over: Partial<DispatchSettingsValues> = {}): DispatchSettingsValues => ({
  ...toValues({ ...DISPATCH_DEFAULTS, updated_at: null, updated_by: null }),
  ...over,
});
const resolve = (input: DispatchSettingsValues) =>
  settingsResolver(input, undefined, { fields: {}, shouldUseNativeValidation: false } as never);

describe('the dispatch settings form', () => {
  it('reads numbers as typed, a Bosnian decimal comma too; a blank stays missing', () => {
    expect(typedNumber('0,5')).toBe(0.5);
    expect(typedNumber(' 45 ')).toBe(45);
    expect(typedNumber('')).toBeUndefined();
    expect(typedNumber('abc')).toBeNaN();
  });

  it('sends the shared body', async () => {
    const result = await resolve(values({ batch_pickup_km: '0,8', mode: 'automatic' }));
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      mode: 'automatic',
      driver_pool: false,
      offer_seconds: 45,
      batching: true,
      batch_pickup_km: 0.8,
      batch_dropoff_km: 2,
      fallback_minutes: 5,
      pay_aware: false,
      pay_per_delivery: 300,
      pay_hourly_minimum: 800,
    });
    expect((await resolve(values({ driver_pool: true }))).values).toMatchObject({ driver_pool: true });
  });

  it('checks the fallback minutes and the pay model against the shared bounds', async () => {
    const result = await resolve(
      values({ fallback_minutes: '0', pay_per_delivery: '-1', pay_hourly_minimum: '8,5' }),
    );
    const errors = result.errors as Record<string, { message: string }>;
    expect(errors.fallback_minutes?.message).toBe('validation.min_value|{"min":1}');
    expect(errors.pay_per_delivery?.message).toBe('validation.min_value|{"min":0}');
    expect(errors.pay_hourly_minimum?.message).toBe('validation.integer');
  });

  it('refuses with the shared schema’s catalogue keys and bounds', async () => {
    const result = await resolve(
      values({ offer_seconds: '5', batch_pickup_km: '', batch_dropoff_km: '11', mode: 'x' as never }),
    );
    const errors = result.errors as Record<string, { message: string }>;
    expect(errors.offer_seconds?.message).toBe('validation.min_value|{"min":15}');
    expect(errors.batch_pickup_km?.message).toBe('validation.number');
    expect(errors.batch_dropoff_km?.message).toBe('validation.max_value|{"max":10}');
    expect(errors.mode?.message).toBe('validation.invalid_choice');
    expect((await resolve(values({ offer_seconds: '45.5' }))).errors).toHaveProperty('offer_seconds');
  });
});
