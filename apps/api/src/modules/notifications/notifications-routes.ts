import { renderTemplate } from '@dostava/shared';
import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import { providersOf } from './notifications-providers.js';
import * as service from './notifications-service.js';
import { sendKey, watchOrders } from './notifications-watch.js';

const { notifications } = endpoints;

export async function notificationsRoutes(app: FastifyInstance) {
  const settings = app.customerSettings;
  const providers = providersOf(app.config);
  const { timeZone } = app.config;

  // Recorded in the order's own write: at most once per event per order (the row's unique index).
  app.orderHooks.add(async (tx, write) => {
    const event = service.eventOfWrite(write);
    if (event) await service.record(tx, write.order, event, await settings.get(tx), timeZone, write.at);
  });
  const stopWatching = watchOrders({
    db: app.db,
    bus: app.bus,
    jobs: app.jobs,
    settings: () => settings.get(),
    timeZone,
    log: app.log,
  });
  app.addHook('onClose', async () => stopWatching());
  const leaseMs = service.leaseOf(app.config.providerTimeoutMs);
  app.jobs.handle('notification-send', async (data) =>
    service.sendPending(
      app.db,
      { providers, publicUrl: app.config.publicUrl, leaseMs },
      Number(data.order_id),
    ),
  );
  app.addHook('onReady', async () => {
    // What waited when the last instance stopped.
    app.jobs
      .start()
      .then(async () => {
        for (const id of await service.ordersWithPending(app.db, leaseMs))
          await app.jobs.schedule('notification-send', { order_id: id }, new Date(), sendKey(id));
      })
      .catch((error) => app.log.warn({ err: error }, 'pending notifications not resumed'));
  });

  route(app, notifications.setup, async () => ({ data: service.setupOf(await settings.get(), providers) }));
  route(app, notifications.saveSettings, async (request) => {
    await service.saveSettings(app.db, request.actor, request.body);
    settings.forget();
    return { data: service.setupOf(await settings.get(), providers) };
  });
  route(app, notifications.templates, async () => ({ data: await service.listTemplates(app.db) }));
  route(app, notifications.saveTemplate, async (request) => ({
    data: await service.saveTemplate(
      app.db,
      request.actor,
      request.params.event,
      request.params.language,
      request.body.body,
    ),
  }));
  route(app, notifications.preview, async (request) => {
    const text = renderTemplate(request.body.body, service.SAMPLE_VALUES(app.config.publicUrl));
    return { data: { text, length: text.length } };
  });
  route(app, notifications.orderLog, async (request) => ({
    data: await service.orderLog(app.db, request.actor, request.params.id),
  }));
  route(app, notifications.contact, async (request) => ({
    data: await service.saveContact(app.db, request.actor.user_id, request.body),
  }));
}
