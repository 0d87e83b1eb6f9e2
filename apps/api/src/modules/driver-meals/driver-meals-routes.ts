import {
  dataResponse,
  driverAppMealBody,
  driverMealBody,
  driverMealListQuery,
  driverMealSchema,
  idParams,
  listMetaSchema,
  mealRejectBody,
  noContent,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localToday } from '../../lib/dates.js';
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
        description:
          'A page of the meals drivers took from restaurants, filterable by driver, restaurant and day, with the total amount of the filtered meals.',
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
    {
      config,
      schema: {
        summary: 'Record a driver meal',
        description: 'Records a meal a driver took from a restaurant, for the settlements.',
        tags,
        body: driverMealBody,
        response: { 201: dataResponse(driverMealSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.createMeal(app.db, request.actor, request.body, app.config.mealMaxAmount),
      }),
  );
  r.post(
    '/api/driver-meals/:id/approve',
    {
      config,
      schema: {
        tags,
        summary: "Approve a driver's pending meal claim: settlements count it from now on",
        description:
          'Admin and App Manager only. A claim is approved once (a second approval, or one of a rejected claim, is a 409); the approval is audited and a settlement of the restaurant counts the meal from then on.',
        params: idParams,
        response: { 200: dataResponse(driverMealSchema) },
      },
    },
    async (request) => ({
      data: await service.reviewMeal(app.db, request.actor, request.params.id, 'approved'),
    }),
  );
  r.post(
    '/api/driver-meals/:id/reject',
    {
      config,
      schema: {
        tags,
        summary: "Reject a driver's pending meal claim, saying why",
        description:
          'Admin and App Manager only, with a reason the driver sees. Only a pending claim can be rejected; no settlement ever counts a rejected meal.',
        params: idParams,
        body: mealRejectBody,
        response: { 200: dataResponse(driverMealSchema) },
      },
    },
    async (request) => ({
      data: await service.reviewMeal(
        app.db,
        request.actor,
        request.params.id,
        'rejected',
        request.body.reason,
      ),
    }),
  );
  r.delete(
    '/api/driver-meals/:id',
    {
      config,
      schema: {
        description: 'Removes a driver meal that no settlement includes yet.',
        response: { 204: noContent('The meal is deleted') },
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteMeal(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/api/driver/meals',
    {
      config: { auth: 'app', roles: ['driver'] },
      schema: {
        summary: 'Driver app: record my meal',
        description:
          "The driver records a meal taken from a restaurant today (in the operation's time zone): during an open shift, once per shift, at a restaurant whose order the driver picked up in this shift (an order cancelled or declined before pick-up does not count). The amount is a JSON integer in minor units.",
        operationId: 'postDriverAppMeals',
        tags: ['driver app'],
        body: driverAppMealBody,
        response: { 201: dataResponse(driverMealSchema) },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
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
