import type { Category, CategoryBody } from '@dostava/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allCategoriesKey } from '../../../api/categories/categories';
import { $api, client, isReadOf, quiet, readsChangedBy, refresh, useWrite } from '../../../lib/api-client';

const categoryOptions = (id: number) =>
  $api.queryOptions('get', '/api/categories/{id}', { params: { path: { id } } }, { meta: quiet });

export function useCategory(id: number) {
  return useQuery({
    ...categoryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    select: (answer) => answer.data,
  });
}

export const useCreateCategory = () =>
  useWrite('post', '/api/categories', (body: CategoryBody) => ({ body }), { quiet: true });

export const useUpdateCategory = (id: number) =>
  useWrite(
    'patch',
    '/api/categories/{id}',
    (body: Partial<CategoryBody>) => ({ params: { path: { id } }, body }),
    {
      quiet: true,
      onSuccess: (answer, _body, queryClient) =>
        queryClient.setQueryData(categoryOptions(id).queryKey, answer),
    },
  );

/** Refused with 409 `category_in_use` (its message names how many products use it; shown as the toast). */
export const useDeleteCategory = () =>
  useWrite('delete', '/api/categories/{id}', (id: number) => ({ params: { path: { id } } }), {
    onSuccess: (_answer, id, queryClient) =>
      queryClient.removeQueries({ queryKey: categoryOptions(id).queryKey }),
  });

const REORDER = ['put', '/api/categories/positions'] as const;

/**
 * Saves the whole order (every category id once, first to last) in one transaction, optimistically: the
 * unfiltered list shows the new order at once and goes back to the old one if the API refuses (its
 * message shows as a toast).
 */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const key = allCategoriesKey('');
  return useMutation({
    mutationKey: REORDER,
    // Quick moves one after another are saved one after another, in the order they were made.
    scope: { id: 'category-order' },
    mutationFn: (ordered: Category[]) =>
      client.PUT('/api/categories/positions', { body: { ids: ordered.map((c) => c.id) } }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ predicate: (query) => isReadOf(query.queryKey, '/api/categories') });
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
      if (queryClient.isMutating({ mutationKey: REORDER }) > 1) return;
      return refresh(queryClient, readsChangedBy('put', '/api/categories/positions'));
    },
  });
}
