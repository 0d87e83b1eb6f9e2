import { translate } from '@dostava/shared';
import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as service from './categories-service.js';

const { categories } = endpoints;

export async function categoriesRoutes(app: FastifyInstance) {
  route(app, categories.list, async (request) => service.listCategories(app.db, request.query));
  route(app, categories.create, async (request, reply) =>
    reply.status(201).send({ data: await service.createCategory(app.db, request.actor, request.body) }),
  );
  // Registered before /:id so "positions" is never read as an id.
  route(app, categories.reorder, async (request) => {
    await service.reorderCategories(app.db, request.actor, request.body);
    return { message: translate(request.language, 'categories.reordered') };
  });
  route(app, categories.get, async (request) => ({
    data: await service.getCategory(app.db, request.params.id),
  }));
  route(app, categories.update, async (request) => ({
    data: await service.updateCategory(app.db, request.actor, request.params.id, request.body),
  }));
  route(app, categories.remove, async (request, reply) => {
    await service.deleteCategory(app.db, request.actor, request.params.id);
    return reply.status(204).send(null);
  });
}
