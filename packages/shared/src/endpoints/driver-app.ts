import { z } from 'zod';
import { endShiftBody, endShiftRequestDetailSchema } from '../cash-register.js';
import { dataResponse, noContent } from '../common.js';
import { driverOffersSchema, driverPoolSchema } from '../dispatch.js';
import { driverAppMealBody, driverMealSchema } from '../driver-meals.js';
import { PLANNED_END_MAX_HOURS, plannedEndBody, plannedEndSchema } from '../drivers.js';
import {
  breakEndedSchema,
  breakStartedSchema,
  locationsAcceptedSchema,
  locationsBody,
  shiftStartedSchema,
} from '../locations.js';
import { orderListItemSchema, orderSchema, orderStatusBody } from '../orders.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['driver app'];
const access = { auth: 'app', roles: ['driver'] } as const;

/** The driver app's endpoints, whichever module serves them: the shift, breaks, orders, offers, meals. */
export const driverApp = {
  startShift: endpoint({
    method: 'POST',
    path: '/api/driver/shift/start',
    access,
    description:
      'Opens a shift for the signed-in driver, who becomes available for orders. A second start while a shift is open is a conflict (409).',
    summary: 'Driver app: start a shift',
    tags,
    answer: { 200: dataResponse(shiftStartedSchema) },
  }),
  recordLocations: endpoint({
    method: 'POST',
    path: '/api/driver/locations',
    access,
    description:
      "Stores a batch of the driver's positions (recorded_at in ISO 8601; batches may arrive late and out of order). The newest point becomes the driver's position on the dispatch map. Refused (422) when the driver is off shift.",
    summary: 'A batch of location points (at most 100)',
    tags,
    body: locationsBody,
    answer: { 200: dataResponse(locationsAcceptedSchema) },
  }),
  startBreak: endpoint({
    method: 'POST',
    path: '/api/driver/breaks/start',
    access,
    description:
      'Puts an available driver on a break; a driver delivering an order cannot (422), a break already running is a conflict (409).',
    summary: 'Driver app: start a break',
    tags,
    answer: { 200: dataResponse(breakStartedSchema) },
  }),
  endBreak: endpoint({
    method: 'POST',
    path: '/api/driver/breaks/end',
    access,
    description: "Ends the driver's running break and answers with its length.",
    summary: 'Driver app: end the break',
    tags,
    answer: { 200: dataResponse(breakEndedSchema) },
  }),
  orders: endpoint({
    method: 'GET',
    path: '/api/driver/orders',
    access,
    description:
      "The signed-in driver's orders that are not finished yet: those assigned to them (by a dispatcher, or accepted from an offer or the pool). An order not yet theirs is not listed here: offers are under /api/driver/offers, the pool under /api/driver/pool, without the customer's details.",
    summary: 'Driver app: my orders',
    tags,
    answer: { 200: z.object({ data: z.array(orderListItemSchema) }) },
  }),
  acceptOrder: endpoint({
    method: 'POST',
    path: '/api/driver/orders/:id/accept',
    access,
    description:
      "A driver accepts only an order assigned or offered to them. The order assigned to them is answered as it is (accepting twice changes nothing); an order offered to them becomes theirs while the offer runs. When the operation's driver pool is on (dispatch settings, off by default), a driver may also take a waiting order (preparing or ready, no driver) that is not locked by a dispatcher, whose restaurant is not in manual mode, that is offered to nobody, and that they have not declined or let run out. The answer, and only it, carries the customer's name, phone and address. Refusals change nothing and tell nothing about the customer: 422 `driver_not_on_shift` / `driver_ending_shift` (the driver takes no new orders), 409 `order_taken` (another driver has it), 409 `order_offered` (offered to another driver), 409 `offer_expired` (their offer ran out), 403 `order_not_offered` (anything else: not assigned or offered to them, nor open in the pool), 404 outside the driver's reach.",
    summary: 'Driver app: accept an order',
    tags,
    params: idParams,
    answer: { 200: dataResponse(orderSchema) },
  }),
  changeOrderStatus: endpoint({
    method: 'POST',
    path: '/api/driver/orders/:id/status',
    access,
    description:
      'The driver moves their own order on (picked up, delivered …) as the order state machine allows a driver.',
    summary: 'Driver app: change the status of my order',
    tags,
    params: idParams,
    body: orderStatusBody,
    answer: { 200: dataResponse(orderSchema) },
  }),
  offers: endpoint({
    method: 'GET',
    path: '/api/driver/offers',
    access,
    description:
      "Orders the automatic mode offers to the signed-in driver, with why and until when: the restaurant and the drop-off's distance from it, nothing about the customer until the driver accepts. Accept with POST /api/driver/orders/{id}/accept, decline with …/decline; an offer left unanswered expires and passes to another driver.",
    summary: 'Driver app: offers waiting for my answer',
    tags,
    answer: { 200: dataResponse(driverOffersSchema) },
  }),
  pool: endpoint({
    method: 'GET',
    path: '/api/driver/pool',
    access,
    description:
      "The waiting orders the signed-in driver may take (POST /api/driver/orders/{id}/accept) while the operation's driver pool is on: not locked, restaurant not in manual mode, offered to nobody, not declined or let run out by this driver. The restaurant and the drop-off's distance from it, nothing about the customer until the driver accepts. Empty while the pool is off.",
    summary: 'Driver app: orders open to take',
    tags,
    answer: { 200: dataResponse(driverPoolSchema) },
  }),
  declineOffer: endpoint({
    method: 'POST',
    path: '/api/driver/orders/:id/decline',
    access,
    description:
      'The order is never offered to this driver again and passes to another at once. 422 `no_offer` when no offer of it waits for this driver.',
    summary: 'Driver app: decline an offer',
    tags,
    params: idParams,
    answer: { 204: noContent('Declined') },
  }),
  endShift: endpoint({
    method: 'POST',
    path: '/api/driver/end-shift',
    access,
    description:
      'The driver ends the shift and declares the cash they carry (minor units); the cash register then collects or rejects the request.',
    summary: 'Driver app: end the shift',
    tags,
    body: endShiftBody,
    answer: { 201: dataResponse(endShiftRequestDetailSchema) },
  }),
  claimMeal: endpoint({
    method: 'POST',
    path: '/api/driver/meals',
    access,
    description:
      "The driver records a meal taken from a restaurant today (in the operation's time zone): during an open shift, once per shift, at a restaurant whose order the driver picked up in this shift (an order cancelled or declined before pick-up does not count). The amount is a JSON integer in minor units.",
    summary: 'Driver app: record my meal',
    operationId: 'postDriverAppMeals',
    tags,
    body: driverAppMealBody,
    answer: { 201: dataResponse(driverMealSchema) },
  }),
  setPlannedEnd: endpoint({
    method: 'PUT',
    path: '/api/driver/shift/planned-end',
    access,
    description: `When the driver plans to end the open shift (ISO 8601 with offset, in the future, within ${PLANNED_END_MAX_HOURS} hours), or null to clear it. Dispatch offers no pickup the driver cannot make before it. 422 \`not_on_shift\` without an open shift.`,
    summary: 'Driver app: plan the end of my shift',
    tags,
    body: plannedEndBody,
    answer: { 200: dataResponse(plannedEndSchema) },
    refreshes: ['/api/drivers'],
  }),
};
