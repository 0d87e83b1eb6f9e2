import { dashboardQuery, dashboardSchema } from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboard } from './dashboard-service.js';

export async function dashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        description:
          "Orders, earnings, on-time delivery (overall and per restaurant) with the late orders' minutes by stage, top categories and products, drivers by vehicle type and the order heat map for a period (today … this year, or a custom from/to), computed in the operation's time zone. Restaurant staff get their restaurant's figures.",
        tags: ['dashboard'],
        summary: 'Every dashboard widget for a period, from the rollups',
        querystring: dashboardQuery,
        response: { 200: z.object({ data: dashboardSchema }) },
      },
    },
    async (request) => ({
      data: await dashboard(app.db, request.actor, request.query, app.config.timeZone),
    }),
  );
}
