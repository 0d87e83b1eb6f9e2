import type { Category } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../api/categories/keys';
import { api } from '../../../lib/http';

/** Saves the whole order (every category id once, first to last) in one transaction. */
export function reorderCategories(ids: number[]): Promise<{ message: string }> {
  return api<{ message: string }>('/categories/positions', { method: 'PUT', body: { ids } });
}

/**
 * Reorders optimistically: the unfiltered list shows the new order at once and goes back to the old
 * one if the API refuses (the HTTP client shows the API's message as a toast).
 */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const key = categoryKeys.list('');
  return useMutation({
    mutationKey: [...categoryKeys.all, 'reorder'],
    // Quick moves one after another are saved one after another, in the order they were made.
    scope: { id: 'category-order' },
    mutationFn: (ordered: Category[]) => reorderCategories(ordered.map((c) => c.id)),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: categoryKeys.lists() });
      const previous = queryClient.getQueryData<Category[]>(key);
      queryClient.setQueryData<Category[]>(
        key,
        ordered.map((c, index) => ({ ...c, position: index + 1 })),
      );
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      // Refetch after the last queued move only, so an earlier answer does not undo a later move.
      if (queryClient.isMutating({ mutationKey: [...categoryKeys.all, 'reorder'] }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
