import { z } from 'zod';
import { listQuery } from './common.js';
import { DISPATCH_MODES, DISPATCH_PROBLEMS, orderDispatchSchema, orderOfferSchema } from './dispatch.js';
import { orderEtaSchema, RISK_REASONS } from './eta.js';
import { msg } from './messages.js';
import { BOARD_LANES, type BoardLane, ORDER_STATUSES, type OrderStatus } from './order-rules.js';
import { proofInput } from './proofs.js';
import type { Role } from './roles.js';
import { dateOrDateTime, id, optionalText, phone, requiredText, searchText } from './validation.js';

/** The status machine of PRODUCT.md: the only allowed transitions. */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  created: ['preparing_order', 'declined', 'cancelled'],
  preparing_order: ['ready_for_pickup', 'cancelled'],
  ready_for_pickup: ['in_delivery', 'cancelled'],
  in_delivery: ['delivered', 'no_answer', 'returned'],
  no_answer: ['in_delivery', 'returned'],
  delivered: [],
  cancelled: [],
  declined: [],
  returned: [],
};

/**
 * The statuses an order reaches only after its driver picked it up at the restaurant: `in_delivery`
 * and all the state machine leads to from there. A cancelled or declined order never left the
 * kitchen, whoever it had been assigned to.
 */
export const PICKED_UP_STATUSES: readonly OrderStatus[] = (() => {
  const reached = new Set<OrderStatus>(['in_delivery']);
  for (const status of reached) for (const next of TRANSITIONS[status]) reached.add(next);
  return [...reached];
})();

/** Which transitions each role makes: the kitchen accepts, declines and marks ready; the driver drives. */
const RESTAURANT_MOVES: readonly [OrderStatus, OrderStatus][] = [
  ['created', 'preparing_order'],
  ['created', 'declined'],
  ['preparing_order', 'ready_for_pickup'],
];
const DRIVER_MOVES: readonly [OrderStatus, OrderStatus][] = [
  ['ready_for_pickup', 'in_delivery'],
  ['in_delivery', 'delivered'],
  ['in_delivery', 'no_answer'],
  ['in_delivery', 'returned'],
  ['no_answer', 'in_delivery'],
  ['no_answer', 'returned'],
];

/**
 * The statuses `role` may move an order in `status` to. Admins, App Managers and Dispatchers run the
 * operation and may make any allowed move (a driver's phone dies; a kitchen forgets to press ready);
 * only they cancel.
 */
export function allowedTransitions(role: Role, status: OrderStatus): OrderStatus[] {
  const next = TRANSITIONS[status];
  switch (role) {
    case 'admin':
    case 'app_manager':
    case 'dispatcher':
      return [...next];
    case 'restaurant_manager':
    case 'restaurant_employee':
      return next.filter((to) => RESTAURANT_MOVES.some(([f, t]) => f === status && t === to));
    case 'driver':
      return next.filter((to) => DRIVER_MOVES.some(([f, t]) => f === status && t === to));
    default:
      return [];
  }
}

/** Moves that need a reason on record. */
export const REASON_REQUIRED: readonly OrderStatus[] = ['cancelled', 'declined', 'returned'];

/** A driver may be unassigned freely before pick-up; in delivery only by Admin or Dispatcher, with a reason. */
export const UNASSIGN_IN_DELIVERY_ROLES: readonly Role[] = ['admin', 'dispatcher'];

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const orderItemInput = z.object({
  product_id: id(),
  // A JSON number, never "2" or [2] (issue 32): a body's numbers are not read from text, as its money
  // fields are not; query strings and paths are text and read with plainInteger.
  quantity: z
    .number()
    .int()
    .min(1, { error: msg('validation.min_quantity') })
    .max(99),
});

/** What the customer app sends; every amount is computed by the server. */
export const orderCreateBody = z.object({
  restaurant_id: id(),
  items: z.array(orderItemInput).min(1).max(50),
  address: requiredText(200),
  /** Where the driver calls when the door does not open. */
  phone: phone(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  note: optionalText(500),
  payment: z.enum(PAYMENT_METHODS, { error: msg('validation.invalid_choice') }),
  /**
   * The delivery quote (POST /api/quotes) to freeze on the order; without it the fee rules are
   * evaluated at once, the same way (issue 37).
   */
  quote_id: z.uuid({ error: msg('zones.validation.quote_id') }).optional(),
  /** Leave the food at the door: nobody gives a PIN or signs, a photo is the proof (issue 38). */
  leave_at_door: z.boolean({ error: msg('validation.invalid') }).optional(),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const orderStatusBody = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: msg('validation.invalid_choice') }),
    reason: optionalText(500),
    /** The version the caller saw; a stale one is refused with 409 instead of overwriting. */
    version: z.number().int().min(0).optional(),
    /** The proof of delivery the order needs, sent with `delivered` (issue 38). */
    proof: proofInput.optional(),
  })
  .superRefine((body, ctx) => {
    if (REASON_REQUIRED.includes(body.status) && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: msg('validation.reason_required') });
    }
  });
export type OrderStatusBody = z.infer<typeof orderStatusBody>;

/**
 * `allow_busy`: the dispatcher saw that the driver already carries an order and confirmed (a second
 * order from the same street). Without it a busy driver is refused with 422 `driver_busy`.
 */
export const orderAssignBody = z.object({ driver_id: id(), allow_busy: z.boolean().optional() });
export const orderUnassignBody = z.object({ reason: optionalText(500) });

const person = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const orderListItemSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  buyer: person,
  driver: person.nullable(),
  quantity: z.number().int(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Minor units. */
  restaurant_amount: z.number().int(),
  delivery_costs: z.number().int(),
  restaurant_total_amount: z.number().int(),
  total: z.number().int(),
  address: z.string(),
  created_at: z.string(),
  status_changed_at: z.string(),
  driver_request_time: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Minutes from creation to delivery. */
  delivered_time: z.number().int().nullable(),
  estimated_delivery_minutes: z.number().int(),
  /** The delivery time promised at placement, the current prediction and why it may miss (decision 0021). */
  promised_at: z.string().nullable(),
  predicted_delivery_at: z.string().nullable(),
  risk_reason: z.enum(RISK_REASONS).nullable(),
  /** How the order is dispatched (its restaurant's mode or the operation's), decision 0024. */
  dispatch_mode: z.enum(DISPATCH_MODES),
  /** A dispatcher keeps it out of the automatic mode. */
  dispatch_locked: z.boolean(),
  /** Why no driver fits it now (the problems lane); null when one may. */
  dispatch_problem: z.enum(DISPATCH_PROBLEMS).nullable(),
  /** The automatic mode's open offer of it to a driver. */
  offer: orderOfferSchema.nullable(),
  version: z.number().int(),
  /** The delivery zone that priced the order (issue 37); null before zones, or outside every zone. */
  zone_id: z.number().int().nullable(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderHistoryEntrySchema = z.object({
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES),
  reason: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), role: z.string() }).nullable(),
  created_at: z.string(),
});

export const orderSchema = orderListItemSchema.extend({
  items: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      name: z.string(),
      unit_price: z.number().int(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  lat: z.number(),
  lng: z.number(),
  note: z.string().nullable(),
  commission: z.number().int(),
  customer_phone: z.string().nullable(),
  driver_phone: z.string().nullable(),
  history: z.array(orderHistoryEntrySchema),
  eta: orderEtaSchema,
  dispatch: orderDispatchSchema,
});
export type Order = z.infer<typeof orderSchema>;

/**
 * `urgency`: the order whose next step is most overdue first (its status's target minutes after the
 * status began), so what waits longest for the next step is on top. `risk`: the order predicted to miss
 * its promise by the most minutes first (the at-risk lane). `suggestion`: in suggest mode, the orders
 * dispatch suggests a driver for first, then by urgency (issue 33: at saturation the few with a driver
 * are not lost behind hundreds without).
 */
export const ORDER_SORTS = [
  'created_at',
  'total',
  'status',
  'order_number',
  'urgency',
  'risk',
  'suggestion',
] as const;
const isoDate = dateOrDateTime();
export const orderListQuery = listQuery(ORDER_SORTS, '-created_at').extend({
  status: z.enum(ORDER_STATUSES).optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  restaurant_id: id().optional(),
  driver_id: id().optional(),
  /** The zone that priced the order (issue 37). */
  zone_id: id().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Active orders of one board lane. */
  lane: z.enum(BOARD_LANES, { error: msg('validation.invalid_choice') }).optional(),
  /** Only the orders dispatch suggests a driver for now (suggest mode; those who dispatch). */
  suggested: z
    .enum(['true'], { error: msg('validation.invalid_choice') })
    .transform(() => true)
    .optional(),
});
export type OrderListQuery = z.input<typeof orderListQuery>;
/** A list request as the web app sends it: page, per_page and sort always present. */
export type OrderListParams = z.output<typeof orderListQuery>;

/** The drivers map's orders: the active ones, of one delivery zone if named (issue 37). */
export const orderMapQuery = z.object({ zone_id: id().optional() });
export type OrderMapQuery = z.input<typeof orderMapQuery>;

/** A dispatcher's search reaches this far back in every status (the board itself shows active ones). */
export const DISPATCH_SEARCH_DAYS = 2;

/** The counts on the board's lanes, with the same restaurant, driver and search filters as the list. */
export const boardCountsQuery = z.object({
  restaurant_id: id().optional(),
  driver_id: id().optional(),
  zone_id: id().optional(),
  q: searchText().optional(),
});
export type BoardCountsQuery = z.input<typeof boardCountsQuery>;
export const boardCountsSchema = z.object({
  ...(Object.fromEntries(BOARD_LANES.map((lane) => [lane, z.number().int()])) as Record<
    BoardLane,
    z.ZodNumber
  >),
  /** Active orders past their status's target time (also in `problems`). */
  late: z.number().int(),
  /** Of those, the ones late in the kitchen (not accepted or not prepared in time): the kitchen's own. */
  late_preparation: z.number().int(),
  /**
   * The restaurant the counts are filtered by, named (a dispatcher may not read restaurants); null
   * without that filter, or when no restaurant has that id.
   */
  restaurant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type BoardCounts = z.infer<typeof boardCountsSchema>;

/** Active orders on the map: the drop-off point, and the restaurants they come from. */
export const orderMapSchema = z.object({
  orders: z.array(
    z.object({
      id: z.number().int(),
      order_number: z.string(),
      status: z.enum(ORDER_STATUSES),
      restaurant_id: z.number().int(),
      driver_id: z.number().int().nullable(),
      address: z.string(),
      lat: z.number(),
      lng: z.number(),
      status_changed_at: z.string(),
    }),
  ),
  restaurants: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      lat: z.number(),
      lng: z.number(),
      active_orders: z.number().int(),
    }),
  ),
});
export type OrderMap = z.infer<typeof orderMapSchema>;
