import type { DriverMeal, DriverMealListParams, ListMeta } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { driverMealKeys } from '../../../api/driver-meals/keys';
import { api } from '../../../lib/http';

export type DriverMealFilterParams = Pick<
  DriverMealListParams,
  'driver_id' | 'restaurant_id' | 'from' | 'to'
>;

export type { DriverMealListParams };

/** The list, and the total amount of the whole filtered set (not only this page). */
export interface DriverMealList {
  data: DriverMeal[];
  meta: ListMeta & { total_amount: number };
}

export function listDriverMeals(query: DriverMealListParams, signal?: AbortSignal) {
  return api<DriverMealList>('/driver-meals', { query: { ...query }, signal });
}

export const driverMealsQueryOptions = (query: DriverMealListParams) =>
  queryOptions({
    queryKey: driverMealKeys.list(query),
    queryFn: ({ signal }) => listDriverMeals(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDriverMeals(query: DriverMealListParams) {
  return useQuery(driverMealsQueryOptions(query));
}
