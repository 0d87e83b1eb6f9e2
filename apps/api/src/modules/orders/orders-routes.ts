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
import { localToday } from '../../lib/dates.js';
import { CSV_TYPE, XLSX_TYPE } from '../../lib/export.js';
import * as commands from './orders-commands.js';
import { exportOrdersCsv, exportOrdersXlsx } from './orders-export.js';
import * as queries from './orders-queries.js';

export async function ordersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const deps = { bus: app.bus, timeZone: app.config.timeZone };

  r.get(
    '/api/orders',
    {
      config: { permission: 'orders.read' },
      schema: {
        description:
          "A page of orders, filterable by status, restaurant, driver, creation time (from/to) and board lane, sorted by urgency for the board, searchable by (part of) the number or the customer; a dispatcher sees active orders, and with a search also any order of the last two days (the same rule as for one order). Restaurant staff see their restaurant's orders only.",
        tags,
        querystring: orderListQuery.superRefine(dateRangeRule),
        response: { 200: listResponse(orderListItemSchema) },
      },
    },
    async (request) => queries.listOrders(app.db, request.actor, request.query),
  );

  const exportQuery = orderListQuery
    .omit({ page: true, per_page: true, sort: true })
    .superRefine(dateRangeRule);
  r.get(
    '/api/orders/export.csv',
    {
      config: { permission: 'orders.export' },
      schema: {
        description:
          "The orders the same filters select, as a CSV file streamed row by row: UTF-8 with a byte-order mark, amounts in major units, times in the operation's time zone as 'YYYY-MM-DD HH:mm:ss'.",
        response: {
          200: { description: 'The orders as CSV', content: { 'text/csv': { schema: z.string() } } },
        },
        tags,
        summary: 'The filtered orders as CSV, streamed',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const stamp = localToday(app.config.timeZone);
      reply
        .header('content-type', CSV_TYPE)
        .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`);
      // Streamed row by row; the schema documents what the client receives, the CSV text.
      const csv = Readable.from(exportOrdersCsv(app.db, request.actor, request.query, app.config.timeZone));
      return reply.send(csv as unknown as string);
    },
  );
  r.get(
    '/api/orders/export.xlsx',
    {
      config: { permission: 'orders.export' },
      schema: {
        description:
          "The same orders as the CSV, as a spreadsheet (.xlsx) streamed row by row: amounts as numbers in major units, times as date-times in the operation's time zone.",
        response: {
          200: {
            description: 'The orders as a spreadsheet',
            content: { [XLSX_TYPE]: { schema: z.string() } },
          },
        },
        tags,
        summary: 'The filtered orders as a spreadsheet, streamed',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const stamp = localToday(app.config.timeZone);
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="orders-${stamp}.xlsx"`);
      const file = exportOrdersXlsx(app.db, request.actor, request.query, app.config.timeZone);
      return reply.send(file as unknown as string);
    },
  );

  r.get(
    '/api/orders/lanes',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        summary: "The board's lanes with their counts of active orders",
        description:
          'How many active orders each lane of the dispatch board holds (new, preparing, ready without a driver, awaiting pickup, in delivery, problems) and how many are late, with the same restaurant, driver and search filters as the list. Restaurant staff count their own restaurant only.',
        querystring: boardCountsQuery,
        response: { 200: dataResponse(boardCountsSchema) },
      },
    },
    async (request) => ({ data: await queries.boardCounts(app.db, request.actor, request.query) }),
  );

  r.get(
    '/api/orders/map',
    {
      config: { permission: 'orders.read' },
      schema: {
        tags,
        summary: "Active orders' drop-off points and their restaurants, for the map",
        description:
          'Every active order the caller may see (up to 2,000) with its drop-off point, status and driver, and the restaurants they come from with their count of active orders.',
        response: { 200: dataResponse(orderMapSchema) },
      },
    },
    async (request) => ({ data: await queries.orderMap(app.db, request.actor) }),
  );

  r.get(
    '/api/orders/:id/driver-candidates',
    {
      config: { permission: 'orders.dispatch' },
      schema: {
        tags,
        summary: 'Drivers who could take the order, fittest first',
        description:
          "Drivers on shift with their state (available, assigned, delivering), the orders they carry, the straight-line distance from their last location to the order's restaurant and that location's time; free drivers first, then fresh locations, then the nearest, then the least loaded.",
        params: idParams,
        response: { 200: z.object({ data: z.array(driverCandidateSchema) }) },
      },
    },
    async (request) => ({
      data: await queries.driverCandidates(
        app.db,
        request.actor,
        request.params.id,
        app.config.staleLocationMinutes,
      ),
    }),
  );

  r.get(
    '/api/orders/:id',
    {
      config: { permission: 'orders.read' },
      schema: {
        description:
          'One order with its items, customer, driver and status history. A dispatcher reaches active orders and those of the last two days only; an older finished order is not found (404), as in the list.',
        tags,
        params: idParams,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({ data: await queries.getOrder(app.db, request.actor, request.params.id) }),
  );

  r.post(
    '/api/orders/:id/status',
    {
      config: { permission: 'orders.status' },
      schema: {
        summary: 'Change the status of an order',
        description:
          "Moves an order to a next status the order state machine allows for the caller's role (a cancellation takes a reason). A race with another change is a conflict (409).",
        tags,
        params: idParams,
        body: orderStatusBody,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({
      data: await commands.changeStatus(app.db, deps, request.actor, request.params.id, request.body),
    }),
  );

  r.post(
    '/api/orders/:id/assign',
    {
      config: { permission: 'orders.dispatch' },
      schema: {
        summary: 'Assign a driver to an order',
        description: 'Gives the order to an available driver on shift; the driver app sees it at once.',
        tags,
        params: idParams,
        body: orderAssignBody,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({
      data: await commands.assignDriver(
        app.db,
        deps,
        request.actor,
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
        summary: 'Take an order from its driver',
        description: 'Removes the driver from an order that is not picked up yet, with an optional reason.',
        tags,
        params: idParams,
        body: orderUnassignBody,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({
      data: await commands.unassignDriver(
        app.db,
        deps,
        request.actor,
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
        description:
          'The customer app places an order at one restaurant: items, delivery address and position, payment. Prices come from the menu, not from the request. A restaurant outside its opening hours (422 `restaurant_closed`) or paused (422 `restaurant_paused`) takes no order, nor is one with a product out of stock taken (422 `product_snoozed`, the products named in `errors`); the message says when it takes orders again, and nothing is stored. The menu (`ordering`, `snoozed`) says all of this beforehand.',
        tags,
        summary: 'Customer app: place an order',
        body: orderCreateBody,
        response: { 201: dataResponse(orderSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await commands.createOrder(app.db, deps, request.actor, request.body) }),
  );

  // The driver app.
  const driverConfig = { auth: 'app' as const, roles: ['driver' as const] };
  r.get(
    '/api/driver/orders',
    {
      config: driverConfig,
      schema: {
        summary: 'Driver app: my orders',
        description: "The signed-in driver's orders that are not finished yet.",
        tags: ['driver app'],
        response: { 200: z.object({ data: z.array(orderListItemSchema) }) },
      },
    },
    async (request) => ({ data: await queries.driverOrders(app.db, request.actor) }),
  );
  r.post(
    '/api/driver/orders/:id/accept',
    {
      config: driverConfig,
      schema: {
        summary: 'Driver app: accept an order',
        description: 'The assigned driver accepts the order.',
        tags: ['driver app'],
        params: idParams,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({
      data: await commands.acceptOrder(app.db, deps, request.actor, request.params.id),
    }),
  );
  r.post(
    '/api/driver/orders/:id/status',
    {
      config: driverConfig,
      schema: {
        summary: 'Driver app: change the status of my order',
        description:
          'The driver moves their own order on (picked up, delivered …) as the order state machine allows a driver.',
        tags: ['driver app'],
        params: idParams,
        body: orderStatusBody,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({
      data: await commands.changeStatus(app.db, deps, request.actor, request.params.id, request.body),
    }),
  );
}
