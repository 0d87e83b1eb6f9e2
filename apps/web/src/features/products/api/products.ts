import type { Product, ProductBody, ProductListParams, ProductPatchBody, SnoozeBody } from '@dostava/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { $api, type Answer, client, quiet, readsChangedBy, refresh, useWrite } from '../../../lib/api-client';

type ProductList = Answer<'get', '/api/restaurants/{id}/products'>;

export function useProducts(restaurantId: number, { show_on_menu, ...query }: ProductListParams) {
  // On the wire a flag is the text of its value.
  const shown = show_on_menu === undefined ? undefined : show_on_menu ? 'true' : 'false';
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/restaurants/{id}/products',
      { params: { path: { id: restaurantId }, query: { ...query, show_on_menu: shown } } },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** Every cached list of one restaurant's products, whatever its page, sort or filters. */
export const productListsOf = (restaurantId: number) =>
  ['get', '/api/restaurants/{id}/products', { params: { path: { id: restaurantId } } }] as const;

const productKey = (id: number) =>
  $api.queryOptions('get', '/api/products/{id}', { params: { path: { id } } }).queryKey;

export function useProduct(id: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/products/{id}',
      { params: { path: { id } } },
      { meta: quiet, enabled: Number.isInteger(id) && id > 0, select: (answer) => answer.data },
    ),
  );
}

export const useCreateProduct = (restaurantId: number) =>
  useWrite(
    'post',
    '/api/restaurants/{id}/products',
    (body: ProductBody) => ({ params: { path: { id: restaurantId } }, body }),
    { quiet: true },
  );

/** The form's save: the form shows the refusal itself (useApiForm); the menu switch toasts. */
export const useUpdateProduct = (id: number) =>
  useWrite('patch', '/api/products/{id}', (body: ProductPatchBody) => ({ params: { path: { id } }, body }), {
    quiet: true,
    onSuccess: (answer, _body, queryClient) => queryClient.setQueryData(productKey(id), answer),
  });

export const useDeleteProduct = () =>
  useWrite('delete', '/api/products/{id}', (id: number) => ({ params: { path: { id } } }), {
    onSuccess: (_answer, id, queryClient) => queryClient.removeQueries({ queryKey: productKey(id) }),
  });

interface ToggleVariables {
  product: Product;
  show_on_menu: boolean;
}

/**
 * Switches a product on or off the menu (the one change a restaurant employee may make). The lists show
 * the new state at once and go back to the old one if the API refuses (its message shows as a toast);
 * either way they are read again.
 */
export function useToggleProduct(restaurantId: number) {
  const queryClient = useQueryClient();
  const lists = productListsOf(restaurantId);
  return useMutation({
    mutationFn: async ({ product, show_on_menu }: ToggleVariables) => {
      const { data, error } = await client.PATCH('/api/products/{id}', {
        params: { path: { id: product.id } },
        body: { show_on_menu },
      });
      if (error) throw error;
      return data;
    },
    onMutate: async ({ product, show_on_menu }) => {
      await queryClient.cancelQueries({ queryKey: lists });
      const previous = queryClient.getQueriesData<ProductList>({ queryKey: lists });
      queryClient.setQueriesData<ProductList>({ queryKey: lists }, (old) =>
        old ? { ...old, data: old.data.map((p) => (p.id === product.id ? { ...p, show_on_menu } : p)) } : old,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer) => queryClient.setQueryData(productKey(answer.data.id), answer),
    onSettled: () => refresh(queryClient, readsChangedBy('patch', '/api/products/{id}')),
  });
}

/**
 * Out of stock (issue 24): until the end of today, a chosen time, or until switched back (no body).
 * What it changes is read again whether it went through or not.
 */
export function useSnoozeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ product, body }: { product: Product; body: SnoozeBody | null }) => {
      const init = { params: { path: { id: product.id } } };
      const { data, error } = body
        ? await client.PUT('/api/products/{id}/snooze', { ...init, body })
        : await client.DELETE('/api/products/{id}/snooze', init);
      if (error) throw error;
      return data;
    },
    onSuccess: (answer) => queryClient.setQueryData(productKey(answer.data.id), answer),
    onSettled: (_answer, _error, { body }) =>
      refresh(queryClient, readsChangedBy(body ? 'put' : 'delete', '/api/products/{id}/snooze')),
  });
}
