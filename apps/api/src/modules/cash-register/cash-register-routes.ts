import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as service from './cash-register-service.js';

const { cashRegister, driverApp } = endpoints;

export async function cashRegisterRoutes(app: FastifyInstance) {
  route(app, driverApp.endShift, async (request, reply) =>
    reply.status(201).send({
      data: await service.requestEndShift(app.db, app.bus, request.actor, request.body.declared_amount),
    }),
  );

  route(app, cashRegister.list, async (request) =>
    service.listRequests(app.db, request.query, app.config.timeZone),
  );
  route(app, cashRegister.get, async (request) => ({
    data: await service.getRequest(app.db, request.params.id),
  }));
  route(app, cashRegister.collect, async (request) => ({
    data: await service.collect(app.db, app.bus, request.actor, request.params.id),
  }));
  route(app, cashRegister.reject, async (request) => ({
    data: await service.reject(app.db, request.actor, request.params.id, request.body.reason),
  }));
}
