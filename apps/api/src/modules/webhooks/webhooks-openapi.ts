import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  webhookIncidentDataSchema,
  webhookOrderDataSchema,
  webhookProductSnoozedDataSchema,
  webhookRefundDataSchema,
  webhookRestaurantPausedDataSchema,
  webhookTestDataSchema,
} from '@dostava/shared';
import { z } from 'zod';

/** What each event's `data` holds. */
const DATA: Record<WebhookEventType, z.ZodType> = {
  'order.created': webhookOrderDataSchema,
  'order.accepted': webhookOrderDataSchema,
  'order.ready': webhookOrderDataSchema,
  'order.picked_up': webhookOrderDataSchema,
  'order.delivered': webhookOrderDataSchema,
  'order.cancelled': webhookOrderDataSchema,
  'order.driver_assigned': webhookOrderDataSchema,
  'order.driver_unassigned': webhookOrderDataSchema,
  'order.eta_changed': webhookOrderDataSchema,
  'order.incident': webhookIncidentDataSchema,
  'order.refunded': webhookRefundDataSchema,
  'restaurant.paused': webhookRestaurantPausedDataSchema,
  'product.snoozed': webhookProductSnoozedDataSchema,
  'settlement.approved': z.object({
    settlement_id: z.number().int(),
    restaurant_id: z.number().int(),
    period_from: z.string(),
    period_to: z.string(),
  }),
  'webhook.test': webhookTestDataSchema,
};

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * The OpenAPI 3.1 `webhooks` of the document (issue 40): one POST per event type as the receiver gets
 * it, with the Standard Webhooks headers, so integrators generate their receivers from the contract.
 */
export function webhooksDocument(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: `Event ${type}`,
          description:
            'Sent to each endpoint subscribed to this type, at least once (deduplicate by `webhook-id`), signed per Standard Webhooks: verify `webhook-signature` over `webhook-id.webhook-timestamp.body` with the endpoint secret (`standardwebhooks` libraries do). Order events carry `sequence`, the order\u2019s event count: order them by it. Answer 2xx within 15 s; any other answer is retried (at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, with jitter; `Retry-After` is respected); 410 Gone disables the endpoint.',
          tags: ['webhooks'],
          security: [],
          parameters: [
            header('webhook-id', 'The event id: the same in every attempt and replay.'),
            header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed.'),
            header('webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256>` signatures.'),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(
                  z.object({
                    id: z.string(),
                    type: z.literal(type),
                    timestamp: z.string(),
                    data: DATA[type],
                  }),
                  { target: 'draft-2020-12' },
                ),
              },
            },
          },
          responses: { '2XX': { description: 'Received; any other answer is retried' } },
        },
      },
    ]),
  );
}
