import { z } from 'zod';
import { capacitySchema } from './capacity.js';
import { DISPATCH_PROBLEMS, dispatchSettingsSchema } from './dispatch.js';
import { SHIFT_STATES } from './drivers.js';
import { RISK_REASONS } from './eta.js';
import { INCIDENT_STATUSES } from './incidents.js';
import { ORDER_STATUSES } from './order-rules.js';
import { orderListItemSchema } from './orders.js';

/**
 * The live events on `GET /api/events`, each declared once: the API's bus checks every event against
 * its schema before sending it, and the web reads them by the same schemas.
 */
export const EVENT_TYPES = [
  'order.created',
  'order.updated',
  'driver.updated',
  /** A restaurant's capacity changed (busy, paused, back to normal): data is its `Capacity` and who. */
  'restaurant.capacity',
  /** A restaurant's opening hours were saved: data says whose and by whom. */
  'restaurant.hours',
  /** A product was snoozed or is back: data is `{ id, restaurant_id, snoozed, snoozed_until }`. */
  'product.snooze',
  /** The operation's dispatch settings changed: data is its `DispatchSettings`. */
  'dispatch.settings',
  /** An incident was reported, moved or resolved (issue 38): data says which, on which order, and its status. */
  'incident.changed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const id = z.number().int();
const orderStatus = z.enum(ORDER_STATUSES);

/** What an order was before the change an event announces. */
export const orderBeforeSchema = z.object({
  status: orderStatus,
  driver_id: id.nullable(),
  status_changed_at: z.string(),
  /** Why no driver fits it (the problems lane). */
  dispatch_problem: z.enum(DISPATCH_PROBLEMS).nullable().optional(),
  /** Its predicted risk and its promise (the at-risk lane); absent from events of older servers. */
  risk_reason: z.enum(RISK_REASONS).nullable().optional(),
  promised_at: z.string().nullable().optional(),
});
export type OrderBefore = z.infer<typeof orderBeforeSchema>;

/**
 * An order created or changed: the order as a list row and what it was before (null for a new order,
 * and for dispatch's own news, which moves neither status nor driver), so an open board moves the row
 * without asking the server again (decision 0008). The rest says what the change was.
 */
export const orderEventSchema = z.object({
  order_id: id,
  order: orderListItemSchema,
  previous: orderBeforeSchema.nullable(),
  /** A change of status: the new one and the one it left. */
  status: orderStatus.optional(),
  from: orderStatus.optional(),
  /** A driver assigned (or taken off: null). */
  driver_id: id.nullable().optional(),
  /** A new prediction of the delivery time. */
  eta: z.literal(true).optional(),
  /** An offer made or ended, or a dispatch problem written. */
  dispatch: z.literal(true).optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;
/** What an order event says of the change besides the order. */
export type OrderChangeNote = Pick<OrderEvent, 'status' | 'from' | 'driver_id' | 'eta' | 'dispatch'>;

const shiftState = z.enum(SHIFT_STATES);
/** A driver's new position (from the driver app), with the state they are in. */
export const driverLocationEventSchema = z.object({
  driver_id: id,
  location: z.object({ lat: z.number(), lng: z.number() }),
  last_location_at: z.string(),
  shift_state: shiftState,
});
export type DriverLocationEvent = z.infer<typeof driverLocationEventSchema>;
/** A driver asked to end their shift (the cash register has a request to collect). */
export const driverEndShiftEventSchema = z.object({ driver_id: id, end_shift_request_id: id });
/** A driver's shift state changed (a shift started or ended, a break). */
export const driverShiftEventSchema = z.object({ driver_id: id, shift_state: shiftState });
export type DriverShiftEvent = z.infer<typeof driverShiftEventSchema>;
/**
 * Something about the driver changed (an order given or taken, an offer): strict, so that a variant
 * above with a wrong field is refused rather than read as this one.
 */
export const driverNoticeSchema = z.strictObject({ driver_id: id });
/** A driver changed: the most specific variant first (a union takes the first that fits). */
export const driverEventSchema = z.union([
  driverLocationEventSchema,
  driverEndShiftEventSchema,
  driverShiftEventSchema,
  driverNoticeSchema,
]);
export type DriverEvent = z.infer<typeof driverEventSchema>;

/** A product snoozed or back on sale. */
export const productSnoozeEventSchema = z.object({
  id,
  restaurant_id: id,
  snoozed: z.boolean(),
  snoozed_until: z.string().nullable(),
});
export type ProductSnoozeEvent = z.infer<typeof productSnoozeEventSchema>;

/**
 * Who made a change a screen may already show (issue 36: "someone else changed it"): the user's id and
 * name; null when the system did (a pause that ended by itself).
 */
export const changedBySchema = z.object({ id, name: z.string() }).nullable();
export type ChangedBy = z.infer<typeof changedBySchema>;

/** A restaurant's capacity now, and who set it. */
export const capacityEventSchema = capacitySchema.extend({ changed_by: changedBySchema });
export type CapacityEvent = z.infer<typeof capacityEventSchema>;

/** A restaurant's opening hours were saved (the screen reads them again). */
export const hoursEventSchema = z.object({ restaurant_id: id, changed_by: changedBySchema });
export type HoursEvent = z.infer<typeof hoursEventSchema>;

/** An incident reported, moved or resolved: lists and counters of incidents read again. */
export const incidentEventSchema = z.object({
  incident_id: id,
  order_id: id,
  status: z.enum(INCIDENT_STATUSES),
});
export type IncidentEvent = z.infer<typeof incidentEventSchema>;

/** Each event type's data. */
export const EVENT_DATA = {
  'order.created': orderEventSchema,
  'order.updated': orderEventSchema,
  'driver.updated': driverEventSchema,
  'restaurant.capacity': capacityEventSchema,
  'restaurant.hours': hoursEventSchema,
  'product.snooze': productSnoozeEventSchema,
  'dispatch.settings': dispatchSettingsSchema,
  'incident.changed': incidentEventSchema,
} satisfies Record<EventType, z.ZodType>;

const envelope = <T extends EventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    /** The restaurant the event concerns: restaurant staff receive only their own. */
    restaurant_id: id.nullable(),
    data,
    at: z.string(),
  });

/** One live event: `{ id, type, restaurant_id, data, at }`, its data told by its type. */
export const liveEventSchema = z.discriminatedUnion('type', [
  envelope('order.created', EVENT_DATA['order.created']),
  envelope('order.updated', EVENT_DATA['order.updated']),
  envelope('driver.updated', EVENT_DATA['driver.updated']),
  envelope('restaurant.capacity', EVENT_DATA['restaurant.capacity']),
  envelope('restaurant.hours', EVENT_DATA['restaurant.hours']),
  envelope('product.snooze', EVENT_DATA['product.snooze']),
  envelope('dispatch.settings', EVENT_DATA['dispatch.settings']),
  envelope('incident.changed', EVENT_DATA['incident.changed']),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Removes keys from each member of a union (a plain Omit would merge the members). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event as a publisher gives it: the bus adds its id and time. */
export type NewLiveEvent = OmitEach<z.input<typeof liveEventSchema>, 'id' | 'at'>;

/**
 * An event as a screen reads it. An order event may carry only its id (a server of another version, a
 * change announced without its row): the screen then asks the server again. Everything else is read
 * as declared; an event that does not fit is skipped.
 */
export const receivedEventSchema = z.discriminatedUnion('type', [
  envelope('order.created', orderEventSchema.partial({ order_id: true, order: true, previous: true })),
  envelope('order.updated', orderEventSchema.partial({ order_id: true, order: true, previous: true })),
  envelope('driver.updated', EVENT_DATA['driver.updated']),
  // A server of an earlier version says not who.
  envelope('restaurant.capacity', capacityEventSchema.partial({ changed_by: true })),
  envelope('restaurant.hours', EVENT_DATA['restaurant.hours']),
  envelope('product.snooze', EVENT_DATA['product.snooze']),
  envelope('dispatch.settings', EVENT_DATA['dispatch.settings']),
  envelope('incident.changed', EVENT_DATA['incident.changed']),
]);
export type ReceivedEvent = z.infer<typeof receivedEventSchema>;
