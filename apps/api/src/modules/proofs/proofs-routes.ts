import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import { privateDir } from '../uploads/uploads-service.js';
import { PRUNE_EVERY_MS, pruneImages } from './proofs-retention.js';
import * as service from './proofs-service.js';

const { proofs } = endpoints;

export async function proofsRoutes(app: FastifyInstance) {
  // The proof an order needs (and its PIN) is born with the order, in the placement's transaction.
  app.orderHooks.add(async (tx, write) => {
    if (write.type === 'order.created') await service.recordRequirement(tx, write.order);
  });

  // The retention period: a job on the queue that runs again an interval after each run.
  const dir = privateDir(app.config.dataDir);
  const next = (from: number) => {
    const at = new Date(Math.ceil((from + 1) / PRUNE_EVERY_MS) * PRUNE_EVERY_MS);
    return app.jobs.schedule('proof-images-prune', {}, at, `proof-images-prune:${at.toISOString()}`);
  };
  app.jobs.handle('proof-images-prune', async () => {
    await pruneImages(app.db, dir, new Date());
    await next(Date.now());
  });
  // Scheduled in the background once the app is ready; a close waits for it before the database goes.
  let first: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    first = next(Date.now()).catch((error) =>
      app.log.error({ err: error }, 'proof retention job not scheduled'),
    );
  });
  app.addHook('preClose', () => first);

  route(app, proofs.settings, async () => ({ data: await service.readSettings(app.db) }));
  route(app, proofs.updateSettings, async (request) => ({
    data: await service.updateSettings(app.db, request.actor, request.body),
  }));
  route(app, proofs.order, async (request) => ({
    data: await service.orderProof(app.db, request.actor, request.params.id),
  }));
  route(app, proofs.driverOrder, async (request) => ({
    data: await service.driverProof(app.db, request.actor, request.params.id),
  }));
  route(app, proofs.addPhoto, async (request) => ({
    data: await service.addLatePhoto(app.db, request.actor, request.params.id, request.body),
  }));
}
