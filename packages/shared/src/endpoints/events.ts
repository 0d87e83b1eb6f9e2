import { endpoint } from './endpoint.js';
import { fileAnswer } from './files.js';

export const events = {
  stream: endpoint({
    method: 'GET',
    path: '/api/events',
    access: { permission: 'events.subscribe' },
    summary: 'Live events (server-sent events)',
    description:
      "A text/event-stream of order and driver events the caller may see (restaurant staff: their restaurant's). Send Last-Event-ID to resume; when it is too old, a `resync` event says to refetch. The stream ends with an `expired` event when the access token expires (reconnect with a fresh token and the last id), with `revoked` when the session ends, and with `reconnect` when the instance shuts down.",
    tags: ['events'],
    answer: { 200: fileAnswer('The event stream', 'text/event-stream') },
  }),
};
