import { dataResponse, idParams, productSchema, snoozeBody } from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as snooze from './products-snooze.js';

/** Out of stock until a time (issue 24), and the job that ends it. */
export async function productsSnoozeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];
  const deps = () => ({ db: app.db, jobs: app.jobs, bus: app.bus, timeZone: app.config.timeZone });

  app.jobs.handle('product-snooze-ends', (data) => snooze.endSnooze(app.db, app.bus, data));

  r.put(
    '/api/products/:id/snooze',
    {
      config: { permission: 'products.snooze' },
      schema: {
        tags,
        summary: 'Snooze a product (out of stock)',
        description:
          "The product stays on the menu but cannot be ordered: until the end of today in the operation's zone (`end_of_day`), until a chosen time within a week (`until`), or until switched back (`manual`). Apart from show_on_menu. A timed snooze ends by itself.",
        params: idParams,
        body: snoozeBody,
        response: { 200: dataResponse(productSchema) },
      },
    },
    async (request) => ({
      data: await snooze.snoozeProduct(deps(), request.actor, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/products/:id/snooze',
    {
      config: { permission: 'products.snooze' },
      schema: {
        tags,
        summary: 'Back in stock',
        description: 'Ends the snooze of a product: it can be ordered again.',
        params: idParams,
        response: { 200: dataResponse(productSchema) },
      },
    },
    async (request) => ({ data: await snooze.unsnoozeProduct(deps(), request.actor, request.params.id) }),
  );
}
