import {
  dataResponse,
  idParams,
  listResponse,
  noContent,
  restaurantBody,
  restaurantListQuery,
  restaurantPatchBody,
  restaurantSchema,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './restaurants-service.js';

export async function restaurantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['restaurants'];

  r.get(
    '/api/restaurants',
    {
      config: { permission: 'restaurants.browse' },
      schema: {
        description:
          'A page of restaurants, searchable and sortable. Admins, App Managers and Dispatchers (the board filters by restaurant).',
        tags,
        querystring: restaurantListQuery,
        response: { 200: listResponse(restaurantSchema) },
      },
    },
    async (request) => service.listRestaurants(app.db, request.query),
  );

  r.post(
    '/api/restaurants',
    {
      config: { permission: 'restaurants.create' },
      schema: {
        description: 'Adds a restaurant with its address, location, working hours and image.',
        tags,
        body: restaurantBody,
        response: { 201: dataResponse(restaurantSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createRestaurant(app.db, request.actor, request.body) }),
  );

  r.get(
    '/api/restaurants/:id',
    {
      config: { permission: 'restaurants.read' },
      schema: {
        description: 'One restaurant with everything its form shows. Restaurant staff reach only their own.',
        tags,
        params: idParams,
        response: { 200: dataResponse(restaurantSchema) },
      },
    },
    async (request) => ({ data: await service.getRestaurant(app.db, request.actor, request.params.id) }),
  );

  r.patch(
    '/api/restaurants/:id',
    {
      config: { permission: 'restaurants.update' },
      schema: {
        description: 'Changes the given fields of a restaurant; the change is recorded in the audit log.',
        tags,
        params: idParams,
        body: restaurantPatchBody,
        response: { 200: dataResponse(restaurantSchema) },
      },
    },
    async (request) => ({
      data: await service.updateRestaurant(app.db, request.actor, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/restaurants/:id',
    {
      config: { permission: 'restaurants.delete' },
      schema: {
        description:
          'Removes a restaurant that has no staff, orders, settlements or meal claims; one with staff (restaurant_in_use) or a history (has_history) is refused with 409.',
        response: { 204: noContent('The restaurant is deleted') },
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteRestaurant(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
