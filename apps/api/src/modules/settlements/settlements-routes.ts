import { endpoints, XLSX_TYPE } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { CSV_TYPE } from '../../lib/export.js';
import { route } from '../../lib/routes.js';
import * as service from './settlements-service.js';

const { settlements } = endpoints;

export async function settlementsRoutes(app: FastifyInstance) {
  route(app, settlements.list, async (request) => service.listSettlements(app.db, request.query));
  route(app, settlements.create, async (request, reply) =>
    reply.status(201).send({
      data: await service.createSettlement(app.db, request.actor, request.body, app.config.timeZone),
    }),
  );
  route(app, settlements.get, async (request) => ({
    data: await service.getSettlement(app.db, request.params.id),
  }));
  route(app, settlements.remove, async (request, reply) => {
    await service.deleteSettlement(app.db, request.actor, request.params.id);
    return reply.status(204).send(null);
  });
  route(app, settlements.approve, async (request) => ({
    data: await service.approveSettlement(app.db, request.actor, request.params.id),
  }));
  route(app, settlements.createPaymentOrders, async (request) => ({
    data: await service.createPaymentOrders(app.db, request.actor, request.params.id),
  }));
  const operation = {
    currency: app.config.currency,
    iban: app.config.operationIban,
    timeZone: app.config.timeZone,
  };
  route(app, settlements.paymentOrders, async (request) => ({
    data: await service.paymentOrders(app.db, request.params.id, operation),
  }));
  const files = [
    { format: 'csv', type: CSV_TYPE, endpoint: settlements.paymentOrdersCsv },
    { format: 'xlsx', type: XLSX_TYPE, endpoint: settlements.paymentOrdersXlsx },
  ] as const;
  for (const { format, type, endpoint } of files) {
    route(app, endpoint, async (request, reply) => {
      const file = await service.paymentOrdersFile(app.db, request.params.id, operation, format);
      return reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="payment-orders-${request.params.id}.${format}"`)
        .send(file);
    });
  }
}
