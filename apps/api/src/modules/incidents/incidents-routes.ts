import { Readable } from 'node:stream';
import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { localToday } from '../../lib/dates.js';
import { CSV_TYPE } from '../../lib/export.js';
import { route } from '../../lib/routes.js';
import { incidentAnalytics, incidentAnalyticsCsv } from './incidents-analytics.js';
import * as service from './incidents-service.js';
import * as refunds from './refunds-service.js';

const { incidents } = endpoints;

export async function incidentsRoutes(app: FastifyInstance) {
  const deps = { bus: app.bus, timeZone: app.config.timeZone, hooks: app.orderHooks };
  route(app, incidents.list, async (request) =>
    service.listIncidents(app.db, request.actor, request.query, app.config.timeZone),
  );
  route(app, incidents.analytics, async (request) => ({
    data: await incidentAnalytics(app.db, request.actor, request.query, app.config.timeZone),
  }));
  route(app, incidents.analyticsCsv, async (request, reply) => {
    const stamp = localToday(app.config.timeZone);
    reply
      .header('content-type', CSV_TYPE)
      .header('content-disposition', `attachment; filename="incidents-${stamp}.csv"`);
    return reply.send(
      Readable.from(await incidentAnalyticsCsv(app.db, request.actor, request.query, app.config.timeZone)),
    );
  });
  route(app, incidents.counts, async (request) => ({
    data: await service.incidentCounts(app.db, request.actor),
  }));
  route(app, incidents.get, async (request) => ({
    data: await service.getIncident(app.db, request.actor, request.params.id),
  }));
  route(app, incidents.report, async (request, reply) =>
    reply.status(201).send({
      data: await service.reportIncident(app.db, app.bus, request.actor, request.params.id, request.body),
    }),
  );
  route(app, incidents.driverReport, async (request, reply) =>
    reply.status(201).send({
      data: await service.reportIncident(app.db, app.bus, request.actor, request.params.id, request.body),
    }),
  );
  route(app, incidents.status, async (request) => ({
    data: await service.moveIncident(app.db, app.bus, request.actor, request.params.id, request.body),
  }));
  route(app, incidents.resolve, async (request) => ({
    data: await service.resolveIncident(app.db, deps, request.actor, request.params.id, request.body),
  }));
  route(app, incidents.settings, async () => ({ data: await service.readSettings(app.db) }));
  route(app, incidents.updateSettings, async (request) => ({
    data: await service.updateSettings(app.db, request.actor, request.body),
  }));
  route(app, incidents.orderRefunds, async (request) => ({
    data: await refunds.orderRefunds(app.db, request.actor, request.params.id),
  }));
  route(app, incidents.refund, async (request, reply) => {
    const key = refunds.idempotencyKey(request.headers['idempotency-key']);
    const { refund, created } = await refunds.createRefund(
      app.db,
      request.actor,
      request.params.id,
      request.body,
      key,
    );
    return reply.status(created ? 201 : 200).send({ data: refund });
  });
  route(app, incidents.refunds, async (request) => refunds.listRefunds(app.db, request.query));
  route(app, incidents.approveRefund, async (request) => ({
    data: await refunds.approveRefund(app.db, request.actor, request.params.id),
  }));
  route(app, incidents.rejectRefund, async (request) => ({
    data: await refunds.rejectRefund(app.db, request.actor, request.params.id, request.body.reason),
  }));
}
