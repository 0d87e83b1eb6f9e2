import { isRestaurantRole } from '@dostava/shared';
import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BusEvent } from '../lib/bus.js';
import { Unauthorized } from '../lib/errors.js';
import { route } from '../lib/routes.js';

const HEARTBEAT_MS = 15_000;
/**
 * A stream with this much written but not yet taken by its client is too slow to keep up: it is told
 * to `reconnect` (the client comes back at once and resumes after the last event it read, from the
 * bus's buffer), so a stalled reader costs the server a bounded buffer and loses no event.
 */
export const SLOW_STREAM_BYTES = 1024 * 1024;

const frameOf = (event: BusEvent) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** An open stream: whose session it serves, what it may see, how to write to it and how to end it. */
interface OpenStream {
  session_id: number;
  user_id: number;
  /** The restaurant whose events it sees (restaurant staff), or null: every event. */
  restaurant: number | null;
  write(text: string): void;
  end(reason?: 'expired' | 'revoked' | 'reconnect'): void;
}

const sees = (stream: OpenStream, event: BusEvent) =>
  stream.restaurant === null || event.restaurant_id === stream.restaurant;

/**
 * GET /api/events: server-sent events of the orders and drivers the caller may see. Authenticated by
 * the Bearer header (the browser reads it with fetch). Resumes after Last-Event-ID; when that id is
 * too old to replay, a `resync` event tells the client to refetch.
 *
 * A stream lives no longer than the access it was opened with: it ends with `expired` when its token
 * expires (the client reconnects with a fresh one and resumes), and with `revoked` when its session
 * ends (logout, sign-out everywhere, deactivation, deletion, a new role or restaurant): looked up at
 * once when any instance tells of a change over the bus, when Redis returns from an outage (notices
 * may have been lost), and at every heartbeat whatever the bus's state, since an instance cut off
 * from Redis hears no other instance's revocations (issue 32). Each look-up is one query for all the
 * streams concerned, not one per stream.
 */
export const eventsPlugin = fp(async (app: FastifyInstance) => {
  const open = new Set<OpenStream>();
  // One listener for every stream of the instance: each event is serialized once, goes to the streams
  // that may see it, and is counted once (a listener per stream did all three 500 times per event).
  const stopEvents = app.bus.subscribe(
    (event) => {
      let frame: string | undefined;
      let sent = 0;
      for (const stream of open) {
        if (!sees(stream, event)) continue;
        frame ??= frameOf(event);
        stream.write(frame);
        sent++;
      }
      if (sent > 0) app.metrics?.eventsSent.inc(sent);
    },
    () => {
      for (const stream of open) stream.write('event: resync\ndata: {}\n\n');
    },
  );
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.end('reconnect');
  });

  /** Ends the streams whose session no longer stands; the database unreachable keeps them until the next look. */
  const sweep = async (streams: OpenStream[]) => {
    if (streams.length === 0) return;
    try {
      const standing = new Set(await app.sessions.standing(streams));
      for (const stream of streams) if (!standing.has(stream)) stream.end('revoked');
    } catch (error) {
      app.log.warn({ err: error }, 'event streams: sessions could not be checked');
    }
  };
  // One timer and one look-up per beat for every stream of the instance; a beat is skipped while the
  // previous look-up is still out (a slow database does not pile them up).
  let sweeping: Promise<void> | undefined;
  const heartbeat = setInterval(() => {
    for (const stream of open) stream.write(': ping\n\n');
    sweeping ??= sweep([...open]).finally(() => {
      sweeping = undefined;
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // A user's sessions changed on some instance, or may have while Redis was out (null).
  const stopWatching = app.sessions.onChange((userId) => {
    void sweep([...open].filter((stream) => userId === null || stream.user_id === userId));
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    stopWatching();
    stopEvents();
    await sweeping;
  });

  route(
    app,
    endpoints.events.stream,
    async (request, reply) => {
      const actor = request.actor;
      const claims = request.claims;
      if (!claims) throw new Unauthorized();
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
      let ended = false;
      let expiry: NodeJS.Timeout | undefined;
      const stream: OpenStream = {
        session_id: claims.session_id,
        user_id: claims.user_id,
        restaurant: isRestaurantRole(actor.role) ? (actor.restaurant_id ?? -1) : null,
        write: (text) => {
          if (ended) return;
          raw.write(text);
          if (raw.writableLength > SLOW_STREAM_BYTES) stream.end('reconnect');
        },
        end: (reason) => {
          if (ended) return;
          ended = true;
          clearTimeout(expiry);
          if (open.delete(stream)) metrics?.streamsOpen.dec();
          if (reason && !raw.writableEnded) raw.write(`event: ${reason}\ndata: {}\n\n`);
          raw.end();
        },
      };
      stream.write('retry: 3000\n\n');

      const lastId = request.headers['last-event-id'];
      if (typeof lastId === 'string' && lastId) {
        const missed = app.bus.since(lastId);
        if (missed === null) stream.write('event: resync\ndata: {}\n\n');
        else {
          const seen = missed.filter((event) => sees(stream, event));
          for (const event of seen) stream.write(frameOf(event));
          metrics?.eventsSent.inc(seen.length);
        }
      }
      stream.write('event: ready\ndata: {}\n\n');
      // From here on it hears every event (the bus delivers synchronously: none slips in between).
      if (ended) return;
      open.add(stream);
      metrics?.streamsOpen.inc();

      // The token's own end: past it the client must show a fresh token (and the session is checked then).
      const expiresAt = claims.exp ? claims.exp * 1000 : undefined;
      if (expiresAt !== undefined) {
        expiry = setTimeout(
          () => stream.end('expired'),
          Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)),
        );
      }
      request.raw.on('close', () => stream.end());
    },
    // A stream is one long request: the per-address limit is for requests, not for staying connected.
    { config: { rateLimit: false } },
  );
});
