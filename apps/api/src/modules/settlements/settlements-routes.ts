import {
  dataResponse,
  idParams,
  listResponse,
  settlementBody,
  settlementListQuery,
  settlementSchema,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import * as service from './settlements-service.js';

export async function settlementsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settlements'];
  const config = { permission: 'settlements.manage' as const };

  r.get(
    '/api/settlements',
    {
      config,
      schema: { tags, querystring: settlementListQuery, response: { 200: listResponse(settlementSchema) } },
    },
    async (request) => service.listSettlements(app.db, request.query),
  );
  r.post(
    '/api/settlements',
    { config, schema: { tags, body: settlementBody, response: { 201: dataResponse(settlementSchema) } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.createSettlement(app.db, actorOf(request), request.body, app.config.timeZone),
      }),
  );
  r.get(
    '/api/settlements/:id',
    { config, schema: { tags, params: idParams, response: { 200: dataResponse(settlementSchema) } } },
    async (request) => ({ data: await service.getSettlement(app.db, request.params.id) }),
  );
  r.delete('/api/settlements/:id', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.deleteSettlement(app.db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
  r.post(
    '/api/settlements/:id/approve',
    { config, schema: { tags, params: idParams, response: { 200: dataResponse(settlementSchema) } } },
    async (request) => ({
      data: await service.approveSettlement(app.db, actorOf(request), request.params.id),
    }),
  );
  r.post(
    '/api/settlements/:id/payment-orders',
    { config, schema: { tags, params: idParams, response: { 200: dataResponse(settlementSchema) } } },
    async (request) => ({
      data: await service.createPaymentOrders(app.db, actorOf(request), request.params.id),
    }),
  );
  r.get(
    '/api/settlements/:id/payment-orders.csv',
    { config, schema: { tags, params: idParams } },
    async (request, reply) => {
      const csv = await service.paymentOrdersCsv(app.db, request.params.id, {
        currency: app.config.currency,
        iban: app.config.operationIban,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payment-orders-${request.params.id}.csv"`)
        .send(csv);
    },
  );
}
