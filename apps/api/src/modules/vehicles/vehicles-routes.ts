import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as service from './vehicles-service.js';

const { vehicles } = endpoints;

export async function vehiclesRoutes(app: FastifyInstance) {
  route(app, vehicles.list, async (request) => service.listVehicles(app.db, request.query));
  route(app, vehicles.create, async (request, reply) =>
    reply.status(201).send({ data: await service.createVehicle(app.db, request.actor, request.body) }),
  );
  route(app, vehicles.get, async (request) => ({
    data: await service.getVehicle(app.db, request.params.id),
  }));
  route(app, vehicles.update, async (request) => ({
    data: await service.updateVehicle(app.db, request.actor, request.params.id, request.body),
  }));
  route(app, vehicles.remove, async (request, reply) => {
    await service.deleteVehicle(app.db, request.actor, request.params.id);
    return reply.status(204).send(null);
  });
}
