import {
  dataResponse,
  idParams,
  listResponse,
  noContent,
  paymentOrderSchema,
  settlementBody,
  settlementListQuery,
  settlementSchema,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_TYPE, XLSX_TYPE } from '../../lib/export.js';
import * as service from './settlements-service.js';

export async function settlementsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settlements'];
  const config = { permission: 'settlements.manage' as const };

  r.get(
    '/api/settlements',
    {
      config,
      schema: {
        description: 'A page of restaurant settlements, filterable by restaurant and status.',
        tags,
        querystring: settlementListQuery,
        response: { 200: listResponse(settlementSchema) },
      },
    },
    async (request) => service.listSettlements(app.db, request.query),
  );
  r.post(
    '/api/settlements',
    {
      config,
      schema: {
        description:
          "Computes a settlement for one restaurant over a period of days (in the operation's time zone) from its delivered orders.",
        tags,
        body: settlementBody,
        response: { 201: dataResponse(settlementSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.createSettlement(app.db, request.actor, request.body, app.config.timeZone),
      }),
  );
  r.get(
    '/api/settlements/:id',
    {
      config,
      schema: {
        description: 'One settlement with its totals.',
        tags,
        params: idParams,
        response: { 200: dataResponse(settlementSchema) },
      },
    },
    async (request) => ({ data: await service.getSettlement(app.db, request.params.id) }),
  );
  r.delete(
    '/api/settlements/:id',
    {
      config,
      schema: {
        description: 'Removes a settlement that is not approved yet.',
        response: { 204: noContent('The settlement is deleted') },
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteSettlement(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/api/settlements/:id/approve',
    {
      config,
      schema: {
        summary: 'Approve a settlement',
        description: 'Approves a draft settlement; an approved settlement no longer changes.',
        tags,
        params: idParams,
        response: { 200: dataResponse(settlementSchema) },
      },
    },
    async (request) => ({
      data: await service.approveSettlement(app.db, request.actor, request.params.id),
    }),
  );
  r.post(
    '/api/settlements/:id/payment-orders',
    {
      config,
      schema: {
        summary: 'Create the payment orders of a settlement',
        description: 'Creates the payment orders of an approved settlement.',
        tags,
        params: idParams,
        response: { 200: dataResponse(settlementSchema) },
      },
    },
    async (request) => ({
      data: await service.createPaymentOrders(app.db, request.actor, request.params.id),
    }),
  );
  const operation = {
    currency: app.config.currency,
    iban: app.config.operationIban,
    timeZone: app.config.timeZone,
  };
  r.get(
    '/api/settlements/:id/payment-orders',
    {
      config,
      schema: {
        summary: 'The payment orders of a settlement',
        description:
          "The approved settlement's bank payment orders (amounts in minor units), as the printable view shows them: the same as the CSV. A settlement not approved yet is refused (422).",
        tags,
        params: idParams,
        response: { 200: z.object({ data: z.array(paymentOrderSchema) }) },
      },
    },
    async (request) => ({ data: await service.paymentOrders(app.db, request.params.id, operation) }),
  );
  for (const format of ['csv', 'xlsx'] as const) {
    const name = format === 'csv' ? 'CSV' : 'spreadsheet (.xlsx)';
    r.get(
      `/api/settlements/:id/payment-orders.${format}`,
      {
        config,
        schema: {
          summary: `The payment orders of a settlement as ${format === 'csv' ? 'CSV' : 'a spreadsheet'}`,
          description:
            format === 'csv'
              ? "The settlement's payment orders as a CSV file for the bank (UTF-8 with a byte-order mark, amounts in major units). A settlement not approved yet is refused (422)."
              : "The settlement's payment orders as a spreadsheet (.xlsx), the same rows as the CSV. A settlement not approved yet is refused (422).",
          response: {
            200: {
              description: `The payment orders as ${name}`,
              content: { [format === 'csv' ? 'text/csv' : XLSX_TYPE]: { schema: z.string() } },
            },
          },
          tags,
          params: idParams,
        },
      },
      async (request, reply) => {
        const file = await service.paymentOrdersFile(app.db, request.params.id, operation, format);
        return reply
          .header('content-type', format === 'csv' ? CSV_TYPE : XLSX_TYPE)
          .header(
            'content-disposition',
            `attachment; filename="payment-orders-${request.params.id}.${format}"`,
          )
          .send(file as unknown as string);
      },
    );
  }
}
