import {
  dataResponse,
  hoursBody,
  hoursSchema,
  idParams,
  listResponse,
  noContent,
  payoutRejectBody,
  payoutRequestBody,
  payoutRequestListQuery,
  payoutRequestParams,
  payoutRequestSchema,
  restaurantBody,
  restaurantListQuery,
  restaurantPatchBody,
  restaurantSchema,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as hours from './restaurants-hours.js';
import * as payout from './restaurants-payout.js';
import * as service from './restaurants-service.js';

export async function restaurantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['restaurants'];

  r.get(
    '/api/restaurants',
    {
      config: { permission: 'restaurants.browse' },
      schema: {
        description:
          'A page of restaurants, searchable and sortable. Admins, App Managers and Dispatchers (the board filters by restaurant).',
        tags,
        querystring: restaurantListQuery,
        response: { 200: listResponse(restaurantSchema) },
      },
    },
    async (request) => service.listRestaurants(app.db, request.query, app.config.timeZone),
  );

  r.post(
    '/api/restaurants',
    {
      config: { permission: 'restaurants.create' },
      schema: {
        description: 'Adds a restaurant with its address, location, working hours and image.',
        tags,
        body: restaurantBody,
        response: { 201: dataResponse(restaurantSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.createRestaurant(app.db, request.actor, request.body, app.config.timeZone),
      }),
  );

  r.get(
    '/api/restaurants/:id',
    {
      config: { permission: 'restaurants.read' },
      schema: {
        description: 'One restaurant with everything its form shows. Restaurant staff reach only their own.',
        tags,
        params: idParams,
        response: { 200: dataResponse(restaurantSchema) },
      },
    },
    async (request) => ({
      data: await service.getRestaurant(app.db, request.actor, request.params.id, app.config.timeZone),
    }),
  );

  r.patch(
    '/api/restaurants/:id',
    {
      config: { permission: 'restaurants.update' },
      schema: {
        description:
          'Changes the given fields of a restaurant; the change is recorded in the audit log. The commission and the payout account (IBAN) change only by Admin or App Manager: a restaurant manager who sends a different IBAN gets 403 `payout_by_request` and files a payout request instead (the unchanged value sent back with the form is no change).',
        tags,
        params: idParams,
        body: restaurantPatchBody,
        response: { 200: dataResponse(restaurantSchema) },
      },
    },
    async (request) => ({
      data: await service.updateRestaurant(
        app.db,
        request.actor,
        request.params.id,
        request.body,
        app.config.timeZone,
      ),
    }),
  );

  r.delete(
    '/api/restaurants/:id',
    {
      config: { permission: 'restaurants.delete' },
      schema: {
        description:
          'Removes a restaurant that has no staff, orders, settlements or meal claims; one with staff (restaurant_in_use) or a history (has_history) is refused with 409.',
        response: { 204: noContent('The restaurant is deleted') },
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteRestaurant(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/restaurants/:id/hours',
    {
      config: { permission: 'restaurants.read' },
      schema: {
        tags,
        summary: "The restaurant's opening hours",
        description:
          "The weekly ranges (every weekday, in order; none = closed that day) and the dated exceptions, on the operation's clock (`time_zone` of GET /api/config). A range whose `closes` is not after its `opens` runs past midnight. No range at all means open around the clock. Admin, App Manager and the restaurant's staff (their own restaurant).",
        params: idParams,
        response: { 200: dataResponse(hoursSchema) },
      },
    },
    async (request) => ({ data: await hours.getHours(app.db, request.actor, request.params.id) }),
  );

  r.put(
    '/api/restaurants/:id/hours',
    {
      config: { permission: 'restaurants.hours' },
      schema: {
        tags,
        summary: 'Replace the opening hours',
        description:
          "Replaces the weekly ranges and the exceptions at once (in one transaction, audited with before and after). Several ranges a day; a range may run past midnight (22:00–02:00) but not close when it opens, and ranges must not overlap, also across midnight and from Sunday into Monday. An exception replaces the ranges that open on its date: closed all day, or its own ranges. Admin, App Manager and the restaurant's manager (their own restaurant).",
        params: idParams,
        body: hoursBody,
        response: { 200: dataResponse(hoursSchema) },
      },
    },
    async (request) => ({
      data: await hours.putHours(app.db, request.actor, request.params.id, request.body),
    }),
  );

  r.get(
    '/api/restaurants/:id/payout-requests',
    {
      config: { permission: 'restaurants.read' },
      schema: {
        tags,
        summary: "The restaurant's payout account change requests",
        description:
          "The restaurant's requests to change its payout account, newest first, with who asked, when, and how each was decided. The restaurant's staff (their own restaurant) and Admin or App Manager.",
        params: idParams,
        querystring: payoutRequestListQuery,
        response: { 200: listResponse(payoutRequestSchema) },
      },
    },
    async (request) => payout.listPayoutRequests(app.db, request.actor, request.params.id, request.query),
  );

  r.post(
    '/api/restaurants/:id/payout-requests',
    {
      config: { permission: 'restaurants.payout_request' },
      schema: {
        tags,
        summary: 'Request a change of the payout account',
        description:
          "The restaurant's manager asks for a new payout account (IBAN) for their own restaurant. Settlements keep paying the current account until an Admin or App Manager approves. One request waits at a time (409 `payout_request_pending`); asking for the current account is 422 `payout_unchanged`.",
        params: idParams,
        body: payoutRequestBody,
        response: { 201: dataResponse(payoutRequestSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await payout.filePayoutRequest(app.db, request.actor, request.params.id, request.body),
      }),
  );

  r.post(
    '/api/restaurants/:id/payout-requests/:request_id/approve',
    {
      config: { permission: 'restaurants.payout' },
      schema: {
        tags,
        summary: 'Approve a payout account change',
        description:
          "Admin or App Manager approves a pending request: the restaurant's payout account becomes the one asked for, and settlements approved from now on pay it. A request decided already (also by a concurrent decision) is 409.",
        params: payoutRequestParams,
        response: { 200: dataResponse(payoutRequestSchema) },
      },
    },
    async (request) => ({
      data: await payout.approvePayoutRequest(
        app.db,
        request.actor,
        request.params.id,
        request.params.request_id,
      ),
    }),
  );

  r.post(
    '/api/restaurants/:id/payout-requests/:request_id/reject',
    {
      config: { permission: 'restaurants.payout' },
      schema: {
        tags,
        summary: 'Reject a payout account change',
        description:
          'Admin or App Manager rejects a pending request with a reason the restaurant sees; the account stays. A request decided already is 409.',
        params: payoutRequestParams,
        body: payoutRejectBody,
        response: { 200: dataResponse(payoutRequestSchema) },
      },
    },
    async (request) => ({
      data: await payout.rejectPayoutRequest(
        app.db,
        request.actor,
        request.params.id,
        request.params.request_id,
        request.body.reason,
      ),
    }),
  );
}
