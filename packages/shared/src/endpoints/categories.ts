import {
  categoryBody,
  categoryListQuery,
  categoryPatchBody,
  categoryPositionsBody,
  categorySchema,
} from '../categories.js';
import { dataResponse, listResponse, messageResponse, noContent } from '../common.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['categories'];
const read = { permission: 'categories.read' } as const;
const write = { permission: 'categories.write' } as const;

export const categories = {
  list: endpoint({
    method: 'GET',
    path: '/api/categories',
    access: read,
    description: 'A page of menu categories in their display order.',
    tags,
    query: categoryListQuery,
    answer: { 200: listResponse(categorySchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/categories',
    access: write,
    description: 'Adds a menu category at the end of the order.',
    tags,
    body: categoryBody,
    answer: { 201: dataResponse(categorySchema) },
  }),
  reorder: endpoint({
    method: 'PUT',
    path: '/api/categories/positions',
    access: write,
    summary: 'Save the order of all categories',
    description:
      'Sets the display order of the categories at once from the full list of ids, as the drag-and-drop list sends it.',
    tags,
    body: categoryPositionsBody,
    answer: { 200: messageResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/categories/:id',
    access: read,
    description: 'One menu category.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(categorySchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/categories/:id',
    access: write,
    description: 'Changes the given fields of a menu category.',
    tags,
    params: idParams,
    body: categoryPatchBody,
    answer: { 200: dataResponse(categorySchema) },
    // Products show their category: the product itself and a restaurant's product list.
    refreshes: ['/api/products', '/api/restaurants'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/categories/:id',
    access: write,
    description: 'Removes a menu category that no product uses.',
    tags,
    params: idParams,
    answer: { 204: noContent('The category is deleted') },
  }),
};
