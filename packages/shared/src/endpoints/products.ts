import { snoozeBody } from '../capacity.js';
import { dataResponse, listResponse, noContent } from '../common.js';
import {
  menuQuery,
  menuSchema,
  productBody,
  productListQuery,
  productPatchBody,
  productSchema,
} from '../products.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['products'];
// The categories list counts each category's products; a restaurant's products are listed under it.
const refreshes = ['/api/categories', '/api/restaurants'] as const;
// A snooze shows in the restaurant's product list.
const snoozeRefreshes = ['/api/restaurants'] as const;

export const products = {
  list: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id/products',
    access: { permission: 'products.read' },
    summary: "List a restaurant's products",
    description:
      "A page of one restaurant's products, searchable and filterable by category. Restaurant staff reach only their own restaurant's.",
    tags,
    params: idParams,
    query: productListQuery,
    answer: { 200: listResponse(productSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/restaurants/:id/products',
    access: { permission: 'products.write' },
    summary: 'Add a product to a restaurant',
    description: "Adds a product to a restaurant's menu; the price is in minor units.",
    tags,
    params: idParams,
    body: productBody,
    answer: { 201: dataResponse(productSchema) },
    refreshes: ['/api/categories'],
  }),
  menu: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id/menu',
    // The customer app reads it; staff may look at it too.
    access: { auth: 'any' },
    summary: 'The menu the customer app shows',
    description:
      "A restaurant's available products grouped by category, as the customer app lists them, with whether it takes orders now (`ordering`: closed or paused, when it takes orders again, busy minutes added to the preparation) and which products are out of stock (`snoozed`; an order with one is refused). With the customer's `lat` and `lng`, `delivers` says whether the restaurant delivers there and, if not, why (`in_exclusion`, `outside_service_area`, `outside_restaurant_area`), as placing the order would.",
    tags,
    params: idParams,
    query: menuQuery,
    answer: { 200: dataResponse(menuSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/products/:id',
    access: { permission: 'products.read' },
    description: 'One product.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(productSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/products/:id',
    access: { permission: 'products.toggle' },
    description: 'Changes the given fields of a product (a price change applies to new orders only).',
    tags,
    params: idParams,
    body: productPatchBody,
    answer: { 200: dataResponse(productSchema) },
    refreshes,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/products/:id',
    access: { permission: 'products.write' },
    description: 'Removes a product from the menu; orders that contain it keep their copy of it.',
    tags,
    params: idParams,
    answer: { 204: noContent('The product is deleted') },
    refreshes,
  }),
  // Out of stock until a time (issue 24).
  snooze: endpoint({
    method: 'PUT',
    path: '/api/products/:id/snooze',
    access: { permission: 'products.snooze' },
    summary: 'Snooze a product (out of stock)',
    description:
      "The product stays on the menu but cannot be ordered: until the end of today in the operation's zone (`end_of_day`), until a chosen time within a week (`until`), or until switched back (`manual`). Apart from show_on_menu. A timed snooze ends by itself.",
    tags,
    params: idParams,
    body: snoozeBody,
    answer: { 200: dataResponse(productSchema) },
    refreshes: snoozeRefreshes,
  }),
  unsnooze: endpoint({
    method: 'DELETE',
    path: '/api/products/:id/snooze',
    access: { permission: 'products.snooze' },
    summary: 'Back in stock',
    description: 'Ends the snooze of a product: it can be ordered again.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(productSchema) },
    refreshes: snoozeRefreshes,
  }),
};
