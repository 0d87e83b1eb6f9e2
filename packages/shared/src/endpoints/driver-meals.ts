import { z } from 'zod';
import { dataResponse, listMetaSchema, noContent } from '../common.js';
import { driverMealBody, driverMealListQuery, driverMealSchema, mealRejectBody } from '../driver-meals.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['driver meals'];
const access = { permission: 'meals.manage' } as const;

/** The meals drivers take from restaurants, as the back office sees them (the driver app claims them). */
export const driverMeals = {
  list: endpoint({
    method: 'GET',
    path: '/api/driver-meals',
    access,
    description:
      'A page of the meals drivers took from restaurants, filterable by driver, restaurant and day, with the total amount of the filtered meals.',
    tags,
    query: driverMealListQuery,
    answer: {
      200: z.object({
        data: z.array(driverMealSchema),
        meta: listMetaSchema.extend({ total_amount: z.number().int() }),
      }),
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/driver-meals',
    access,
    description: 'Records a meal a driver took from a restaurant, for the settlements.',
    summary: 'Record a driver meal',
    tags,
    body: driverMealBody,
    answer: { 201: dataResponse(driverMealSchema) },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/driver-meals/:id/approve',
    access,
    description:
      'Admin and App Manager only. A claim is approved once (a second approval, or one of a rejected claim, is a 409); the approval is audited and a settlement of the restaurant counts the meal from then on.',
    summary: "Approve a driver's pending meal claim: settlements count it from now on",
    tags,
    params: idParams,
    answer: { 200: dataResponse(driverMealSchema) },
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/driver-meals/:id/reject',
    access,
    description:
      'Admin and App Manager only, with a reason the driver sees. Only a pending claim can be rejected; no settlement ever counts a rejected meal.',
    summary: "Reject a driver's pending meal claim, saying why",
    tags,
    params: idParams,
    body: mealRejectBody,
    answer: { 200: dataResponse(driverMealSchema) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/driver-meals/:id',
    access,
    description: 'Removes a driver meal that no settlement includes yet.',
    tags,
    params: idParams,
    answer: { 204: noContent('The meal is deleted') },
  }),
};
