import type { DataResponse, DriverMeal, DriverMealBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverMealKeys } from '../../../api/driver-meals/keys';
import { api } from '../../../lib/http';

export async function createDriverMeal(body: DriverMealBody): Promise<DriverMeal> {
  const { data } = await api<DataResponse<DriverMeal>>('/driver-meals', {
    method: 'POST',
    body,
    toast: false,
  });
  return data;
}

export function useCreateDriverMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDriverMeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverMealKeys.lists() }),
  });
}
