import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import { deliversTo } from '../zones/zones-service.js';
import * as service from './products-service.js';

const { products } = endpoints;

export async function productsRoutes(app: FastifyInstance) {
  route(app, products.list, async (request) =>
    service.listProducts(app.db, request.actor, request.params.id, request.query),
  );
  route(app, products.create, async (request, reply) =>
    reply.status(201).send({
      data: await service.createProduct(app.db, request.actor, request.params.id, request.body),
    }),
  );
  route(app, products.menu, async (request) => {
    const { lat, lng } = request.query;
    const [menu, delivers] = await Promise.all([
      service.menu(app.db, request.params.id, app.config.timeZone),
      lat !== undefined && lng !== undefined
        ? deliversTo(app.db, request.params.id, lat, lng, app.config.timeZone)
        : null,
    ]);
    return { data: { ...menu, delivers } };
  });
  route(app, products.get, async (request) => ({
    data: await service.getProduct(app.db, request.actor, request.params.id),
  }));
  route(app, products.update, async (request) => ({
    data: await service.updateProduct(app.db, request.actor, request.params.id, request.body),
  }));
  route(app, products.remove, async (request, reply) => {
    await service.deleteProduct(app.db, request.actor, request.params.id);
    return reply.status(204).send(null);
  });
}
