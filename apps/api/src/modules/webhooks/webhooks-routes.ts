import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/routes.js';
import { webhookOrderHook } from './webhooks-outbox.js';
import { encryptPlainSecrets } from './webhooks-secrets.js';
import { WebhookSender } from './webhooks-sender.js';
import * as service from './webhooks-service.js';

const { webhooks } = endpoints;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's webhook delivery worker (webhooks-sender.ts). */
    webhookSender: WebhookSender;
  }
}

/** Not encapsulated (fastify-plugin): the app and its tests reach the sender as app.webhookSender. */
export const webhooksRoutes = fp(async (app: FastifyInstance) => {
  const production = app.config.env === 'production';
  // Every order write records its events in its own transaction (the outbox).
  app.orderHooks.add(webhookOrderHook);
  const sender = new WebhookSender(app.db, {
    production,
    pollMs: app.config.jobsPollingSeconds * 1000,
    log: app.log,
    secretKey: app.config.webhookSecretKey,
  });
  app.decorate('webhookSender', sender);
  app.addHook('onReady', async () => {
    // Secrets stored before they were encrypted at rest are encrypted now (in the background, like the
    // sender: a plain one still signs meanwhile, and a process that only builds the document goes on).
    encryptPlainSecrets(app.db, app.config.webhookSecretKey).then(
      (encrypted) => {
        if (encrypted) app.log.info({ encrypted }, 'webhook signing secrets encrypted at rest');
      },
      (error: unknown) => app.log.warn({ err: error }, 'webhook signing secrets not encrypted yet'),
    );
    sender.start();
  });
  app.addHook('preClose', () => sender.stop());

  route(app, webhooks.list, (request) => service.listEndpoints(app.db, request.query));
  route(app, webhooks.create, async (request, reply) =>
    reply.status(201).send({
      data: await service.createEndpoint(
        app.db,
        request.actor,
        request.body,
        production,
        app.config.webhookSecretKey,
      ),
    }),
  );
  route(app, webhooks.get, async (request) => ({
    data: await service.getEndpoint(app.db, request.params.id),
  }));
  route(app, webhooks.update, async (request) => ({
    data: await service.updateEndpoint(app.db, request.actor, request.params.id, request.body, production),
  }));
  route(app, webhooks.remove, async (request, reply) => {
    await service.deleteEndpoint(app.db, request.actor, request.params.id);
    return reply.status(204).send(null);
  });
  route(app, webhooks.secret, async (request) => ({
    data: await service.endpointSecret(app.db, app.config.webhookSecretKey, request.params.id),
  }));
  route(app, webhooks.deliveries, (request) =>
    service.listDeliveries(app.db, request.params.id, request.query),
  );
  route(app, webhooks.test, async (request, reply) =>
    reply.status(202).send({ data: await service.sendTest(app.db, request.actor, request.params.id) }),
  );
  route(app, webhooks.replayFailed, async (request, reply) =>
    reply.status(202).send({
      data: await service.replayFailed(app.db, request.actor, request.params.id, request.body.since),
    }),
  );
  route(app, webhooks.replay, async (request, reply) =>
    reply.status(202).send({ data: await service.replayDelivery(app.db, request.actor, request.params.id) }),
  );
});
