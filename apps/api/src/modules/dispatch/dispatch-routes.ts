import {
  acceptSuggestionBody,
  dataResponse,
  dispatchLockBody,
  dispatchSettingsBody,
  dispatchSettingsSchema,
  dispatchSuggestionsSchema,
  driverOffersSchema,
  idParams,
  noContent,
  orderSchema,
  restaurantDispatchModeBody,
  restaurantSchema,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getRestaurant } from '../restaurants/restaurants-service.js';
import { Dispatcher } from './dispatch-loop.js';
import * as dispatch from './dispatch-service.js';

/** Dispatch that runs itself (issue 25, decision 0024): settings, suggestions, locks, offers. */
export async function dispatchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dispatch'];
  const deps = { db: app.db, bus: app.bus, jobs: app.jobs, timeZone: app.config.timeZone };

  // Rounds run on every instance's events (one instance at a time does each); offers end on the queue.
  const dispatcher = new Dispatcher(deps, (error) => app.log.warn({ err: error }, 'dispatch round failed'));
  app.jobs.handle('dispatch-offer-expires', () => dispatcher.runNow());
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('preClose', async () => dispatcher.stop());

  r.get(
    '/api/dispatch/settings',
    {
      config: { permission: 'orders.dispatch' },
      schema: {
        tags,
        summary: 'Dispatch settings',
        description:
          "The operation's dispatch mode (manual, suggest, automatic), how long a driver has to accept an offer, and the batching rules.",
        response: { 200: dataResponse(dispatchSettingsSchema) },
      },
    },
    async () => ({ data: await dispatch.readSettings(app.db) }),
  );

  r.put(
    '/api/dispatch/settings',
    {
      config: { permission: 'dispatch.settings' },
      schema: {
        tags,
        summary: 'Change the dispatch settings',
        description:
          'Admin or App Manager: the mode of the whole operation (a restaurant may have its own), the seconds a driver has to accept an automatic offer, and whether and how far a second order may be batched. Leaving the automatic mode withdraws the open offers at the next round.',
        body: dispatchSettingsBody,
        response: { 200: dataResponse(dispatchSettingsSchema) },
      },
    },
    async (request) => {
      const data = await dispatch.updateSettings(deps, request.actor, request.body);
      dispatcher.poke();
      return { data };
    },
  );

  r.put(
    '/api/restaurants/:id/dispatch-mode',
    {
      config: { permission: 'dispatch.settings' },
      schema: {
        tags,
        summary: "A restaurant's own dispatch mode",
        description:
          "Admin or App Manager: the restaurant's orders are dispatched in this mode instead of the operation's; null follows the operation's again.",
        params: idParams,
        body: restaurantDispatchModeBody,
        response: { 200: dataResponse(restaurantSchema) },
      },
    },
    async (request) => {
      await dispatch.setRestaurantMode(deps, request.actor, request.params.id, request.body.mode);
      dispatcher.poke();
      return {
        data: await getRestaurant(app.db, request.actor, request.params.id, app.config.timeZone),
      };
    },
  );

  r.get(
    '/api/dispatch/suggestions',
    {
      config: { permission: 'orders.dispatch' },
      schema: {
        tags,
        summary: 'Suggested drivers',
        description:
          'For every order waiting for a driver in suggest mode, the best driver, all waiting orders solved together, with the reasons: free or carrying one order on the way, distance to the restaurant, location age, arrival against food ready, load and predicted lateness. Orders without a suggestion wait for a driver to come free.',
        response: { 200: dataResponse(dispatchSuggestionsSchema) },
      },
    },
    async (request) => ({
      data: { items: await dispatch.suggestions(app.db, request.actor, app.config.timeZone) },
    }),
  );

  r.post(
    '/api/orders/:id/accept-suggestion',
    {
      config: { permission: 'orders.dispatch' },
      schema: {
        tags,
        summary: 'Accept the suggested driver',
        description:
          'Assigns the driver the suggestion named, recording its reasons. 409 `suggestion_changed` when that driver no longer fits the order (look again); 422 `no_suggestion` when the order no longer waits in suggest mode.',
        params: idParams,
        body: acceptSuggestionBody,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => ({
      data: await dispatch.acceptSuggestion(deps, request.actor, request.params.id, request.body.driver_id),
    }),
  );

  r.post(
    '/api/orders/:id/dispatch-lock',
    {
      config: { permission: 'orders.dispatch' },
      schema: {
        tags,
        summary: 'Lock an order out of the automatic mode',
        description:
          'A locked order is left to the dispatcher: the automatic mode never offers it (its open offer is withdrawn). Unlocking lets the next round offer it. Taking a driver off an order by hand locks it too.',
        params: idParams,
        body: dispatchLockBody,
        response: { 200: dataResponse(orderSchema) },
      },
    },
    async (request) => {
      const data = await dispatch.setLock(deps, request.actor, request.params.id, request.body.locked);
      dispatcher.poke();
      return { data };
    },
  );

  const driverConfig = { auth: 'app' as const, roles: ['driver' as const] };
  r.get(
    '/api/driver/offers',
    {
      config: driverConfig,
      schema: {
        tags: ['driver app'],
        summary: 'Driver app: offers waiting for my answer',
        description:
          'Orders the automatic mode offers to the signed-in driver, with why and until when. Accept with POST /api/driver/orders/{id}/accept, decline with …/decline; an offer left unanswered expires and passes to another driver.',
        response: { 200: dataResponse(driverOffersSchema) },
      },
    },
    async (request) => ({ data: { items: await dispatch.driverOffers(app.db, request.actor) } }),
  );

  r.post(
    '/api/driver/orders/:id/decline',
    {
      config: driverConfig,
      schema: {
        tags: ['driver app'],
        summary: 'Driver app: decline an offer',
        description:
          'The order is never offered to this driver again and passes to another at once. 422 `no_offer` when no offer of it waits for this driver.',
        params: idParams,
        response: { 204: noContent('Declined') },
      },
    },
    async (request, reply) => {
      await dispatch.declineOffer(deps, request.actor, request.params.id);
      dispatcher.poke();
      return reply.status(204).send(null);
    },
  );
}
