import { z } from 'zod';
import { capacitySchema } from '../capacity.js';
import { categorySchema } from '../categories.js';
import { dataResponse, listResponse } from '../common.js';
import {
  apiKeyBody,
  apiKeyCreatedSchema,
  apiKeyRotateBody,
  apiKeySchema,
  idempotencyHeaders,
  integrationCapacityBody,
  integrationCategoryBody,
  integrationOrderBody,
  integrationProductBody,
  integrationProductPatchBody,
  integrationSnoozeBody,
  integrationStatusBody,
  integratorBody,
  integratorListQuery,
  integratorPatchBody,
  integratorSchema,
  menuReplaceBody,
  menuReplaceReportSchema,
  orderQuoteSchema,
} from '../integrations.js';
import { orderSchema } from '../orders.js';
import { productSchema } from '../products.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['integrators'];
const inbound = ['integration API'];
const access = { permission: 'integrations.manage' } as const;

/** Admins manage integrators and their keys (issue 40). */
export const integrations = {
  list: endpoint({
    method: 'GET',
    path: '/api/integrators',
    access,
    description: 'A page of the integrators (POS systems, aggregators, shops), searchable by name.',
    tags,
    query: integratorListQuery,
    answer: { 200: listResponse(integratorSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/integrators',
    access,
    description: 'Registers an integrator. A name already used is a 409 under `name`.',
    tags,
    body: integratorBody,
    answer: { 201: dataResponse(integratorSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/integrators/:id',
    access,
    description: 'One integrator.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(integratorSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/integrators/:id',
    access,
    description: 'Changes an integrator; deactivating it stops all its keys at once.',
    tags,
    params: idParams,
    body: integratorPatchBody,
    answer: { 200: dataResponse(integratorSchema) },
  }),
  keys: endpoint({
    method: 'GET',
    path: '/api/integrators/:id/keys',
    access,
    summary: "List an integrator's API keys",
    description:
      'Every key of the integrator, newest first, with its prefix, scopes, restaurants, state and last use (never the secret).',
    tags,
    params: idParams,
    answer: { 200: z.object({ data: z.array(apiKeySchema) }) },
  }),
  createKey: endpoint({
    method: 'POST',
    path: '/api/integrators/:id/keys',
    access,
    summary: 'Create an API key',
    description:
      'Creates a key with scopes, limited to the given restaurants. The answer is the only time the secret is shown: it is stored hashed.',
    tags,
    params: idParams,
    body: apiKeyBody,
    answer: { 201: dataResponse(apiKeyCreatedSchema) },
  }),
  rotateKey: endpoint({
    method: 'POST',
    path: '/api/integrator-keys/:id/rotate',
    access,
    summary: 'Rotate an API key',
    description:
      'A new key with the same scopes and restaurants (its secret shown once); the old one keeps working for `overlap_hours` (0: it stops now). A revoked or expiring key is a 409.',
    tags,
    params: idParams,
    body: apiKeyRotateBody,
    answer: { 201: dataResponse(apiKeyCreatedSchema) },
    refreshes: ['/api/integrators'],
  }),
  revokeKey: endpoint({
    method: 'POST',
    path: '/api/integrator-keys/:id/revoke',
    access,
    summary: 'Revoke an API key',
    description: 'Stops the key at once, on every instance.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(apiKeySchema) },
    refreshes: ['/api/integrators'],
  }),
};

/** What an integrator calls with its key: `Authorization: Bearer dsk_…`. */
export const integrationApi = {
  quote: endpoint({
    method: 'POST',
    path: '/api/integration/orders/quote',
    access: { auth: 'api_key', scope: 'orders.create' },
    summary: 'Quote an order',
    description:
      'Checks an order as placing it would (restaurant taking orders, items on the menu and in stock) and prices it with the server’s prices; writes nothing. Validate with this, then create.',
    tags: inbound,
    body: integrationOrderBody,
    answer: { 200: dataResponse(orderQuoteSchema) },
  }),
  createOrder: endpoint({
    method: 'POST',
    path: '/api/integration/orders',
    access: { auth: 'api_key', scope: 'orders.create' },
    summary: 'Place an order',
    description:
      'Places an order for a customer of one of the key’s restaurants. The `Idempotency-Key` header is required: a retry with the same key answers the same order (200, header `Idempotent-Replayed: true`) and never places a second one; the same key with another body is a 409 `idempotency_key_reused`.',
    tags: inbound,
    headers: idempotencyHeaders,
    body: integrationOrderBody,
    answer: { 201: dataResponse(orderSchema), 200: dataResponse(orderSchema) },
  }),
  getOrder: endpoint({
    method: 'GET',
    path: '/api/integration/orders/:id',
    access: { auth: 'api_key', scope: 'orders.read' },
    summary: 'Read an order',
    description: 'An order of one of the key’s restaurants (any other is a 404).',
    tags: inbound,
    params: idParams,
    answer: { 200: dataResponse(orderSchema) },
  }),
  moveOrder: endpoint({
    method: 'POST',
    path: '/api/integration/orders/:id/status',
    access: { auth: 'api_key', scope: 'orders.status' },
    summary: 'Accept, ready or cancel an order',
    description:
      'The kitchen’s moves under the kitchen’s rules: `preparing_order` accepts, `ready_for_pickup`, `declined` (with a reason) cancels an order not yet accepted; a move the status machine refuses is a 422, a stale `version` a 409.',
    tags: inbound,
    params: idParams,
    body: integrationStatusBody,
    answer: { 200: dataResponse(orderSchema) },
  }),
  addProduct: endpoint({
    method: 'POST',
    path: '/api/integration/restaurants/:id/products',
    access: { auth: 'api_key', scope: 'menu.write' },
    summary: 'Add a product to the menu',
    description:
      'Adds a product (price in minor units) to one of the key’s restaurants, in an existing category.',
    tags: inbound,
    params: idParams,
    body: integrationProductBody,
    answer: { 201: dataResponse(productSchema) },
  }),
  addCategory: endpoint({
    method: 'POST',
    path: '/api/integration/categories',
    access: { auth: 'api_key', scope: 'menu.write' },
    summary: 'Find or add a category',
    description:
      'Categories are one list shared by every restaurant: the one with this name (case-insensitive) is answered (200), or it is added (201). Integrators do not rename or delete categories.',
    tags: inbound,
    body: integrationCategoryBody,
    answer: { 201: dataResponse(categorySchema), 200: dataResponse(categorySchema) },
  }),
  replaceMenu: endpoint({
    method: 'PUT',
    path: '/api/integration/restaurants/:id/menu',
    access: { auth: 'api_key', scope: 'menu.write' },
    summary: 'Replace the whole menu',
    description:
      'Makes the restaurant’s menu the one given, in one transaction: categories are matched by name (a missing one is added), products by name within the restaurant (added, or changed where price, description, category or show on menu differ); a product not in the new menu is taken off the menu (kept for past orders). Snoozes are left as they are. Sending the same menu again changes nothing. The answer reports what changed.',
    tags: inbound,
    params: idParams,
    body: menuReplaceBody,
    answer: { 200: dataResponse(menuReplaceReportSchema) },
  }),
  updateProduct: endpoint({
    method: 'PATCH',
    path: '/api/integration/products/:id',
    access: { auth: 'api_key', scope: 'menu.write' },
    summary: 'Change a product',
    description: 'Changes the given fields of a product (name, price, category, shown on the menu).',
    tags: inbound,
    params: idParams,
    body: integrationProductPatchBody,
    answer: { 200: dataResponse(productSchema) },
  }),
  snooze: endpoint({
    method: 'POST',
    path: '/api/integration/products/:id/snooze',
    access: { auth: 'api_key', scope: 'products.snooze' },
    summary: 'Snooze a product',
    description: 'Marks a product out of stock until the end of the day, a time, or until switched back.',
    tags: inbound,
    params: idParams,
    body: integrationSnoozeBody,
    answer: { 200: dataResponse(productSchema) },
  }),
  unsnooze: endpoint({
    method: 'DELETE',
    path: '/api/integration/products/:id/snooze',
    access: { auth: 'api_key', scope: 'products.snooze' },
    summary: 'End a snooze',
    description: 'Puts a snoozed product back in stock.',
    tags: inbound,
    params: idParams,
    answer: { 200: dataResponse(productSchema) },
  }),
  capacity: endpoint({
    method: 'PUT',
    path: '/api/integration/restaurants/:id/capacity',
    access: { auth: 'api_key', scope: 'restaurant.pause' },
    summary: 'Pause a restaurant or set it busy',
    description: 'Normal, busy (extra minutes) or paused (for minutes, until a time, or until closing).',
    tags: inbound,
    params: idParams,
    body: integrationCapacityBody,
    answer: { 200: dataResponse(capacitySchema) },
  }),
};
