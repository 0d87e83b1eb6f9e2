import { Readable } from 'node:stream';
import {
  boardCountsQuery,
  boardCountsSchema,
  dataResponse,
  dateRangeRule,
  driverCandidateSchema,
  idParams,
  listResponse,
  orderAssignBody,
  orderCreateBody,
  orderListItemSchema,
  orderListQuery,
  orderMapSchema,
  orderSchema,
  orderStatusBody,
  orderUnassignBody,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import * as service from './orders-service.js';

export async function ordersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const deps = { bus: app.bus, timeZone: app.config.timeZone };

  r.get(
    '/api/orders',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        querystring: orderListQuery.superRefine(dateRangeRule),
        response: { 200: listResponse(orderListItemSchema) },
      },
    },
    async (request) => service.listOrders(app.db, actorOf(request), request.query),
  );

  r.get(
    '/api/orders/export.csv',
    {
      config: { permission: 'orders.export' },
      schema: {
        tags,
        summary: 'The filtered orders as CSV, streamed',
        querystring: orderListQuery
          .omit({ page: true, per_page: true, sort: true })
          .superRefine(dateRangeRule),
      },
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`);
      return reply.send(Readable.from(service.exportOrdersCsv(app.db, actorOf(request), request.query)));
    },
  );

  r.get(
    '/api/orders/lanes',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        summary: "The board's lanes with their counts of active orders",
        querystring: boardCountsQuery,
        response: { 200: dataResponse(boardCountsSchema) },
      },
    },
    async (request) => ({ data: await service.boardCounts(app.db, actorOf(request), request.query) }),
  );

  r.get(
    '/api/orders/map',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        summary: "Active orders' drop-off points and their restaurants, for the map",
        response: { 200: dataResponse(orderMapSchema) },
      },
    },
    async (request) => ({ data: await service.orderMap(app.db, actorOf(request)) }),
  );

  r.get(
    '/api/orders/:id/driver-candidates',
    {
      config: { permission: 'orders.dispatch' },
      schema: {
        tags,
        summary: 'Drivers who could take the order, fittest first',
        params: idParams,
        response: { 200: z.object({ data: z.array(driverCandidateSchema) }) },
      },
    },
    async (request) => ({
      data: await service.driverCandidates(app.db, request.params.id, app.config.staleLocationMinutes),
    }),
  );

  r.get(
    '/api/orders/:id',
    {
      config: { permission: 'orders.read' },
      schema: { tags, params: idParams, response: { 200: dataResponse(orderSchema) } },
    },
    async (request) => ({ data: await service.getOrder(app.db, actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/orders/:id/status',
    {
      config: { permission: 'orders.status' },
      schema: { tags, params: idParams, body: orderStatusBody, response: { 200: dataResponse(orderSchema) } },
    },
    async (request) => ({
      data: await service.changeStatus(app.db, deps, actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/api/orders/:id/assign',
    {
      config: { permission: 'orders.dispatch' },
      schema: { tags, params: idParams, body: orderAssignBody, response: { 200: dataResponse(orderSchema) } },
    },
    async (request) => ({
      data: await service.assignDriver(
        app.db,
        deps,
        actorOf(request),
        request.params.id,
        request.body.driver_id,
        request.body.allow_busy ?? false,
      ),
    }),
  );

  r.post(
    '/api/orders/:id/unassign',
    {
      config: { permission: 'orders.dispatch' },
      schema: {
        tags,
        params: idParams,
        body: orderUnassignBody,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({
      data: await service.unassignDriver(
        app.db,
        deps,
        actorOf(request),
        request.params.id,
        request.body.reason,
      ),
    }),
  );

  // The customer app places orders.
  r.post(
    '/api/orders',
    {
      config: { auth: 'app', roles: ['customer'] },
      schema: {
        tags,
        summary: 'Customer app: place an order',
        body: orderCreateBody,
        response: { 201: dataResponse(orderSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createOrder(app.db, deps, actorOf(request), request.body) }),
  );

  // The driver app.
  const driverConfig = { auth: 'app' as const, roles: ['driver' as const] };
  r.get(
    '/api/driver/orders',
    {
      config: driverConfig,
      schema: { tags: ['driver app'], response: { 200: z.object({ data: z.array(orderListItemSchema) }) } },
    },
    async (request) => ({ data: await service.driverOrders(app.db, actorOf(request)) }),
  );
  r.post(
    '/api/driver/orders/:id/accept',
    {
      config: driverConfig,
      schema: { tags: ['driver app'], params: idParams, response: { 200: dataResponse(orderSchema) } },
    },
    async (request) => ({
      data: await service.acceptOrder(app.db, deps, actorOf(request), request.params.id),
    }),
  );
  r.post(
    '/api/driver/orders/:id/status',
    {
      config: driverConfig,
      schema: {
        tags: ['driver app'],
        params: idParams,
        body: orderStatusBody,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({
      data: await service.changeStatus(app.db, deps, actorOf(request), request.params.id, request.body),
    }),
  );
}
