import type { Random } from './geo.js';

/** Milliseconds until the next order when orders arrive at `perMinute` on average (a Poisson process). */
export function nextArrivalMs(perMinute: number, random: Random): number {
  if (perMinute <= 0) return Number.POSITIVE_INFINITY;
  const u = Math.max(1e-9, 1 - random());
  return Math.round((-Math.log(u) / perMinute) * 60_000);
}

/** A whole number of milliseconds between `min` and `max` seconds. */
export function between(minSeconds: number, maxSeconds: number, random: Random): number {
  return Math.round((minSeconds + (maxSeconds - minSeconds) * random()) * 1000);
}

/** Splits points into the batches the driver app sends (at most `max` each). */
export function batches<T>(items: readonly T[], max: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += max) out.push(items.slice(i, i + max));
  return out;
}

/**
 * How much slower a kitchen prepares now: every third restaurant takes 1.8× as long at lunch (12–14 h)
 * and dinner (18–21 h), so the busy and at-risk paths see the traffic the ETA bench models.
 */
export function kitchenSlowdown(restaurantId: number, hourOfDay: number): number {
  const peak = (hourOfDay >= 12 && hourOfDay < 14) || (hourOfDay >= 18 && hourOfDay < 21);
  return peak && restaurantId % 3 === 0 ? 1.8 : 1;
}

/** Speeds in m/s per vehicle type, as they move through town. */
export const SPEEDS = { bike: 5, scooter: 8, car: 10 } as const;

export interface SimulatorOptions {
  url: string;
  drivers: number;
  /** Orders per minute. */
  rate: number;
  password: string;
  /** Stop after this many seconds (0: until Ctrl-C). */
  duration: number;
  /** Seconds between location batches. */
  locationInterval: number;
  /** Multiplies every wait (kitchen, breaks, doorstep); 0.1 makes a fast demo or test. */
  pace: number;
  /**
   * How a driver answers an offer of the automatic dispatch: accepts with this probability, else
   * declines or lets it expire, half and half (decision 0024).
   */
  accept: number;
  /** The share of deliveries on which the driver reports an incident (issue 38). */
  incidents: number;
  quiet: boolean;
}

const HELP = `Usage: npm run simulate -- [options]
  --url URL            API to play against (env SIMULATOR_URL; default http://localhost:3000)
  --drivers N          drivers to play (env SIMULATOR_DRIVERS; default 10)
  --rate N             orders per minute (env SIMULATOR_RATE; default 4)
  --password P         password of the demo accounts (env DEMO_PASSWORD; default DemoPass!2026)
  --duration S         stop after S seconds (env SIMULATOR_DURATION; default: until Ctrl-C)
  --interval S         seconds between location batches (default 3)
  --pace F             scale every wait by F (default 1)
  --accept P           probability a driver accepts an automatic offer, else declines or lets it
                       expire (env SIMULATOR_ACCEPT; default 0.85)
  --incidents P        share of deliveries with an incident the driver reports; the dispatcher
                       refunds some in part (env SIMULATOR_INCIDENTS; default 0.04)
  --quiet              log nothing but errors`;

export class OptionsError extends Error {}

/** Reads the options from the command line, then the environment, then the defaults. */
export function parseOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): SimulatorOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') throw new OptionsError(HELP);
    if (arg === '--simulate') continue;
    if (arg === '--quiet') {
      flags.set('quiet', '1');
      continue;
    }
    if (!arg.startsWith('--')) throw new OptionsError(`Unknown argument ${arg}\n${HELP}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new OptionsError(`--${name} needs a value`);
    flags.set(name, value);
  }
  const known = new Set([
    'url',
    'drivers',
    'rate',
    'password',
    'duration',
    'interval',
    'pace',
    'accept',
    'incidents',
    'quiet',
  ]);
  for (const name of flags.keys())
    if (!known.has(name)) throw new OptionsError(`Unknown option --${name}\n${HELP}`);

  const number = (name: string, envName: string, fallback: number, min: number, max: number) => {
    const raw = flags.get(name) ?? env[envName];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max)
      throw new OptionsError(`--${name} must be a number from ${min} to ${max}`);
    return value;
  };
  const url = (flags.get('url') ?? env.SIMULATOR_URL ?? `http://localhost:${env.PORT || 3000}`).replace(
    /\/+$/,
    '',
  );
  try {
    new URL(url);
  } catch {
    throw new OptionsError(`--url must be a URL, not ${url}`);
  }
  return {
    url,
    drivers: Math.round(number('drivers', 'SIMULATOR_DRIVERS', 10, 0, 500)),
    rate: number('rate', 'SIMULATOR_RATE', 4, 0, 600),
    password: flags.get('password') ?? env.DEMO_PASSWORD ?? 'DemoPass!2026',
    duration: number('duration', 'SIMULATOR_DURATION', 0, 0, 7 * 86_400),
    locationInterval: number('interval', 'SIMULATOR_INTERVAL', 3, 0.2, 60),
    pace: number('pace', 'SIMULATOR_PACE', 1, 0.01, 100),
    accept: number('accept', 'SIMULATOR_ACCEPT', 0.85, 0, 1),
    incidents: number('incidents', 'SIMULATOR_INCIDENTS', 0.04, 0, 1),
    quiet: flags.has('quiet') || env.SIMULATOR_QUIET === '1',
  };
}
