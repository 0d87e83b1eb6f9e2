import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFound, ServiceError } from '../../lib/errors.js';
import { route } from '../../lib/routes.js';
import { loadTrackingPage, pageLanguage } from './tracking-page.js';
import * as service from './tracking-service.js';

const { tracking } = endpoints;

const tokenOf = (request: FastifyRequest) => String((request.params as { token?: unknown }).token ?? '');

export async function trackingRoutes(app: FastifyInstance) {
  const linkHours = async () => (await app.customerSettings.get()).link_hours;
  const cache = app.tracking;
  // Every instance forgets the order's tokens and snapshot at once (this one before answering).
  const changed = (order_id: number) => app.bus.publishControl({ type: 'tracking.changed', order_id });

  // The link is born with the order, in the placement's own transaction.
  app.orderHooks.add(async (tx, write) => {
    if (write.type === 'order.created') await service.issueLink(tx, write.order.id, null);
  });

  // Per token (however many clients share it) and per client (however many tokens it tries).
  const window = app.config.rateLimitWindowSeconds * 1000;
  const perToken = app.createRateLimit({
    max: app.config.trackingMaxPerToken,
    timeWindow: window,
    keyGenerator: (request) => `tracking-token:${tokenOf(request)}`,
  });
  const perIp = app.createRateLimit({
    max: app.config.trackingMaxPerIp,
    timeWindow: window,
    keyGenerator: (request) => `tracking-ip:${request.ip}`,
  });
  const limited = async (request: FastifyRequest) => {
    for (const limit of [perIp, perToken]) {
      const answer = await limit(request);
      if (!answer.isAllowed && answer.isExceeded)
        throw new ServiceError(429, 'rate_limited', 'errors.rate_limited');
    }
  };
  // The global limit would count every page's polls against the whole API's budget: these have theirs.
  const publicOptions = { preHandler: limited, config: { rateLimit: false as const } };

  // The page itself (no sign-in): its first answer rendered in, so the heading paints with the HTML.
  // Unknown, revoked or expired: the friendly page with a 404, like the API.
  const page = await loadTrackingPage(app.config.webDist);
  if (page)
    app.get('/t/:token', { schema: { hide: true }, ...publicOptions }, async (request, reply) => {
      const view = await cache.view(tokenOf(request), request.ip);
      reply
        .status(view ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8');
      return page({
        lang: pageLanguage(request.headers['accept-language']),
        time_zone: app.config.timeZone,
        view,
      });
    });

  route(
    app,
    tracking.view,
    async (request, reply) => {
      const view = await cache.view(request.params.token, request.ip);
      if (!view) throw new NotFound();
      reply.header('cache-control', 'no-store');
      return { data: view };
    },
    publicOptions,
  );
  route(
    app,
    tracking.rate,
    async (request, reply) => {
      const orderId = await cache.orderOf(request.params.token);
      // Expired like the page: the same 404.
      if (orderId === null || !(await cache.view(request.params.token, request.ip))) throw new NotFound();
      await service.rate(app.db, orderId, request.body);
      // Every instance's page shows the rating (and no form) from the next poll on.
      await changed(orderId);
      return reply.status(204).send(null);
    },
    publicOptions,
  );

  route(app, tracking.ratings, async (request) => ({
    data: await service.ratingsSummary(app.db, request.actor, request.query.days),
  }));
  route(app, tracking.link, async (request) => ({
    data: await service.staffLink(app.db, request.actor, request.params.id, await linkHours()),
  }));
  route(app, tracking.revoke, async (request) => {
    const data = await service.revokeLink(app.db, request.actor, request.params.id, await linkHours());
    await changed(request.params.id);
    return { data };
  });
  route(app, tracking.reissue, async (request) => {
    const data = await service.reissueLink(app.db, request.actor, request.params.id, await linkHours());
    await changed(request.params.id);
    return { data };
  });
}
