import { describe, expect, it } from 'vitest';
import {
  ETA_DEFAULTS,
  type EtaInput,
  etaMoved,
  fitTravel,
  hourOfWeek,
  PRIOR_WEIGHT,
  predictEta,
  prepMinutes,
  promiseMinutes,
  shrink,
  travelMinutes,
} from './eta.js';

const MINUTE = 60_000;
const now = new Date('2026-11-20T17:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
const travel = { detour_factor: 1.5, speed_kmh: 18, handover_minutes: 3 };
const base: EtaInput = {
  status: 'preparing_order',
  created_at: ago(5),
  status_changed_at: ago(3),
  picked_up_at: null,
  promised_at: new Date(now.getTime() + 60 * MINUTE),
  prep_minutes: 20,
  trip_km: 2,
  driver_km: 1,
  has_driver: true,
  nearest_free_km: null,
  travel,
};
const minutesFromNow = (d: Date) => (d.getTime() - now.getTime()) / MINUTE;

describe('learning', () => {
  it('shrinks a few samples toward the prior and trusts many', () => {
    expect(shrink(null, 0, 20)).toBe(20);
    expect(shrink(40, PRIOR_WEIGHT, 20)).toBe(30);
    expect(shrink(40, 10_000, 20)).toBeCloseTo(40, 1);
  });

  it('predicts prep from the hour, then the restaurant overall, then the default, plus busy minutes', () => {
    expect(prepMinutes(undefined, 100)).toBe(ETA_DEFAULTS.prep_minutes);
    const model = {
      overall: { minutes: 30, samples: 1000 },
      hours: new Map([[100, { minutes: 50, samples: 1000 }]]),
    };
    expect(prepMinutes(model, 100)).toBeCloseTo(50, 0);
    expect(prepMinutes(model, 101)).toBeCloseTo(30, 0);
    expect(prepMinutes(model, 101, 20)).toBeCloseTo(50, 0);
    // A hour with 10 samples is half its own median, half the overall.
    const few = {
      overall: { minutes: 30, samples: 1000 },
      hours: new Map([[5, { minutes: 50, samples: PRIOR_WEIGHT }]]),
    };
    expect(prepMinutes(few, 5)).toBeCloseTo(40, 0);
  });

  it('counts hours of the week from Monday 00:00 in the operation zone', () => {
    expect(hourOfWeek(new Date('2026-11-23T00:30:00+01:00'), 'Europe/Sarajevo')).toBe(0);
    expect(hourOfWeek(new Date('2026-11-20T18:10:00+01:00'), 'Europe/Sarajevo')).toBe(4 * 24 + 18);
    expect(hourOfWeek(new Date('2026-07-19T23:59:00+02:00'), 'Europe/Sarajevo')).toBe(167);
  });

  it('fits the detour and the handover back from rides and the ping speed', () => {
    // Rides made at 18 km/h over roads 1.4× the straight line, with 4 minutes at the door.
    const slope = (1.4 * 60) / 18;
    const fitted = fitTravel({ slope, intercept: 4, samples: 100_000, ping_speed_kmh: 18 });
    expect(fitted.detour_factor).toBeCloseTo(1.4, 2);
    expect(fitted.handover_minutes).toBeCloseTo(4, 2);
    // Without rides: the defaults.
    expect(fitTravel({ slope: null, intercept: null, samples: 0, ping_speed_kmh: null })).toEqual({
      detour_factor: ETA_DEFAULTS.detour_factor,
      speed_kmh: ETA_DEFAULTS.speed_kmh,
      handover_minutes: ETA_DEFAULTS.handover_minutes,
    });
  });

  it('keeps an absurd fit inside sane bounds', () => {
    const fitted = fitTravel({ slope: 100, intercept: -50, samples: 100_000, ping_speed_kmh: 500 });
    expect(fitted.detour_factor).toBeLessThanOrEqual(2.5);
    expect(fitted.handover_minutes).toBeGreaterThanOrEqual(0);
    expect(fitted.speed_kmh).toBeLessThanOrEqual(60);
  });
});

describe('prediction', () => {
  it('times a ride as straight line × detour at the speed, plus the handover', () => {
    expect(travelMinutes(travel, 2)).toBeCloseTo(13, 5);
    expect(travelMinutes(travel, 2, false)).toBeCloseTo(10, 5);
    expect(promiseMinutes(20, travel, 2)).toBe(38);
  });

  it('picks up when both food and driver are there, then rides', () => {
    const p = predictEta(base, now);
    // Food ready at created + 20 = in 15 min; the driver is 5 min away.
    expect(minutesFromNow(p.predicted_pickup_at)).toBeCloseTo(15, 5);
    expect(minutesFromNow(p.predicted_delivery_at)).toBeCloseTo(28, 5);
    expect(p.risk_reason).toBeNull();
  });

  it('blames the kitchen when the food is what comes late', () => {
    const p = predictEta({ ...base, promised_at: new Date(now.getTime() + 20 * MINUTE) }, now);
    expect(p.risk_reason).toBe('kitchen_slow');
  });

  it('says no driver near when nobody is assigned and the nearest free one is far or none is free', () => {
    const ready = { ...base, status: 'ready_for_pickup' as const, has_driver: false, driver_km: null };
    const promised = new Date(now.getTime() + 20 * MINUTE);
    expect(predictEta({ ...ready, nearest_free_km: 0.2, promised_at: promised }, now).risk_reason).toBeNull();
    expect(predictEta({ ...ready, nearest_free_km: 5, promised_at: promised }, now).risk_reason).toBe(
      'no_driver_near',
    );
    expect(predictEta({ ...ready, nearest_free_km: null, promised_at: promised }, now).risk_reason).toBe(
      'no_driver_near',
    );
  });

  it('says driver far when the assigned driver cannot make it, on the way there or on the road', () => {
    const ready = { ...base, status: 'ready_for_pickup' as const, driver_km: 6 };
    expect(
      predictEta({ ...ready, promised_at: new Date(now.getTime() + 25 * MINUTE) }, now).risk_reason,
    ).toBe('driver_far');
    const onTheRoad = {
      ...base,
      status: 'in_delivery' as const,
      picked_up_at: ago(10),
      driver_km: 4,
      promised_at: new Date(now.getTime() + 5 * MINUTE),
    };
    const p = predictEta(onTheRoad, now);
    expect(minutesFromNow(p.predicted_delivery_at)).toBeCloseTo(travelMinutes(travel, 4), 5);
    expect(p.predicted_pickup_at).toEqual(ago(10));
    expect(p.risk_reason).toBe('driver_far');
  });

  it('never predicts the past, and has no reason without a promise', () => {
    const p = predictEta({ ...base, created_at: ago(90), promised_at: null }, now);
    expect(p.predicted_pickup_at.getTime()).toBeGreaterThanOrEqual(now.getTime());
    expect(p.risk_reason).toBeNull();
  });

  it('records a change of a minute or more, or of the reason, and nothing smaller', () => {
    const p = predictEta(base, now);
    expect(etaMoved({ predicted_pickup_at: null, predicted_delivery_at: null, risk_reason: null }, p)).toBe(
      true,
    );
    const shifted = (d: Date, ms: number) => new Date(d.getTime() + ms);
    const same = {
      predicted_pickup_at: shifted(p.predicted_pickup_at, 30_000),
      predicted_delivery_at: shifted(p.predicted_delivery_at, -59_000),
      risk_reason: null,
    };
    expect(etaMoved(same, p)).toBe(false);
    expect(etaMoved({ ...same, predicted_delivery_at: shifted(p.predicted_delivery_at, MINUTE) }, p)).toBe(
      true,
    );
    expect(etaMoved({ ...same, risk_reason: 'kitchen_slow' }, p)).toBe(true);
  });
});
