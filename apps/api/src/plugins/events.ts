import { isRestaurantRole } from '@dostava/shared';
import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BusEvent } from '../lib/bus.js';
import { route } from '../lib/routes.js';

const HEARTBEAT_MS = 15_000;

// One event goes to every subscriber: serialized once, not once per connection.
const frames = new WeakMap<BusEvent, string>();
function frameOf(event: BusEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

/**
 * GET /api/events: server-sent events of the orders and drivers the caller may see. Authenticated by
 * the Bearer header (the browser reads it with fetch). Resumes after Last-Event-ID; when that id is
 * too old to replay, a `resync` event tells the client to refetch.
 *
 * A stream lives no longer than the access it was opened with: it ends with `expired` when its token
 * expires (the client reconnects with a fresh one and resumes), and with `revoked` when its session
 * ends, whichever instance ended it: told over the bus, looked up again when Redis returns from an
 * outage (notices may have been lost), and at every heartbeat while Redis is down or hung.
 */
export const eventsPlugin = fp(async (app: FastifyInstance) => {
  /** The open streams, each with how to end it: ended together when the server closes. */
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  route(
    app,
    endpoints.events.stream,
    async (request, reply) => {
      const actor = request.actor;
      const claims = request.claims;
      const visible = (event: BusEvent) =>
        !isRestaurantRole(actor.role) ||
        (event.restaurant_id !== null && event.restaurant_id === actor.restaurant_id);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const metrics = app.metrics;
      const send = (event: BusEvent) => {
        if (!visible(event)) return;
        raw.write(frameOf(event));
        metrics?.eventsSent.inc();
      };
      raw.write('retry: 3000\n\n');

      const lastId = request.headers['last-event-id'];
      if (typeof lastId === 'string' && lastId) {
        const missed = app.bus.since(lastId);
        if (missed === null) raw.write('event: resync\ndata: {}\n\n');
        else for (const event of missed) send(event);
      }
      raw.write('event: ready\ndata: {}\n\n');

      let ended = false;
      const end = (reason?: 'expired' | 'revoked' | 'reconnect') => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        stopWatching();
        open.delete(drain);
        metrics?.streamsOpen.dec();
        if (reason && !raw.writableEnded) raw.write(`event: ${reason}\ndata: {}\n\n`);
        raw.end();
      };
      const drain = () => end('reconnect');
      open.add(drain);
      metrics?.streamsOpen.inc();

      // Whether this stream's session still stands; the database unreachable keeps it until the next look.
      const recheck = () => {
        if (!claims || ended) return;
        app.sessions.isActive(claims.session_id, claims.user_id).then(
          (active) => {
            if (!active) end('revoked');
          },
          () => undefined,
        );
      };
      const unsubscribe = app.bus.subscribe(send, () => raw.write('event: resync\ndata: {}\n\n'));
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n');
        // Other instances' notices cannot arrive while Redis is out: look the session up instead.
        const redis = app.bus.redisState();
        if (redis === 'down' || redis === 'hung') recheck();
      }, HEARTBEAT_MS);
      // The token's own end: past it the client must show a fresh token (and the session is checked then).
      const expiresAt = claims?.exp ? claims.exp * 1000 : undefined;
      const expiry =
        expiresAt === undefined
          ? undefined
          : setTimeout(() => end('expired'), Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)));
      // The caller's sessions changed (logout, deactivation, deletion …), or may have while Redis was
      // out (null): if this stream's session ended, tell the client and close.
      const stopWatching = app.sessions.onChange((userId) => {
        if (userId === null || userId === actor.user_id) recheck();
      });
      request.raw.on('close', () => end());
    },
    // A stream is one long request: the per-address limit is for requests, not for staying connected.
    { config: { rateLimit: false } },
  );
});
