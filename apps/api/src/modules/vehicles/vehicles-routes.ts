import {
  dataResponse,
  idParams,
  listResponse,
  noContent,
  vehicleBody,
  vehicleListQuery,
  vehiclePatchBody,
  vehicleSchema,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './vehicles-service.js';

export async function vehiclesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicles'];

  r.get(
    '/api/vehicles',
    {
      config: { permission: 'vehicles.read' },
      schema: {
        description: 'A page of vehicles with the driver each is assigned to.',
        tags,
        querystring: vehicleListQuery,
        response: { 200: listResponse(vehicleSchema) },
      },
    },
    async (request) => service.listVehicles(app.db, request.query),
  );
  r.post(
    '/api/vehicles',
    {
      config: { permission: 'vehicles.write' },
      schema: {
        description:
          'Adds a vehicle (bike, car or scooter) with its plate number, optionally assigned to a driver who has no vehicle yet.',
        tags,
        body: vehicleBody,
        response: { 201: dataResponse(vehicleSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createVehicle(app.db, request.actor, request.body) }),
  );
  r.get(
    '/api/vehicles/:id',
    {
      config: { permission: 'vehicles.read' },
      schema: {
        description: 'One vehicle.',
        tags,
        params: idParams,
        response: { 200: dataResponse(vehicleSchema) },
      },
    },
    async (request) => ({ data: await service.getVehicle(app.db, request.params.id) }),
  );
  r.patch(
    '/api/vehicles/:id',
    {
      config: { permission: 'vehicles.write' },
      schema: {
        description: 'Changes the given fields of a vehicle, including its driver.',
        tags,
        params: idParams,
        body: vehiclePatchBody,
        response: { 200: dataResponse(vehicleSchema) },
      },
    },
    async (request) => ({
      data: await service.updateVehicle(app.db, request.actor, request.params.id, request.body),
    }),
  );
  r.delete(
    '/api/vehicles/:id',
    {
      config: { permission: 'vehicles.write' },
      schema: {
        description: 'Removes a vehicle.',
        response: { 204: noContent('The vehicle is deleted') },
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteVehicle(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
