import { z } from 'zod';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { ORDER_STATUSES } from './order-rules.js';
import { instant, optionalText, patchOf } from './validation.js';

/**
 * Outbound webhooks (issue 40): what an endpoint may subscribe to. Each is written to the outbox in
 * the same transaction as the change it announces; other modules record theirs with
 * `recordWebhookEvent(tx, type, data)` (incidents and refunds will).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.accepted',
  'order.ready',
  'order.picked_up',
  'order.delivered',
  'order.cancelled',
  'order.driver_assigned',
  'order.driver_unassigned',
  'order.eta_changed',
  'order.incident',
  'order.refunded',
  'restaurant.paused',
  'product.snoozed',
  'settlement.approved',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What an Admin may choose (the test event goes to whichever endpoint is tested). */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => t !== 'webhook.test');

/** An order's ETA change is announced at most once per this many seconds per order. */
export const ETA_EVENT_INTERVAL_SECONDS = 30;

/**
 * When a failed delivery is tried again, after the previous attempt (seconds): at once, 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h — about a day and a half in all, each with up to 10% jitter.
 */
export const WEBHOOK_RETRY_SCHEDULE = [0, 5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** An attempt that has not answered in this time failed. */
export const WEBHOOK_TIMEOUT_SECONDS = 15;
/** An endpoint whose deliveries have all failed for this long is disabled and the Admins told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

export const webhookEndpointBody = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: msg('validation.required') })
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: msg('integrations.validation.url_invalid') })),
  description: optionalText(200),
  event_types: z
    .array(
      z.enum(SUBSCRIBABLE_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], {
        error: msg('integrations.validation.event_type_unknown'),
      }),
    )
    .min(1, { error: msg('integrations.validation.event_type_required') })
    .max(WEBHOOK_EVENT_TYPES.length),
  is_active: z.boolean().default(true),
});
export type WebhookEndpointBody = z.infer<typeof webhookEndpointBody>;
export type WebhookEndpointInput = z.input<typeof webhookEndpointBody>;
export const webhookEndpointPatchBody = patchOf(webhookEndpointBody);

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  is_active: z.boolean(),
  /** Why it stopped (`gone`: it answered 410; `failing`: it failed for days), null while it works. */
  disabled_reason: z.enum(['gone', 'failing']).nullable(),
  /** Since when every delivery failed; null when the last one succeeded. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
/** As created: the signing secret (`whsec_…`), shown again on request to Admins only. */
export const webhookEndpointSecretSchema = z.object({ secret: z.string() });

export const WEBHOOK_ENDPOINT_SORTS = ['url', 'created_at'] as const;
export const webhookEndpointListQuery = listQuery(WEBHOOK_ENDPOINT_SORTS, 'url').extend({
  /** `true`: only the endpoints the workers disabled (410 Gone, or failing for days): what Admins must see. */
  disabled: z
    .enum(['true', 'false'], { error: msg('validation.invalid_choice') })
    .transform((v) => v === 'true')
    .optional(),
});
export type WebhookEndpointListQuery = z.input<typeof webhookEndpointListQuery>;
export type WebhookEndpointListParams = z.output<typeof webhookEndpointListQuery>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  started_at: z.string(),
  duration_ms: z.number().int(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_status: z.number().int().nullable(),
  /** The first 1,000 characters of the answer. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  order_id: z.number().int().nullable(),
  sequence: z.number().int().nullable(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  attempt_log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_SORTS = ['created_at'] as const;
export const webhookDeliveryListQuery = listQuery(WEBHOOK_DELIVERY_SORTS, '-created_at').extend({
  state: z.enum(WEBHOOK_DELIVERY_STATES, { error: msg('validation.invalid_choice') }).optional(),
});
export type WebhookDeliveryListQuery = z.input<typeof webhookDeliveryListQuery>;
export type WebhookDeliveryListParams = z.output<typeof webhookDeliveryListQuery>;

export const webhookReplayBody = z.object({ since: instant() });
export const webhookReplaySchema = z.object({ replayed: z.number().int() });

/** The JSON body of every delivery (Standard Webhooks: `type`, `timestamp`, `data`). */
export const webhookPayloadSchema = z.object({
  /** The event's id: the same in every attempt and replay (also the `webhook-id` header). */
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** The `data` of an order event: the order as it is after the change, and its per-order sequence. */
export const webhookOrderDataSchema = z.object({
  order_id: z.number().int(),
  /** 1 for its creation, then one more for each event of the same order: order them by it. */
  sequence: z.number().int(),
  restaurant_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  previous_status: z.enum(ORDER_STATUSES).nullable(),
  driver_id: z.number().int().nullable(),
  total: z.number().int().describe('Minor units'),
  delivery_costs: z.number().int().describe('Minor units'),
  payment_method: z.string(),
  promised_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type WebhookOrderData = z.infer<typeof webhookOrderDataSchema>;

export const webhookRestaurantPausedDataSchema = z.object({
  restaurant_id: z.number().int(),
  mode: z.enum(['normal', 'busy', 'paused']),
  paused_until: z.string().nullable(),
  busy_minutes: z.number().int(),
});
export const webhookProductSnoozedDataSchema = z.object({
  product_id: z.number().int(),
  restaurant_id: z.number().int(),
  snoozed: z.boolean(),
  snoozed_until: z.string().nullable(),
});
/** `order.incident`: an incident reported on an order, or moved (in progress, resolved, dismissed). */
export const webhookIncidentDataSchema = z.object({
  order_id: z.number().int(),
  sequence: z.number().int(),
  incident_id: z.number().int(),
  restaurant_id: z.number().int(),
  type: z.string(),
  status: z.string(),
  resolution: z.string().nullable(),
});
/** `order.refunded`: a refund booked (approved at once, or approved later); amounts in minor units. */
export const webhookRefundDataSchema = z.object({
  order_id: z.number().int(),
  sequence: z.number().int(),
  refund_id: z.number().int(),
  restaurant_id: z.number().int(),
  amount: z.number().int().describe('Minor units'),
  restaurant_share: z.number().int().describe('Minor units'),
  payment_method: z.string(),
  payment_reference: z.string().nullable(),
});
export const webhookTestDataSchema = z.object({ endpoint_id: z.number().int(), message: z.string() });

export const webhookEndpointTestSchema = z.object({ delivery_id: z.number().int() });
