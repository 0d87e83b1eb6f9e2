import { capacityBody, capacitySchema, dataResponse, idParams } from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as capacity from './restaurants-capacity.js';

/** Busy and pause (issue 24), and the jobs that end them. */
export async function restaurantsCapacityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['restaurants'];
  const deps = () => ({ db: app.db, jobs: app.jobs, bus: app.bus, timeZone: app.config.timeZone });

  app.jobs.handle('restaurant-pause-ends', (data) => capacity.endPause(app.db, app.bus, data));
  app.jobs.handle('restaurant-busy-ends', (data) => capacity.endBusy(app.db, app.bus, data));

  r.get(
    '/api/restaurants/capacity',
    {
      config: { permission: 'restaurants.capacity' },
      schema: {
        tags,
        summary: 'Restaurants busy or paused now',
        description:
          "The restaurants that are busy or paused now, by name (the dispatcher's board shows them). Restaurant staff see their own restaurant only.",
        response: { 200: z.object({ data: z.array(capacitySchema) }) },
      },
    },
    async (request) => ({ data: await capacity.listCapacity(app.db, request.actor) }),
  );

  r.get(
    '/api/restaurants/:id/capacity',
    {
      config: { permission: 'restaurants.capacity' },
      schema: {
        tags,
        summary: "A restaurant's capacity",
        description: 'Normal, busy (with its extra minutes and end) or paused (until when).',
        params: idParams,
        response: { 200: dataResponse(capacitySchema) },
      },
    },
    async (request) => ({ data: await capacity.getCapacity(app.db, request.actor, request.params.id) }),
  );

  r.put(
    '/api/restaurants/:id/capacity',
    {
      config: { permission: 'restaurants.capacity' },
      schema: {
        tags,
        summary: "Set a restaurant's capacity",
        description:
          "Back to normal; busy with 10, 20, 30 or 45 extra minutes of preparation (until switched back or the restaurant's closing); or paused (takes no orders) for 15, 30 or 60 minutes, until closing, or until a time within a day. A pause or busy mode ends by itself at its time. Restaurant staff set their own restaurant's; Admins, App Managers and Dispatchers any.",
        params: idParams,
        body: capacityBody,
        response: { 200: dataResponse(capacitySchema) },
      },
    },
    async (request) => ({
      data: await capacity.setCapacity(deps(), request.actor, request.params.id, request.body),
    }),
  );
}
