import { API_KEY_PATTERN, DEFAULT_KEY_RATE_LIMIT, type IntegratorScope } from '@dostava/shared';
import { endpoints, integrationApi } from '@dostava/shared/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthorized } from '../../lib/errors.js';
import { route } from '../../lib/routes.js';
import { authenticate, type IntegrationCaller, presentedKey, rateLimitOf } from './integrations-auth.js';
import * as inbound from './integrations-inbound.js';
import * as menu from './integrations-menu.js';
import * as service from './integrations-service.js';

const { integrations } = endpoints;

export async function integrationsRoutes(app: FastifyInstance) {
  // Admins: integrators and their keys.
  route(app, integrations.list, (request) => service.listIntegrators(app.db, request.query));
  route(app, integrations.create, async (request, reply) =>
    reply.status(201).send({ data: await service.createIntegrator(app.db, request.actor, request.body) }),
  );
  route(app, integrations.get, async (request) => ({
    data: await service.getIntegrator(app.db, request.params.id),
  }));
  route(app, integrations.update, async (request) => ({
    data: await service.updateIntegrator(app.db, request.actor, request.params.id, request.body),
  }));
  route(app, integrations.keys, async (request) => ({
    data: await service.listKeys(app.db, request.params.id),
  }));
  route(app, integrations.createKey, async (request, reply) =>
    reply
      .status(201)
      .send({ data: await service.createKey(app.db, request.actor, request.params.id, request.body) }),
  );
  route(app, integrations.rotateKey, async (request, reply) =>
    reply
      .status(201)
      .send({ data: await service.rotateKey(app.db, request.actor, request.params.id, request.body) }),
  );
  route(app, integrations.revokeKey, async (request) => ({
    data: await service.revokeKey(app.db, request.actor, request.params.id),
  }));

  await app.register(integrationApiRoutes);
}

/** The routes integrators call with a key: their own hook checks it, their own bucket limits it. */
async function integrationApiRoutes(app: FastifyInstance) {
  app.decorateRequest('integration', null);
  // Every route of this plugin (and only these: Fastify encapsulates the hook) is an api_key route.
  app.addHook('preValidation', async (request) => {
    const scope = request.routeOptions.config.scope as IntegratorScope | undefined;
    if (!scope) throw new Unauthorized();
    request.integration = await authenticate(app.db, request, scope);
  });
  const caller = (request: FastifyRequest): IntegrationCaller => {
    if (!request.integration) throw new Unauthorized();
    return request.integration;
  };
  const deps = () => ({
    db: app.db,
    jobs: app.jobs,
    bus: app.bus,
    timeZone: app.config.timeZone,
    hooks: app.orderHooks,
  });
  // Each key has its own bucket and its own limit per minute (the rest of the API limits per IP).
  const perKey = {
    config: {
      rateLimit: {
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => {
          const key = presentedKey(request);
          return key ? `integrator-key:${API_KEY_PATTERN.exec(key)?.[1]}` : `integrator-ip:${request.ip}`;
        },
        max: async (request: FastifyRequest) => {
          const key = presentedKey(request);
          const prefix = key ? API_KEY_PATTERN.exec(key)?.[1] : undefined;
          return prefix ? rateLimitOf(app.db, prefix, DEFAULT_KEY_RATE_LIMIT) : app.config.rateLimitMax;
        },
      },
    },
  };

  route(
    app,
    integrationApi.quote,
    async (request) => ({ data: await inbound.quoteOrder(deps(), caller(request), request.body) }),
    perKey,
  );
  route(
    app,
    integrationApi.createOrder,
    async (request, reply) => {
      const { order, replayed } = await inbound.createIntegrationOrder(
        deps(),
        caller(request),
        request.headers['idempotency-key'],
        request.body,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ data: order });
    },
    perKey,
  );
  route(
    app,
    integrationApi.getOrder,
    async (request) => ({
      data: await inbound.getIntegrationOrder(app.db, caller(request), request.params.id),
    }),
    perKey,
  );
  route(
    app,
    integrationApi.moveOrder,
    async (request) => ({
      data: await inbound.moveOrder(deps(), caller(request), request.params.id, request.body),
    }),
    perKey,
  );
  route(
    app,
    integrationApi.addProduct,
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await inbound.addProduct(deps(), caller(request), request.params.id, request.body) }),
    perKey,
  );
  route(
    app,
    integrationApi.addCategory,
    async (request, reply) => {
      const { category, created } = await menu.addCategory(app.db, caller(request), request.body);
      return reply.status(created ? 201 : 200).send({ data: category });
    },
    perKey,
  );
  route(
    app,
    integrationApi.replaceMenu,
    async (request) => ({
      data: await menu.replaceMenu(app.db, caller(request), request.params.id, request.body),
    }),
    perKey,
  );
  route(
    app,
    integrationApi.updateProduct,
    async (request) => ({
      data: await inbound.changeProduct(deps(), caller(request), request.params.id, request.body),
    }),
    perKey,
  );
  route(
    app,
    integrationApi.snooze,
    async (request) => ({
      data: await inbound.snooze(deps(), caller(request), request.params.id, request.body),
    }),
    perKey,
  );
  route(
    app,
    integrationApi.unsnooze,
    async (request) => ({ data: await inbound.unsnooze(deps(), caller(request), request.params.id) }),
    perKey,
  );
  route(
    app,
    integrationApi.capacity,
    async (request) => ({
      data: await inbound.capacity(deps(), caller(request), request.params.id, request.body),
    }),
    perKey,
  );
}
