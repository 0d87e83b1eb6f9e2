import {
  dataResponse,
  driverAppMealBody,
  driverMealBody,
  driverMealListQuery,
  driverMealSchema,
  idParams,
  listMetaSchema,
  mealRejectBody,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localToday } from '../../lib/dates.js';
import { actorOf } from '../../plugins/auth.js';
import * as service from './driver-meals-service.js';

export async function driverMealsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['driver meals'];
  const config = { permission: 'meals.manage' as const };

  r.get(
    '/api/driver-meals',
    {
      config,
      schema: {
        tags,
        querystring: driverMealListQuery,
        response: {
          200: z.object({
            data: z.array(driverMealSchema),
            meta: listMetaSchema.extend({ total_amount: z.number().int() }),
          }),
        },
      },
    },
    async (request) => service.listMeals(app.db, request.query),
  );
  r.post(
    '/api/driver-meals',
    { config, schema: { tags, body: driverMealBody, response: { 201: dataResponse(driverMealSchema) } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.createMeal(app.db, actorOf(request), request.body, app.config.mealMaxAmount),
      }),
  );
  r.post(
    '/api/driver-meals/:id/approve',
    {
      config,
      schema: {
        tags,
        summary: "Approve a driver's pending meal claim: settlements count it from now on",
        params: idParams,
        response: { 200: dataResponse(driverMealSchema) },
      },
    },
    async (request) => ({
      data: await service.reviewMeal(app.db, actorOf(request), request.params.id, 'approved'),
    }),
  );
  r.post(
    '/api/driver-meals/:id/reject',
    {
      config,
      schema: {
        tags,
        summary: "Reject a driver's pending meal claim, saying why",
        params: idParams,
        body: mealRejectBody,
        response: { 200: dataResponse(driverMealSchema) },
      },
    },
    async (request) => ({
      data: await service.reviewMeal(
        app.db,
        actorOf(request),
        request.params.id,
        'rejected',
        request.body.reason,
      ),
    }),
  );
  r.delete(
    '/api/driver-meals/:id',
    { config, schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.deleteMeal(app.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
  r.post(
    '/api/driver/meals',
    {
      config: { auth: 'app', roles: ['driver'] },
      schema: {
        tags: ['driver app'],
        body: driverAppMealBody,
        response: { 201: dataResponse(driverMealSchema) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const meal = await service.claimMeal(
        app.db,
        actor,
        { ...request.body, note: request.body.note ?? null },
        localToday(app.config.timeZone),
        app.config.mealMaxAmount,
      );
      return reply.status(201).send({ data: meal });
    },
  );
}
