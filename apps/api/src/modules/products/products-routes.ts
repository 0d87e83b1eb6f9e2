import {
  dataResponse,
  idParams,
  listResponse,
  menuSchema,
  noContent,
  productBody,
  productListQuery,
  productPatchBody,
  productSchema,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './products-service.js';

export async function productsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];

  r.get(
    '/api/restaurants/:id/products',
    {
      config: { permission: 'products.read' },
      schema: {
        summary: "List a restaurant's products",
        description:
          "A page of one restaurant's products, searchable and filterable by category. Restaurant staff reach only their own restaurant's.",
        tags,
        params: idParams,
        querystring: productListQuery,
        response: { 200: listResponse(productSchema) },
      },
    },
    async (request) => service.listProducts(app.db, request.actor, request.params.id, request.query),
  );

  r.post(
    '/api/restaurants/:id/products',
    {
      config: { permission: 'products.write' },
      schema: {
        summary: 'Add a product to a restaurant',
        description: "Adds a product to a restaurant's menu; the price is in minor units.",
        tags,
        params: idParams,
        body: productBody,
        response: { 201: dataResponse(productSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.createProduct(app.db, request.actor, request.params.id, request.body),
      }),
  );

  r.get(
    '/api/restaurants/:id/menu',
    {
      // The customer app reads it; staff may look at it too.
      config: { auth: 'any' },
      schema: {
        description:
          "A restaurant's available products grouped by category, as the customer app lists them, with whether it takes orders now (`ordering`: closed or paused, when it takes orders again, busy minutes added to the preparation) and which products are out of stock (`snoozed`; an order with one is refused).",
        tags,
        summary: 'The menu the customer app shows',
        params: idParams,
        response: { 200: dataResponse(menuSchema) },
      },
    },
    async (request) => ({ data: await service.menu(app.db, request.params.id, app.config.timeZone) }),
  );

  r.get(
    '/api/products/:id',
    {
      config: { permission: 'products.read' },
      schema: {
        description: 'One product.',
        tags,
        params: idParams,
        response: { 200: dataResponse(productSchema) },
      },
    },
    async (request) => ({ data: await service.getProduct(app.db, request.actor, request.params.id) }),
  );

  r.patch(
    '/api/products/:id',
    {
      config: { permission: 'products.toggle' },
      schema: {
        description: 'Changes the given fields of a product (a price change applies to new orders only).',
        tags,
        params: idParams,
        body: productPatchBody,
        response: { 200: dataResponse(productSchema) },
      },
    },
    async (request) => ({
      data: await service.updateProduct(app.db, request.actor, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/products/:id',
    {
      config: { permission: 'products.write' },
      schema: {
        description: 'Removes a product from the menu; orders that contain it keep their copy of it.',
        response: { 204: noContent('The product is deleted') },
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteProduct(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
