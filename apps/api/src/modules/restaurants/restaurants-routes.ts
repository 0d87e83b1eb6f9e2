import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as hours from './restaurants-hours.js';
import * as payout from './restaurants-payout.js';
import * as service from './restaurants-service.js';

const { restaurants } = endpoints;

export async function restaurantsRoutes(app: FastifyInstance) {
  const timeZone = app.config.timeZone;

  route(app, restaurants.list, async (request) => service.listRestaurants(app.db, request.query, timeZone));
  route(app, restaurants.create, async (request, reply) =>
    reply.status(201).send({
      data: await service.createRestaurant(app.db, request.actor, request.body, timeZone),
    }),
  );
  route(app, restaurants.get, async (request) => ({
    data: await service.getRestaurant(app.db, request.actor, request.params.id, timeZone),
  }));
  route(app, restaurants.update, async (request) => ({
    data: await service.updateRestaurant(app.db, request.actor, request.params.id, request.body, timeZone),
  }));
  route(app, restaurants.remove, async (request, reply) => {
    await service.deleteRestaurant(app.db, request.actor, request.params.id);
    return reply.status(204).send(null);
  });

  route(app, restaurants.hours, async (request) => ({
    data: await hours.getHours(app.db, request.actor, request.params.id),
  }));
  route(app, restaurants.setHours, async (request) => ({
    data: await hours.putHours(app.db, app.bus, request.actor, request.params.id, request.body),
  }));

  route(app, restaurants.payoutRequests, async (request) =>
    payout.listPayoutRequests(app.db, request.actor, request.params.id, request.query),
  );
  route(app, restaurants.requestPayoutChange, async (request, reply) =>
    reply.status(201).send({
      data: await payout.filePayoutRequest(app.db, request.actor, request.params.id, request.body),
    }),
  );
  route(app, restaurants.approvePayoutChange, async (request) => ({
    data: await payout.approvePayoutRequest(
      app.db,
      request.actor,
      request.params.id,
      request.params.request_id,
    ),
  }));
  route(app, restaurants.rejectPayoutChange, async (request) => ({
    data: await payout.rejectPayoutRequest(
      app.db,
      request.actor,
      request.params.id,
      request.params.request_id,
      request.body.reason,
    ),
  }));
}
