import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import { getRestaurant } from '../restaurants/restaurants-service.js';
import { Dispatcher } from './dispatch-loop.js';
import * as service from './dispatch-service.js';

const { dispatch, driverApp } = endpoints;

/** Dispatch that runs itself (issue 25, decision 0024): settings, suggestions, locks, offers. */
export async function dispatchRoutes(app: FastifyInstance) {
  const deps = {
    db: app.db,
    bus: app.bus,
    jobs: app.jobs,
    timeZone: app.config.timeZone,
    hooks: app.orderHooks,
  };

  // Rounds run on every instance's events (one instance at a time does each); offers end on the queue.
  const dispatcher = new Dispatcher(
    deps,
    (error) => app.log.warn({ err: error }, 'dispatch round failed'),
    (seconds, offered) => {
      app.metrics?.dispatchRounds.observe(seconds);
      app.metrics?.dispatchOffers.inc(offered);
      if (seconds > 1) app.log.warn({ seconds, offered }, 'dispatch round slower than a second');
    },
  );
  app.jobs.handle('dispatch-offer-expires', () => dispatcher.runNow());
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('preClose', async () => dispatcher.stop());

  route(app, dispatch.settings, async () => ({ data: await service.readSettings(app.db) }));
  route(app, dispatch.updateSettings, async (request) => {
    const data = await service.updateSettings(deps, request.actor, request.body);
    dispatcher.poke();
    return { data };
  });
  route(app, dispatch.setRestaurantMode, async (request) => {
    await service.setRestaurantMode(deps, request.actor, request.params.id, request.body.mode);
    dispatcher.poke();
    return { data: await getRestaurant(app.db, request.actor, request.params.id, app.config.timeZone) };
  });
  route(app, dispatch.suggestions, async (request) => ({
    data: { items: await service.suggestions(app.db, request.actor, app.config.timeZone) },
  }));
  route(app, dispatch.acceptSuggestion, async (request) => ({
    data: await service.acceptSuggestion(deps, request.actor, request.params.id, request.body.driver_id),
  }));
  route(app, dispatch.lock, async (request) => {
    const data = await service.setLock(deps, request.actor, request.params.id, request.body.locked);
    dispatcher.poke();
    return { data };
  });

  route(app, driverApp.offers, async (request) => ({
    data: { items: await service.driverOffers(app.db, request.actor) },
  }));
  route(app, driverApp.pool, async (request) => ({
    data: { items: await service.driverPool(app.db, request.actor) },
  }));
  route(app, driverApp.declineOffer, async (request, reply) => {
    await service.declineOffer(deps, request.actor, request.params.id);
    dispatcher.poke();
    return reply.status(204).send(null);
  });
}
