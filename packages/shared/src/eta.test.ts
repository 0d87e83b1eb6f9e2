import { describe, expect, it } from 'vitest';
import {
  CORRECTION_PRIOR_WEIGHT,
  correctTravel,
  decayWeight,
  ETA_DEFAULTS,
  type EtaInput,
  etaMoved,
  fitTravel,
  hourOfWeek,
  MAX_CORRECTION,
  MAX_WAIT_CORRECTION_MINUTES,
  NO_DRIVER_WAIT_MINUTES,
  PRIOR_WEIGHT,
  predictEta,
  prepMinutes,
  promiseMinutes,
  RECENT_MINUTES,
  recentCorrection,
  shrink,
  TRAVEL_HALF_LIFE_DAYS,
  travelMinutes,
  WAIT_PRIOR_WEIGHT,
  waitCorrection,
  weightedRegression,
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

describe('learning this week', () => {
  /**
   * Four weeks of rides at 18 km/h over roads 1.4× the straight line with 4 minutes at the door, then the
   * last `changedHours` hours at `pace` × that speed; a ride every 5 minutes, km cycling through 0.5 … 5.
   */
  const history = (pace: number, changedHours: number) => {
    const rides: { km: number; minutes: number; age_days: number; kmh: number }[] = [];
    for (let hour = 28 * 24; hour > 0; hour -= 1 / 12) {
      const changed = hour <= changedHours;
      const kmh = 18 * (changed ? pace : 1);
      const km = 0.5 + ((rides.length * 7) % 46) / 10;
      // A ride now and then waits at a door for ten minutes: the robust statistics must shrug it off.
      const door = rides.length % 17 === 0 ? 10 : 0;
      rides.push({ km, minutes: (km * 1.4 * 60) / kmh + 4 + door, age_days: hour / 24, kmh });
    }
    return rides;
  };
  /** Today's model: an unweighted fit of the month, the ping speed of the last day. */
  const todays = (rides: ReturnType<typeof history>) =>
    fitTravel({
      ...weightedRegression(rides.map((r) => ({ ...r, weight: 1 }))),
      ping_speed_kmh: median(rides.filter((r) => r.age_days <= 1).map((r) => r.kmh)),
    });
  /** The learning model: the decayed fit, corrected by the last hour's rides against it. */
  const learning = (rides: ReturnType<typeof history>) => {
    const fitted = fitTravel({
      ...weightedRegression(rides.map((r) => ({ ...r, weight: decayWeight(r.age_days) }))),
      ping_speed_kmh: median(rides.filter((r) => r.age_days <= 1).map((r) => r.kmh)),
    });
    const recent = rides.filter((r) => r.age_days * 24 * 60 <= RECENT_MINUTES);
    const factor = recentCorrection(
      recent.map((r) => ({ actual_minutes: r.minutes, predicted_minutes: travelMinutes(fitted, r.km) })),
    );
    return correctTravel(fitted, factor);
  };
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 18;
  const truth = (pace: number) => (3 * 1.4 * 60) / (18 * pace) + 4;

  it('weighs a ride half after the half-life, and counts the month as the few days it is worth', () => {
    expect(decayWeight(0)).toBe(1);
    expect(decayWeight(TRAVEL_HALF_LIFE_DAYS)).toBeCloseTo(0.5, 10);
    expect(decayWeight(-1)).toBe(1);
    const points = Array.from({ length: 28 * 24 }, (_, i) => ({
      km: 1 + (i % 5),
      minutes: 3 + 5 * (1 + (i % 5)),
      weight: decayWeight(i / 24),
    }));
    const fit = weightedRegression(points);
    expect(fit.slope).toBeCloseTo(5, 6);
    expect(fit.intercept).toBeCloseTo(3, 6);
    expect(fit.samples).toBeLessThan(points.length / 3);
    expect(weightedRegression([{ km: 2, minutes: 9, weight: 1 }]).slope).toBeNull();
  });

  it('corrects by the median ratio of the last rides, shrunk while they are few and bounded', () => {
    expect(recentCorrection([])).toBe(1);
    const faster = Array.from({ length: 40 }, () => ({ actual_minutes: 8, predicted_minutes: 10 }));
    expect(recentCorrection(faster)).toBeCloseTo(
      Math.exp((Math.log(0.8) * 40) / (40 + CORRECTION_PRIOR_WEIGHT)),
      10,
    );
    // One ride, however slow, moves it less than half way; a handful of outliers not at all.
    expect(recentCorrection([{ actual_minutes: 30, predicted_minutes: 10 }])).toBeLessThan(Math.sqrt(3));
    const outliers = [
      ...faster,
      ...Array.from({ length: 5 }, () => ({ actual_minutes: 90, predicted_minutes: 10 })),
    ];
    expect(recentCorrection(outliers)).toBeLessThan(1);
    const absurd = Array.from({ length: 1000 }, () => ({ actual_minutes: 100, predicted_minutes: 10 }));
    expect(recentCorrection(absurd)).toBeCloseTo(MAX_CORRECTION, 10);
    expect(
      recentCorrection(absurd.map((r) => ({ actual_minutes: 1, predicted_minutes: r.actual_minutes }))),
    ).toBeCloseTo(1 / MAX_CORRECTION, 10);
    expect(travelMinutes(correctTravel(travel, 1.25), 2)).toBeCloseTo(1.25 * travelMinutes(travel, 2), 10);
    // Within the hour the last rides count most: six of the last minutes outweigh ten of fifty minutes ago.
    const older = Array.from({ length: 10 }, () => ({
      actual_minutes: 10,
      predicted_minutes: 10,
      age_minutes: 50,
    }));
    const newer = Array.from({ length: 6 }, () => ({
      actual_minutes: 7,
      predicted_minutes: 10,
      age_minutes: 5,
    }));
    expect(recentCorrection([...older, ...newer])).toBeLessThan(0.8);
    // A long ride weighs more than a short one: the minutes come out right.
    const short = Array.from({ length: 3 }, () => ({ actual_minutes: 5, predicted_minutes: 5 }));
    expect(
      recentCorrection([
        ...short,
        { actual_minutes: 15, predicted_minutes: 20 },
        { actual_minutes: 15, predicted_minutes: 20 },
      ]),
    ).toBeLessThan(1);
  });

  for (const pace of [1.3, 0.7]) {
    it(`follows drivers ${pace > 1 ? '30 % faster' : '30 % slower'} within the hour; today's model stays where the month was`, () => {
      const before = history(1, 0);
      const after = history(pace, 2);
      // Before the change both are right within a few per cent (the doors' outliers aside).
      expect(Math.abs(travelMinutes(todays(before), 3) / truth(1) - 1)).toBeLessThan(0.06);
      expect(Math.abs(travelMinutes(learning(before), 3) / truth(1) - 1)).toBeLessThan(0.06);
      // Two hours after it: the learning model within 6 %, today's still off by more than 15 %.
      expect(Math.abs(travelMinutes(learning(after), 3) / truth(pace) - 1)).toBeLessThan(0.06);
      expect(Math.abs(travelMinutes(todays(after), 3) / truth(pace) - 1)).toBeGreaterThan(0.15);
    });
  }
});

describe('learning the wait for a driver', () => {
  /** `count` orders placed → picked up in `actual` minutes where `predicted` were foreseen, `age` minutes ago. */
  const orders = (count: number, actual: number, predicted: number, age = 0) =>
    Array.from({ length: count }, () => ({
      actual_minutes: actual,
      predicted_minutes: predicted,
      age_minutes: age,
    }));

  it('adds the median minutes the last orders waited beyond the prediction, shrunk while they are few and bounded', () => {
    expect(waitCorrection([])).toBe(0);
    // Forty orders each waited 12 minutes longer than foreseen (drivers scarce): nearly all of it.
    expect(waitCorrection(orders(40, 32, 20))).toBeCloseTo((12 * 40) / (40 + WAIT_PRIOR_WEIGHT), 10);
    // Drivers came free sooner than foreseen: the correction is negative.
    expect(waitCorrection(orders(40, 12, 20))).toBeCloseTo((-8 * 40) / (40 + WAIT_PRIOR_WEIGHT), 10);
    // One order moves it less than half way.
    expect(waitCorrection(orders(1, 40, 20))).toBeLessThan(10);
    // A few orders forgotten on the pass for an hour do not move the median.
    expect(waitCorrection([...orders(20, 20, 20), ...orders(5, 80, 20)])).toBe(0);
    // Bounded both ways, however long or short the waits.
    expect(waitCorrection(orders(1000, 200, 20))).toBe(MAX_WAIT_CORRECTION_MINUTES);
    expect(waitCorrection(orders(1000, 0, 100))).toBe(-MAX_WAIT_CORRECTION_MINUTES);
  });

  it('lets the orders picked up in the last minutes outweigh older ones within the hour', () => {
    // Ten picked up fifty minutes ago as foreseen, six in the last five minutes ten minutes late.
    const late = waitCorrection([...orders(10, 20, 20, 50), ...orders(6, 30, 20, 5)]);
    expect(late).toBeGreaterThan(5);
    // The same orders all picked up just now: the ten on time are the median.
    expect(waitCorrection([...orders(10, 20, 20), ...orders(6, 30, 20)])).toBe(0);
  });

  it('moves the pickup of an order nobody has taken, never one a driver has, and never into the past', () => {
    const unassigned = {
      ...base,
      prep_minutes: 0,
      has_driver: false,
      driver_km: null,
      nearest_free_km: null,
    };
    const plain = predictEta(unassigned, now);
    expect(minutesFromNow(plain.predicted_pickup_at)).toBeCloseTo(NO_DRIVER_WAIT_MINUTES, 10);
    const corrected = predictEta({ ...unassigned, wait_correction_minutes: 12 }, now);
    expect(minutesFromNow(corrected.predicted_pickup_at)).toBeCloseTo(NO_DRIVER_WAIT_MINUTES + 12, 10);
    expect(corrected.predicted_delivery_at.getTime() - plain.predicted_delivery_at.getTime()).toBeCloseTo(
      12 * MINUTE,
      0,
    );
    // A driver has it: their way is known, the queue's wait is not theirs.
    const assigned = predictEta(base, now);
    expect(predictEta({ ...base, wait_correction_minutes: 12 }, now)).toEqual(assigned);
    // The promise waits longer when the queue does, never shorter (its allowance is below the no-driver wait).
    expect(promiseMinutes(20, travel, 2, 12)).toBe(promiseMinutes(20, travel, 2) + 12);
    expect(promiseMinutes(20, travel, 2, -8)).toBe(promiseMinutes(20, travel, 2));
    // Sooner than foreseen, but not before now.
    const sooner = predictEta({ ...unassigned, wait_correction_minutes: -30 }, now);
    expect(sooner.predicted_pickup_at.getTime()).toBe(now.getTime());
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
