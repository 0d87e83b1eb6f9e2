import { isRestaurantRole } from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { BusEvent } from '../lib/bus.js';

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
 */
export const eventsPlugin = fp(async (app: FastifyInstance) => {
  app.get(
    '/api/events',
    {
      config: { permission: 'events.subscribe', rateLimit: false },
      schema: {
        summary: 'Live events (server-sent events)',
        description:
          "A text/event-stream of order and driver events the caller may see (restaurant staff: their restaurant's). Send Last-Event-ID to resume; when it is too old, a `resync` event says to refetch.",
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
        },
        tags: ['events'],
        hide: false,
      },
    },
    async (request, reply) => {
      const actor = request.actor;
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
      const send = (event: BusEvent) => {
        if (visible(event)) raw.write(frameOf(event));
      };
      raw.write('retry: 3000\n\n');

      const lastId = request.headers['last-event-id'];
      if (typeof lastId === 'string' && lastId) {
        const missed = app.bus.since(lastId);
        if (missed === null) raw.write('event: resync\ndata: {}\n\n');
        else for (const event of missed) send(event);
      }
      raw.write('event: ready\ndata: {}\n\n');

      const unsubscribe = app.bus.subscribe(send, () => raw.write('event: resync\ndata: {}\n\n'));
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      // The caller's sessions changed (logout, deactivation, deletion …): if this stream's session
      // ended, tell the client and close, so no event reaches a revoked user.
      const stopWatching = app.sessions.onChange((userId) => {
        if (userId !== actor.user_id) return;
        const claims = request.claims;
        if (!claims) return;
        void app.sessions.isActive(claims.session_id, claims.user_id).then(
          (active) => {
            if (active) return;
            raw.write('event: revoked\ndata: {}\n\n');
            close();
            raw.end();
          },
          () => undefined,
        ); // the database unreachable: the stream stays until the next notice
      });
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        stopWatching();
      };
      request.raw.on('close', close);
      app.addHook('onClose', async () => {
        close();
        raw.end();
      });
    },
  );
});
