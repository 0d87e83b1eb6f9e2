import { z } from 'zod';
import { endpoint } from './endpoint.js';

const tags = ['health'];
// Monitoring, load balancers and the clients ask before they have a token.
const access = { auth: 'public' } as const;

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  db_kind: z.string(),
  /**
   * Live events and shared limits across instances: 'down' (unreachable) and 'hung' (connected but
   * not answering) serve on, with events reaching this instance only and limits counted per instance.
   */
  redis: z.enum(['up', 'down', 'hung', 'off']),
});

const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  db: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending']),
  draining: z.boolean(),
});

/** What the web app needs to know of the server's configuration (nothing secret but the maps key, which is public by design). */
const configSchema = z.object({
  currency: z.string(),
  /** The most one driver meal may cost, minor units. */
  meal_max_amount: z.number().int(),
  /** The operation's bank account, shown on payment orders. */
  operation_iban: z.string().nullable(),
  time_zone: z.string(),
  map: z.object({
    provider: z.enum(['leaflet', 'google']),
    tile_url: z.string(),
    tile_attribution: z.string(),
    google_maps_api_key: z.string().nullable(),
    /** A driver's location older than this is flagged stale. */
    stale_location_minutes: z.number().int(),
  }),
});

export const health = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access,
    summary: 'Health of the API and its database',
    description:
      'Whether this instance can reach its database (503 when it cannot) and Redis, for monitoring. Not rate limited, no token. Load balancers use /api/health/ready, orchestrators /api/health/live.',
    tags,
    answer: { 200: healthSchema, 503: healthSchema },
  }),
  live: endpoint({
    method: 'GET',
    path: '/api/health/live',
    access,
    summary: 'Liveness: the process runs',
    description:
      'Answers 200 while the process runs and its event loop turns, whatever its database or Redis do: restart the instance only when this fails.',
    tags,
    answer: { 200: z.object({ status: z.literal('alive') }) },
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    access,
    summary: 'Readiness: send traffic here',
    description:
      'Answers 200 when this instance can serve: its database answers, every migration of this build is applied, and it is not draining for a shutdown; 503 otherwise. A load balancer sends requests only while this is 200. Redis does not count: without it the instance serves on its own.',
    tags,
    answer: { 200: readySchema, 503: readySchema },
  }),
  config: endpoint({
    method: 'GET',
    path: '/api/config',
    access,
    summary: 'Public configuration for the clients',
    description:
      "The currency, the operation's time zone (every period and every time the back office shows is in it), the largest driver meal, the operation's IBAN and the map provider with the age after which a driver's location counts as stale. Nothing secret.",
    tags,
    answer: { 200: configSchema },
  }),
};
