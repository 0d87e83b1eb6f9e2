import { Readable } from 'node:stream';
import { endpoints, XLSX_TYPE } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { localToday } from '../../lib/dates.js';
import { CSV_TYPE } from '../../lib/export.js';
import { route } from '../../lib/routes.js';
import { suggestions } from '../dispatch/dispatch-service.js';
import { liveToken } from '../tracking/tracking-service.js';
import * as commands from './orders-commands.js';
import { exportOrdersCsv, exportOrdersXlsx } from './orders-export.js';
import * as queries from './orders-queries.js';

const { orders, driverApp } = endpoints;

export async function ordersRoutes(app: FastifyInstance) {
  const deps = { bus: app.bus, timeZone: app.config.timeZone, hooks: app.orderHooks };

  route(app, orders.list, async (request) => {
    // The board in suggest mode: the orders with a suggestion come from the same round as GET
    // /api/dispatch/suggestions (which refuses a caller who does not dispatch).
    const suggested = queries.needsSuggestions(request.query)
      ? (await suggestions(app.db, request.actor, app.config.timeZone)).map((s) => s.order_id)
      : [];
    return queries.listOrders(app.db, request.actor, request.query, suggested);
  });
  route(app, orders.exportCsv, async (request, reply) => {
    const stamp = localToday(app.config.timeZone);
    reply
      .header('content-type', CSV_TYPE)
      .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`);
    // Streamed row by row; the declaration documents what the client receives, the CSV text.
    return reply.send(
      Readable.from(exportOrdersCsv(app.db, request.actor, request.query, app.config.timeZone)),
    );
  });
  route(app, orders.exportXlsx, async (request, reply) => {
    const stamp = localToday(app.config.timeZone);
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="orders-${stamp}.xlsx"`);
    return reply.send(exportOrdersXlsx(app.db, request.actor, request.query, app.config.timeZone));
  });
  route(app, orders.lanes, async (request) => ({
    data: await queries.boardCounts(app.db, request.actor, request.query),
  }));
  route(app, orders.map, async (request) => ({
    data: await queries.orderMap(app.db, request.actor, request.query),
  }));
  route(app, orders.driverCandidates, async (request) => ({
    data: await queries.driverCandidates(
      app.db,
      request.actor,
      request.params.id,
      app.config.staleLocationMinutes,
    ),
  }));
  route(app, orders.get, async (request) => ({
    data: await queries.getOrder(app.db, request.actor, request.params.id),
  }));
  route(app, orders.changeStatus, async (request) => ({
    data: await commands.changeStatus(app.db, deps, request.actor, request.params.id, request.body),
  }));
  route(app, orders.assign, async (request) => ({
    data: await commands.assignDriver(
      app.db,
      deps,
      request.actor,
      request.params.id,
      request.body.driver_id,
      request.body.allow_busy ?? false,
    ),
  }));
  route(app, orders.unassign, async (request) => ({
    data: await commands.unassignDriver(app.db, deps, request.actor, request.params.id, request.body.reason),
  }));
  route(app, orders.create, async (request, reply) => {
    const order = await commands.createOrder(app.db, deps, request.actor, request.body);
    // The customer's tracking link, born in the placement's transaction (modules/tracking).
    return reply.status(201).send({ data: { ...order, tracking_token: await liveToken(app.db, order.id) } });
  });

  route(app, driverApp.orders, async (request) => ({
    data: await queries.driverOrders(app.db, request.actor),
  }));
  route(app, driverApp.acceptOrder, async (request) => ({
    data: await commands.acceptOrder(app.db, deps, request.actor, request.params.id),
  }));
  route(app, driverApp.changeOrderStatus, async (request) => ({
    data: await commands.changeStatus(app.db, deps, request.actor, request.params.id, request.body),
  }));
}
