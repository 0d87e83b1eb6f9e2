import type { DataResponse, DriverMeal } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverMealKeys } from '../../../api/driver-meals/keys';
import { api } from '../../../lib/http';

export type MealReview =
  | { id: number; decision: 'approve' }
  | { id: number; decision: 'reject'; reason: string };

/** Approves or rejects a driver's pending claim (409 when someone else decided first). */
export async function reviewDriverMeal(review: MealReview): Promise<DriverMeal> {
  const { data } = await api<DataResponse<DriverMeal>>(`/driver-meals/${review.id}/${review.decision}`, {
    method: 'POST',
    body: review.decision === 'reject' ? { reason: review.reason } : {},
  });
  return data;
}

export function useReviewDriverMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDriverMeal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: driverMealKeys.lists() }),
  });
}
