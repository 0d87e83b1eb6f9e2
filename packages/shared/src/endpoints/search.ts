import { z } from 'zod';
import { searchHitSchema, searchQuery } from '../search.js';
import { endpoint } from './endpoint.js';

export const search = {
  everything: endpoint({
    method: 'GET',
    path: '/api/search',
    access: { permission: 'search.use' },
    summary: 'Search everything',
    description:
      "Orders, restaurants, products, users and vehicles whose name, number or plate match the query, each with where it opens in the back office. Restaurant staff find their own restaurant's records.",
    tags: ['search'],
    query: searchQuery,
    answer: { 200: z.object({ data: z.array(searchHitSchema) }) },
  }),
};
