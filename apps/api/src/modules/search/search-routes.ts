import { searchHitSchema, searchQuery } from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { search } from './search-service.js';

export async function searchRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search',
    {
      config: { permission: 'search.use' },
      schema: {
        summary: 'Search everything',
        description:
          "Orders, restaurants, products, users and vehicles whose name, number or plate match the query, each with where it opens in the back office. Restaurant staff find their own restaurant's records.",
        tags: ['search'],
        querystring: searchQuery,
        response: { 200: z.object({ data: z.array(searchHitSchema) }) },
      },
    },
    async (request) => ({ data: await search(app.db, request.actor, request.query.q, request.language) }),
  );
}
