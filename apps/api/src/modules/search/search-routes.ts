import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import { search } from './search-service.js';

export async function searchRoutes(app: FastifyInstance) {
  route(app, endpoints.search.everything, async (request) => ({
    data: await search(app.db, request.actor, request.query.q, request.language),
  }));
}
