import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { localToday } from '../../lib/dates.js';
import { route } from '../../lib/routes.js';
import * as service from './driver-meals-service.js';

const { driverMeals, driverApp } = endpoints;

export async function driverMealsRoutes(app: FastifyInstance) {
  route(app, driverMeals.list, async (request) => service.listMeals(app.db, request.query));
  route(app, driverMeals.create, async (request, reply) =>
    reply.status(201).send({
      data: await service.createMeal(app.db, request.actor, request.body, app.config.mealMaxAmount),
    }),
  );
  route(app, driverMeals.approve, async (request) => ({
    data: await service.reviewMeal(app.db, request.actor, request.params.id, 'approved'),
  }));
  route(app, driverMeals.reject, async (request) => ({
    data: await service.reviewMeal(app.db, request.actor, request.params.id, 'rejected', request.body.reason),
  }));
  route(app, driverMeals.remove, async (request, reply) => {
    await service.deleteMeal(app.db, request.actor, request.params.id);
    return reply.status(204).send(null);
  });
  route(app, driverApp.claimMeal, async (request, reply) => {
    const meal = await service.claimMeal(
      app.db,
      request.actor,
      { ...request.body, note: request.body.note ?? null },
      localToday(app.config.timeZone),
      app.config.mealMaxAmount,
    );
    return reply.status(201).send({ data: meal });
  });
}
