import { dataResponse } from '../common.js';
import {
  acceptSuggestionBody,
  dispatchLockBody,
  dispatchSettingsBody,
  dispatchSettingsSchema,
  dispatchSuggestionsSchema,
  restaurantDispatchModeBody,
} from '../dispatch.js';
import { orderSchema } from '../orders.js';
import { restaurantSchema } from '../restaurants.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['dispatch'];

/** Dispatch that runs itself (issue 25, decision 0024): settings, suggestions, locks. */
export const dispatch = {
  settings: endpoint({
    method: 'GET',
    path: '/api/dispatch/settings',
    access: { permission: 'orders.dispatch' },
    description:
      "The operation's dispatch mode (manual, suggest, automatic), whether drivers may take waiting orders from the pool, how long a driver has to accept an offer, and the batching rules.",
    summary: 'Dispatch settings',
    tags,
    answer: { 200: dataResponse(dispatchSettingsSchema) },
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/dispatch/settings',
    access: { permission: 'dispatch.settings' },
    description:
      'Admin or App Manager: the mode of the whole operation (a restaurant may have its own), whether drivers may take waiting orders from the pool (`driver_pool`, off by default: a driver accepts only what is assigned or offered to them; on: also an order not locked, not in manual mode, offered to nobody and not declined by them), the seconds a driver has to accept an automatic offer, and whether and how far a second order may be batched. Leaving the automatic mode withdraws the open offers at the next round.',
    summary: 'Change the dispatch settings',
    tags,
    body: dispatchSettingsBody,
    answer: { 200: dataResponse(dispatchSettingsSchema) },
  }),
  setRestaurantMode: endpoint({
    method: 'PUT',
    path: '/api/restaurants/:id/dispatch-mode',
    access: { permission: 'dispatch.settings' },
    description:
      "Admin or App Manager: the restaurant's orders are dispatched in this mode instead of the operation's; null follows the operation's again.",
    summary: "A restaurant's own dispatch mode",
    tags,
    params: idParams,
    body: restaurantDispatchModeBody,
    answer: { 200: dataResponse(restaurantSchema) },
    // The board's suggestions follow the restaurant's mode.
    refreshes: ['/api/dispatch/suggestions'],
  }),
  suggestions: endpoint({
    method: 'GET',
    path: '/api/dispatch/suggestions',
    access: { permission: 'orders.dispatch' },
    description:
      'For every order waiting for a driver in suggest mode, the best driver, all waiting orders solved together, with the reasons: free or carrying one order on the way, distance to the restaurant, location age, arrival against food ready, load and predicted lateness. Orders without a suggestion wait for a driver to come free.',
    summary: 'Suggested drivers',
    tags,
    answer: { 200: dataResponse(dispatchSuggestionsSchema) },
  }),
  acceptSuggestion: endpoint({
    method: 'POST',
    path: '/api/orders/:id/accept-suggestion',
    access: { permission: 'orders.dispatch' },
    description:
      'Assigns the driver the suggestion named, recording its reasons. 409 `suggestion_changed` when that driver no longer fits the order (look again); 422 `no_suggestion` when the order no longer waits in suggest mode.',
    summary: 'Accept the suggested driver',
    tags,
    params: idParams,
    body: acceptSuggestionBody,
    answer: { 200: dataResponse(orderSchema) },
    // The driver now carries the order, and the other suggestions are solved again without both.
    refreshes: ['/api/dispatch/suggestions', '/api/drivers'],
  }),
  lock: endpoint({
    method: 'POST',
    path: '/api/orders/:id/dispatch-lock',
    access: { permission: 'orders.dispatch' },
    description:
      'A locked order is left to the dispatcher: the automatic mode never offers it (its open offer is withdrawn) and no driver takes it from the pool. Unlocking lets the next round offer it. Taking a driver off an order by hand locks it too.',
    summary: 'Lock an order out of the automatic mode',
    tags,
    params: idParams,
    body: dispatchLockBody,
    answer: { 200: dataResponse(orderSchema) },
  }),
};
