import type { DriverMealBody, DriverMealListParams } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api, type Answer, useWrite } from '../../../lib/api-client';

export type DriverMealFilterParams = Pick<
  DriverMealListParams,
  'driver_id' | 'restaurant_id' | 'from' | 'to'
>;

export type { DriverMealListParams };

/** The list, and the total amount of the whole filtered set (not only this page). */
export type DriverMealList = Answer<'get', '/api/driver-meals'>;

export function useDriverMeals(query: DriverMealListParams) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/driver-meals',
      { params: { query } },
      { placeholderData: keepPreviousData },
    ),
  );
}

export const useCreateDriverMeal = () =>
  useWrite('post', '/api/driver-meals', (body: DriverMealBody) => ({ body }), { quiet: true });

/** Deletes a meal that no approved settlement covers (409 when settled); the list is asked again either way. */
export const useDeleteDriverMeal = () =>
  useWrite('delete', '/api/driver-meals/{id}', (id: number) => ({ params: { path: { id } } }));

/** Approves a driver's pending claim (409 when someone else decided first); the list is asked again either way. */
export const useApproveDriverMeal = () =>
  useWrite('post', '/api/driver-meals/{id}/approve', (id: number) => ({ params: { path: { id } } }));

/** Rejects a driver's pending claim with a reason (409 when someone else decided first). */
export const useRejectDriverMeal = () =>
  useWrite('post', '/api/driver-meals/{id}/reject', ({ id, reason }: { id: number; reason: string }) => ({
    params: { path: { id } },
    body: { reason },
  }));
