import {
  categoryBody,
  categoryListQuery,
  categoryPatchBody,
  categoryPositionsBody,
  categorySchema,
  dataResponse,
  idParams,
  listResponse,
  messageResponse,
  noContent,
  translate,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './categories-service.js';

export async function categoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['categories'];

  r.get(
    '/api/categories',
    {
      config: { permission: 'categories.read' },
      schema: {
        description: 'A page of menu categories in their display order.',
        tags,
        querystring: categoryListQuery,
        response: { 200: listResponse(categorySchema) },
      },
    },
    async (request) => service.listCategories(app.db, request.query),
  );

  r.post(
    '/api/categories',
    {
      config: { permission: 'categories.write' },
      schema: {
        description: 'Adds a menu category at the end of the order.',
        tags,
        body: categoryBody,
        response: { 201: dataResponse(categorySchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createCategory(app.db, request.actor, request.body) }),
  );

  // Registered before /:id so "positions" is never read as an id.
  r.put(
    '/api/categories/positions',
    {
      config: { permission: 'categories.write' },
      schema: {
        description:
          'Sets the display order of the categories at once from the full list of ids, as the drag-and-drop list sends it.',
        tags,
        summary: 'Save the order of all categories',
        body: categoryPositionsBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await service.reorderCategories(app.db, request.actor, request.body);
      return { message: translate(request.language, 'categories.reordered') };
    },
  );

  r.get(
    '/api/categories/:id',
    {
      config: { permission: 'categories.read' },
      schema: {
        description: 'One menu category.',
        tags,
        params: idParams,
        response: { 200: dataResponse(categorySchema) },
      },
    },
    async (request) => ({ data: await service.getCategory(app.db, request.params.id) }),
  );

  r.patch(
    '/api/categories/:id',
    {
      config: { permission: 'categories.write' },
      schema: {
        description: 'Changes the given fields of a menu category.',
        tags,
        params: idParams,
        body: categoryPatchBody,
        response: { 200: dataResponse(categorySchema) },
      },
    },
    async (request) => ({
      data: await service.updateCategory(app.db, request.actor, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/categories/:id',
    {
      config: { permission: 'categories.write' },
      schema: {
        description: 'Removes a menu category that no product uses.',
        response: { 204: noContent('The category is deleted') },
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteCategory(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
