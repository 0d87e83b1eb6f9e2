import { createServer, type Server } from 'node:http';
import { BOARD_LANES } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { drivers } from '../db/schema/index.js';
import { boardCounts } from '../modules/orders/orders-queries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics, when METRICS_PORT is set; undefined (and nothing counted) otherwise. */
    metrics: Metrics | undefined;
  }
}

/** What other parts of the API count (the event stream); the rest is read when Prometheus scrapes. */
export interface Metrics {
  registry: Registry;
  /** Where Prometheus scrapes (the port chosen when METRICS_PORT is 0). */
  url: string;
  streamsOpen: Gauge;
  eventsSent: Counter;
  /** Dispatch rounds on this instance: their duration, and the offers they made (decision 0024). */
  dispatchRounds: Histogram;
  dispatchOffers: Counter;
}

const OPERATOR = { user_id: 0, role: 'admin' as const, restaurant_id: null };
/** The business gauges share one look at the database per scrape, kept this long. */
const BUSINESS_TTL_MS = 5000;

/**
 * Prometheus metrics (prom-client) on a port of their own (METRICS_PORT, on METRICS_HOST: 127.0.0.1
 * by default), never on the public one: requests by route, method and status with their latency;
 * open event streams and events sent; the bus (Redis state, events heard and their lag across
 * instances); the database pool; and the gauges a dispatch lead alerts on (active orders by lane, late
 * orders, drivers on shift and free), read from the database when scraped. Off when METRICS_PORT is
 * unset: no hook, no timer, no port. See docs/decisions/0020-operations.md.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  if (config.metricsPort === undefined) {
    app.decorate('metrics', undefined);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API requests by route template, method and status, with their duration',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return; // the web app's files and unknown paths
    requests.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const metrics: Metrics = {
    registry,
    url: '',
    streamsOpen: new Gauge({
      name: 'dostava_event_streams_open',
      help: 'Event streams (GET /api/events) open on this instance',
      registers: [registry],
    }),
    eventsSent: new Counter({
      name: 'dostava_events_sent_total',
      help: 'Events written to event streams (one per stream that receives it)',
      registers: [registry],
    }),
    dispatchRounds: new Histogram({
      name: 'dostava_dispatch_round_seconds',
      help: 'Dispatch rounds run on this instance (expire, withdraw, solve, offer), by duration',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    dispatchOffers: new Counter({
      name: 'dostava_dispatch_offers_total',
      help: 'Offers the automatic dispatch made to drivers on this instance',
      registers: [registry],
    }),
  };
  app.decorate('metrics', metrics);

  const REDIS_STATES = ['up', 'down', 'hung', 'off'] as const;
  new Gauge({
    name: 'dostava_redis_state',
    help: 'Redis as this instance sees it: 1 for the current state (up, down, hung, off)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = app.bus.redisState();
      for (const state of REDIS_STATES) this.set({ state }, state === now ? 1 : 0);
    },
  });
  const heard = new Counter({
    name: 'dostava_bus_events_total',
    help: 'Events the bus delivered to this instance, by how they came (redis: through the channel; local: without it)',
    labelNames: ['via'] as const,
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'dostava_bus_event_lag_seconds',
    help: 'From an event published on any instance to its arrival here through Redis',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const stopObserving = app.bus.observe((event, via) => {
    heard.inc({ via });
    if (via === 'redis') lag.observe(Math.max(0, (Date.now() - Date.parse(event.at)) / 1000));
  });

  new Gauge({
    name: 'dostava_db_connections',
    help: 'Database connections of this instance by state (PGlite: one, busy or idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.database.stats();
      this.set({ state: 'used' }, stats.size - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  // The customers' tracking pages (decision 0037): how many are open here, and what they cost the database.
  new Gauge({
    name: 'dostava_tracking_open_pages',
    help: 'Tracking pages that polled this instance within the last ten seconds (token and client)',
    registers: [registry],
    collect() {
      this.set(app.tracking.openPages());
    },
  });
  new Counter({
    name: 'dostava_tracking_db_reads_total',
    help: "Database reads the tracking pages' polls caused on this instance: a token looked up, an order's snapshot",
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ kind: 'token' }, app.tracking.tokenLoads);
      this.inc({ kind: 'snapshot' }, app.tracking.loads);
    },
  });
  new Gauge({
    name: 'dostava_db_waiting',
    help: 'Statements waiting for a database connection (PGlite: for their turn)',
    registers: [registry],
    collect() {
      this.set(app.database.stats().waiting);
    },
  });
  const dbUp = new Gauge({
    name: 'dostava_db_up',
    help: '1 when the last look at the database for these metrics answered, 0 when it failed',
    registers: [registry],
  });

  // The operation, read once per scrape (and at most every 5 s) for all the gauges below.
  let business: Promise<{ lanes: Record<string, number>; onShift: number; free: number }> | undefined;
  let businessAt = 0;
  const readBusiness = () => {
    if (!business || Date.now() - businessAt > BUSINESS_TTL_MS) {
      businessAt = Date.now();
      business = (async () => {
        const lanes = await boardCounts(app.db, OPERATOR, {});
        const [row] = await app.db
          .select({
            on_shift: sql<number>`(count(*) filter (where ${drivers.shift_state} <> 'off_shift'))::int`,
            free: sql<number>`(count(*) filter (where ${drivers.shift_state} = 'available'))::int`,
          })
          .from(drivers);
        // The lanes and the late count: the counts' other fields (the kitchen's late, the restaurant
        // filtered by) are not gauges.
        const byLane = Object.fromEntries(BOARD_LANES.map((lane) => [lane, lanes[lane]]));
        return {
          lanes: { ...byLane, late: lanes.late },
          onShift: Number(row?.on_shift ?? 0),
          free: Number(row?.free ?? 0),
        };
      })();
      business.then(
        () => dbUp.set(1),
        () => dbUp.set(0),
      );
    }
    return business;
  };
  const businessGauge = (
    name: string,
    help: string,
    read: (b: Awaited<ReturnType<typeof readBusiness>>, gauge: Gauge<string>) => void,
    labelNames: string[] = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        try {
          read(await readBusiness(), this);
        } catch {
          // The database is out: dostava_db_up says so; these keep their last values.
        }
      },
    });
  businessGauge(
    'dostava_orders_active',
    'Active orders by board lane (all, new, preparing, ready_no_driver, awaiting_pickup, in_delivery, problems)',
    (b, g) => {
      for (const [lane, n] of Object.entries(b.lanes)) if (lane !== 'late') g.set({ lane }, n);
    },
    ['lane'],
  );
  businessGauge('dostava_orders_late', 'Active orders past their status target time', (b, g) =>
    g.set(b.lanes.late ?? 0),
  );
  businessGauge(
    'dostava_drivers_on_shift',
    'Drivers on shift (available, delivering or on a break)',
    (b, g) => g.set(b.onShift),
  );
  businessGauge('dostava_drivers_free', 'Drivers on shift and free to take an order', (b, g) =>
    g.set(b.free),
  );

  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error) => {
        app.log.warn({ err: error }, 'metrics failed');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.metricsHost, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.metricsPort;
  metrics.url = `http://${config.metricsHost}:${port}/metrics`;
  app.addHook('onClose', async () => {
    stopObserving();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
