import { randomUUID } from 'node:crypto';
import { pickLanguage, translate } from '@dostava/shared';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, type Db, openDatabase } from './db/client.js';
import { EventBus } from './lib/bus.js';
import { JobQueue } from './lib/jobs.js';
import { configurePasswordCheck } from './lib/passwords.js';
import { responseSerializer } from './lib/serializer.js';
import { SessionGate } from './lib/sessions.js';
import { TokenService } from './lib/tokens.js';
import { appVersionsRoutes } from './modules/app-versions/app-versions-routes.js';
import { auditLogRoutes } from './modules/audit-log/audit-log-routes.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { cashRegisterRoutes } from './modules/cash-register/cash-register-routes.js';
import { categoriesRoutes } from './modules/categories/categories-routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.js';
import { dispatchRoutes } from './modules/dispatch/dispatch-routes.js';
import { driverMealsRoutes } from './modules/driver-meals/driver-meals-routes.js';
import { driverAppRoutes } from './modules/drivers/driver-app-routes.js';
import { driversRoutes } from './modules/drivers/drivers-routes.js';
import { configRoutes } from './modules/health/config-routes.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { incidentsRoutes } from './modules/incidents/incidents-routes.js';
import { integrationsRoutes } from './modules/integrations/integrations-routes.js';
import { notificationsRoutes } from './modules/notifications/notifications-routes.js';
import { SettingsCache } from './modules/notifications/notifications-service.js';
import { OrderHooks } from './modules/orders/orders-hooks.js';
import { ordersRoutes } from './modules/orders/orders-routes.js';
import { productsRoutes } from './modules/products/products-routes.js';
import { resumeSnoozeJobs } from './modules/products/products-snooze.js';
import { productsSnoozeRoutes } from './modules/products/products-snooze-routes.js';
import { proofsRoutes } from './modules/proofs/proofs-routes.js';
import { resumeCapacityJobs } from './modules/restaurants/restaurants-capacity.js';
import { restaurantsCapacityRoutes } from './modules/restaurants/restaurants-capacity-routes.js';
import { restaurantsRoutes } from './modules/restaurants/restaurants-routes.js';
import { searchRoutes } from './modules/search/search-routes.js';
import { settlementsRoutes } from './modules/settlements/settlements-routes.js';
import { TrackingCache } from './modules/tracking/tracking-cache.js';
import { trackingRoutes } from './modules/tracking/tracking-routes.js';
import { uploadsRoutes } from './modules/uploads/uploads-routes.js';
import { usersRoutes } from './modules/users/users-routes.js';
import { vehiclesRoutes } from './modules/vehicles/vehicles-routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks-routes.js';
import { zonesRoutes } from './modules/zones/zones-routes.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { eventsPlugin } from './plugins/events.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { wirePlugin } from './plugins/wire.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    tokens: TokenService;
    bus: EventBus;
    /** What modules do in the same transaction as each order write (orders-hooks.ts). */
    orderHooks: OrderHooks;
    /** Work at a time, kept in the database (lib/jobs.ts): the ends of pauses, busy modes, snoozes. */
    jobs: JobQueue;
    sessions: SessionGate;
    /** The customer notification rules, from memory (also the tracking link's lifetime; issue 39). */
    customerSettings: SettingsCache;
    /** The public tracking pages' answers from memory (modules/tracking/tracking-cache.ts). */
    tracking: TrackingCache;
    /** Set on SIGTERM (server.ts): the instance answers not-ready while it drains. */
    lifecycle: { draining: boolean };
  }
}

/** A request that takes this long is logged at info (every request is, at debug). */
const SLOW_REQUEST_MS = 1000;

export interface BuildOptions {
  /** An already-open database (tests pass their own); otherwise opened from config. */
  database?: Database;
  logger?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    // Fastify's two info lines per request (incoming, completed) cost more than many requests' own
    // work (issue 34); the metrics count every request by route and status. One line per request at
    // debug instead, and at info only a slow one (the hook below); errors are logged where they happen.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot decode ('%E0%A4%A') is refused before any hook runs: the error
    // contract and the security headers all the same.
    frameworkErrors: (error, request, routerReply) => {
      const reply = routerReply as FastifyReply;
      app.setSecurityHeaders(reply);
      reply
        .header('x-request-id', request.id)
        .code(error.statusCode ?? 400)
        .type('application/json; charset=utf-8')
        .send({
          message: translate(pickLanguage(request.headers['accept-language']), 'errors.validation_failed'),
          error: 'bad_request',
        });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their zod schema everywhere but in production (lib/serializer.ts).
  app.setSerializerCompiler(
    responseSerializer({
      validate: config.env !== 'production',
      onFallback: (route, error) =>
        app.log.warn({ route: `${route.method} ${route.url}`, err: error }, 'response schema kept on zod'),
    }),
  );

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      pgliteDir: config.embeddedDatabase === 'memory' ? undefined : `${config.dataDir}/pgdata`,
    }));
  configurePasswordCheck({ demoPassword: config.demoPassword });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokens', new TokenService(config.jwtSecret, config.accessTokenTtlSeconds));
  // Events are checked against their declarations everywhere but in production, like the answers.
  const bus = new EventBus(config.redisUrl, app.log, { validate: config.env !== 'production' });
  app.decorate('bus', bus);
  app.decorate('orderHooks', new OrderHooks());
  const customerSettings = new SettingsCache(database.db);
  app.decorate('customerSettings', customerSettings);
  const tracking = new TrackingCache(database.db, bus, async () => (await customerSettings.get()).link_hours);
  app.decorate('tracking', tracking);
  app.decorate('lifecycle', { draining: false });
  const jobs = new JobQueue(database, { pollingSeconds: config.jobsPollingSeconds, log: app.log });
  app.decorate('jobs', jobs);
  // Started once every handler is registered (the routes register theirs), in the background: its
  // first start creates its tables, longer than a plugin may take on a loaded machine, and a request
  // that schedules a job waits for it. Stopped before the database closes: the jobs in hand finish.
  app.addHook('onReady', async () => {
    jobs
      .start()
      .then(async () => {
        await resumeCapacityJobs(database.db, jobs);
        await resumeSnoozeJobs(database.db, jobs);
      })
      .catch((error) => app.log.error({ err: error }, 'job queue failed to start'));
  });
  app.addHook('preClose', () => jobs.stop());
  const sessionGate = new SessionGate(database.db, bus);
  app.decorate('sessions', sessionGate);
  const debugging = ['debug', 'trace'].includes(config.logLevel);
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms >= SLOW_REQUEST_MS || debugging) {
      request.log[ms >= SLOW_REQUEST_MS ? 'info' : 'debug'](
        { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) },
        ms >= SLOW_REQUEST_MS ? 'slow request' : 'request',
      );
    }
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Draining for a shutdown: a kept-alive client opens its next connection elsewhere.
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    sessionGate.close();
    tracking.close();
    await bus.close();
    if (ownsDatabase) await database.close();
  });

  // First: its onRequest hook sets the security headers before any other hook can refuse the
  // request (the auth check's 401/403, the not-found handler's 404, the rate limit's 429).
  await app.register(securityPlugin, { config, bus });
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { config });
  // Before the routes: compression hooks each route as it is added.
  await app.register(wirePlugin);
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(uploadsRoutes);
  await app.register(restaurantsRoutes);
  await app.register(restaurantsCapacityRoutes);
  await app.register(categoriesRoutes);
  await app.register(productsRoutes);
  await app.register(productsSnoozeRoutes);
  await app.register(usersRoutes);
  await app.register(driverAppRoutes);
  await app.register(driversRoutes);
  await app.register(vehiclesRoutes);
  await app.register(ordersRoutes);
  await app.register(zonesRoutes);
  await app.register(dispatchRoutes);
  await app.register(cashRegisterRoutes);
  await app.register(settlementsRoutes);
  await app.register(driverMealsRoutes);
  await app.register(incidentsRoutes);
  await app.register(proofsRoutes);
  await app.register(dashboardRoutes);
  await app.register(appVersionsRoutes);
  await app.register(auditLogRoutes);
  await app.register(eventsPlugin);
  await app.register(searchRoutes);
  await app.register(integrationsRoutes);
  await app.register(webhooksRoutes);
  await app.register(notificationsRoutes);
  await app.register(trackingRoutes);
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
