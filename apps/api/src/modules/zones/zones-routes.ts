import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import { zoneCache, zonesChanged } from './zones-cache.js';
import * as service from './zones-service.js';

const { zones } = endpoints;

/** The next whole hour after `now`: when the purge of expired quotes runs next. */
export function nextPurgeAt(now: Date): Date {
  const at = new Date(now);
  at.setUTCMinutes(0, 0, 0);
  at.setUTCHours(at.getUTCHours() + 1);
  return at;
}

export async function zonesRoutes(app: FastifyInstance) {
  const cache = zoneCache(app.db);
  // Another instance changed zones, rules or areas; or notices may have been missed (Redis back).
  const unsubscribe = app.bus.onControl(
    (message) => {
      if (message.type === 'zones.changed') cache.invalidate();
    },
    () => cache.invalidate(),
  );
  app.addHook('onClose', async () => unsubscribe());
  const changed = () => zonesChanged(app.db, app.bus);

  // Expired unused quotes are purged every hour on the job queue: each run schedules the next, and
  // every instance asks for the coming hour's run at start-up (the same key: one job, whoever asks).
  const schedulePurge = (now = new Date()) => {
    const at = nextPurgeAt(now);
    return app.jobs.schedule('quotes-purge', {}, at, `quotes-purge:${at.toISOString()}`);
  };
  app.jobs.handle('quotes-purge', async () => {
    const purged = await service.purgeExpiredQuotes(app.db, new Date());
    if (purged > 0) app.log.info({ purged }, 'expired quotes purged');
    await schedulePurge();
  });
  app.addHook('onReady', async () => {
    schedulePurge().catch((error) => app.log.warn({ err: error }, 'quote purge not scheduled'));
  });
  const { timeZone } = app.config;

  route(app, zones.list, async () => ({ data: await service.listZones(app.db) }));
  route(app, zones.exportGeojson, async (_request, reply) => {
    reply.header('content-disposition', 'attachment; filename="zones.geojson"');
    return service.exportZones(app.db);
  });
  route(app, zones.create, async (request, reply) => {
    const data = await service.createZone(app.db, request.actor, request.body);
    await changed();
    return reply.status(201).send({ data });
  });
  route(app, zones.importGeojson, async (request, reply) => {
    const data = await service.importZones(app.db, request.actor, request.body);
    await changed();
    return reply.status(201).send({ data });
  });
  route(app, zones.update, async (request) => {
    const data = await service.updateZone(app.db, request.actor, request.params.id, request.body);
    await changed();
    return { data };
  });
  route(app, zones.remove, async (request, reply) => {
    await service.deleteZone(app.db, request.actor, request.params.id);
    await changed();
    return reply.status(204).send(null);
  });
  route(app, zones.simulate, async (request) => ({
    data: await service.simulate(app.db, request.body, timeZone, request.language),
  }));
  route(app, zones.feeRules, async () => ({ data: await service.listFeeRules(app.db) }));
  route(app, zones.putFeeRule, async (request) => {
    const { scope, target } = request.params;
    const data = await service.putFeeRule(app.db, request.actor, scope, target, request.body);
    await changed();
    return { data };
  });
  route(app, zones.removeFeeRule, async (request, reply) => {
    const { scope, target } = request.params;
    await service.removeFeeRule(app.db, request.actor, scope, target);
    await changed();
    return reply.status(204).send(null);
  });
  route(app, zones.deliveryArea, async (request) => ({
    data: await service.getDeliveryArea(app.db, request.actor, request.params.id),
  }));
  route(app, zones.putDeliveryArea, async (request) => {
    const data = await service.putDeliveryArea(app.db, request.actor, request.params.id, request.body);
    await changed();
    return { data };
  });
  route(app, zones.quote, async (request, reply) =>
    reply
      .status(201)
      .send({ data: await service.createQuote(app.db, request.actor, request.body, timeZone) }),
  );
  route(app, zones.orderQuote, async (request) => ({
    data: await service.orderQuote(app.db, request.actor, request.params.id),
  }));
}
