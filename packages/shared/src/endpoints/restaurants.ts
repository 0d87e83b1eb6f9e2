import { capacityBody, capacityListSchema, capacitySchema } from '../capacity.js';
import { dataResponse, listResponse, noContent } from '../common.js';
import { hoursBody, hoursSchema } from '../opening-hours.js';
import {
  payoutRejectBody,
  payoutRequestBody,
  payoutRequestListQuery,
  payoutRequestParams,
  payoutRequestSchema,
  restaurantBody,
  restaurantListQuery,
  restaurantPatchBody,
  restaurantSchema,
} from '../restaurants.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['restaurants'];

export const restaurants = {
  list: endpoint({
    method: 'GET',
    path: '/api/restaurants',
    access: { permission: 'restaurants.browse' },
    description:
      'A page of restaurants, searchable and sortable. Admins, App Managers and Dispatchers (the board filters by restaurant).',
    tags,
    query: restaurantListQuery,
    answer: { 200: listResponse(restaurantSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/restaurants',
    access: { permission: 'restaurants.create' },
    description: 'Adds a restaurant with its address, location, working hours and image.',
    tags,
    body: restaurantBody,
    answer: { 201: dataResponse(restaurantSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id',
    access: { permission: 'restaurants.read' },
    description:
      'One restaurant with everything its form shows. Restaurant staff reach only their own; a restaurant employee gets no payout account (`iban` is null): bank details are for the manager and the operation.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(restaurantSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/restaurants/:id',
    access: { permission: 'restaurants.update' },
    description:
      'Changes the given fields of a restaurant; the change is recorded in the audit log. The commission and the payout account (IBAN) change only by Admin or App Manager: a restaurant manager who sends a different IBAN gets 403 `payout_by_request` and files a payout request instead (the unchanged value sent back with the form is no change).',
    tags,
    params: idParams,
    body: restaurantPatchBody,
    answer: { 200: dataResponse(restaurantSchema) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/restaurants/:id',
    access: { permission: 'restaurants.delete' },
    description:
      'Removes a restaurant that has no staff, orders, settlements or meal claims; one with staff (restaurant_in_use) or a history (has_history) is refused with 409.',
    tags,
    params: idParams,
    answer: { 204: noContent('The restaurant is deleted') },
  }),
  hours: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id/hours',
    access: { permission: 'restaurants.read' },
    summary: "The restaurant's opening hours",
    description:
      "The weekly ranges (every weekday, in order; none = closed that day) and the dated exceptions, on the operation's clock (`time_zone` of GET /api/config). A range whose `closes` is not after its `opens` runs past midnight. No range at all means open around the clock. Admin, App Manager and the restaurant's staff (their own restaurant).",
    tags,
    params: idParams,
    answer: { 200: dataResponse(hoursSchema) },
  }),
  setHours: endpoint({
    method: 'PUT',
    path: '/api/restaurants/:id/hours',
    access: { permission: 'restaurants.hours' },
    summary: 'Replace the opening hours',
    description:
      "Replaces the weekly ranges and the exceptions at once (in one transaction, audited with before and after). Several ranges a day; a range may run past midnight (22:00–02:00) but not close when it opens, and ranges must not overlap, also across midnight and from Sunday into Monday. An exception replaces the ranges that open on its date: closed all day, or its own ranges. Admin, App Manager and the restaurant's manager (their own restaurant).",
    tags,
    params: idParams,
    body: hoursBody,
    answer: { 200: dataResponse(hoursSchema) },
  }),
  payoutRequests: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id/payout-requests',
    access: { permission: 'restaurants.payout_read' },
    summary: "The restaurant's payout account change requests",
    description:
      "The restaurant's requests to change its payout account, newest first, with who asked, when, and how each was decided. The restaurant's manager (their own restaurant) and Admin or App Manager; bank details are not for the restaurant's employees (403).",
    tags,
    params: idParams,
    query: payoutRequestListQuery,
    answer: { 200: listResponse(payoutRequestSchema) },
  }),
  requestPayoutChange: endpoint({
    method: 'POST',
    path: '/api/restaurants/:id/payout-requests',
    access: { permission: 'restaurants.payout_request' },
    summary: 'Request a change of the payout account',
    description:
      "The restaurant's manager asks for a new payout account (IBAN) for their own restaurant. Settlements keep paying the current account until an Admin or App Manager approves. One request waits at a time (409 `payout_request_pending`); asking for the current account is 422 `payout_unchanged`.",
    tags,
    params: idParams,
    body: payoutRequestBody,
    answer: { 201: dataResponse(payoutRequestSchema) },
  }),
  approvePayoutChange: endpoint({
    method: 'POST',
    path: '/api/restaurants/:id/payout-requests/:request_id/approve',
    access: { permission: 'restaurants.payout' },
    summary: 'Approve a payout account change',
    description:
      "Admin or App Manager approves a pending request: the restaurant's payout account becomes the one asked for, and settlements approved from now on pay it. A request decided already (also by a concurrent decision) is 409.",
    tags,
    params: payoutRequestParams,
    answer: { 200: dataResponse(payoutRequestSchema) },
  }),
  rejectPayoutChange: endpoint({
    method: 'POST',
    path: '/api/restaurants/:id/payout-requests/:request_id/reject',
    access: { permission: 'restaurants.payout' },
    summary: 'Reject a payout account change',
    description:
      'Admin or App Manager rejects a pending request with a reason the restaurant sees; the account stays. A request decided already is 409.',
    tags,
    params: payoutRequestParams,
    body: payoutRejectBody,
    answer: { 200: dataResponse(payoutRequestSchema) },
  }),
  // Busy and pause (issue 24).
  busyOrPaused: endpoint({
    method: 'GET',
    path: '/api/restaurants/capacity',
    access: { permission: 'restaurants.capacity' },
    summary: 'Restaurants busy, paused or closed now',
    description:
      "The restaurants that are busy, paused or closed by their opening hours now, by name, each with its ordering state (`ordering`, as a restaurant carries it: closed or paused, when it takes orders again, busy minutes); `changes_at` is the next instant any restaurant the caller sees opens or closes by its hours (null when none does), when the list changes without an event. The dispatcher's board shows them. Restaurant staff see their own restaurant only.",
    tags,
    answer: { 200: capacityListSchema },
  }),
  capacity: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id/capacity',
    access: { permission: 'restaurants.capacity' },
    summary: "A restaurant's capacity",
    description: 'Normal, busy (with its extra minutes and end) or paused (until when).',
    tags,
    params: idParams,
    answer: { 200: dataResponse(capacitySchema) },
  }),
  setCapacity: endpoint({
    method: 'PUT',
    path: '/api/restaurants/:id/capacity',
    access: { permission: 'restaurants.capacity' },
    summary: "Set a restaurant's capacity",
    description:
      "Back to normal; busy with 10, 20, 30 or 45 extra minutes of preparation (until switched back or the restaurant's closing); or paused (takes no orders) for 15, 30 or 60 minutes, until closing, or until a time within a day. A pause or busy mode ends by itself at its time. Restaurant staff set their own restaurant's; Admins, App Managers and Dispatchers any.",
    tags,
    params: idParams,
    body: capacityBody,
    answer: { 200: dataResponse(capacitySchema) },
  }),
};
