import type { ListResponse, Product } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from './keys';
import { updateProduct } from './update-product';

interface ToggleVariables {
  product: Product;
  show_on_menu: boolean;
}

/**
 * Switches a product on or off the menu (the one change a restaurant employee may make). The lists show
 * the new state at once and go back to the old one if the API refuses (its message shows as a toast).
 */
export function useToggleProduct(restaurantId: number) {
  const queryClient = useQueryClient();
  const lists = productKeys.restaurantLists(restaurantId);
  return useMutation({
    mutationFn: ({ product, show_on_menu }: ToggleVariables) => updateProduct(product.id, { show_on_menu }),
    onMutate: async ({ product, show_on_menu }) => {
      await queryClient.cancelQueries({ queryKey: lists });
      const previous = queryClient.getQueriesData<ListResponse<Product>>({ queryKey: lists });
      queryClient.setQueriesData<ListResponse<Product>>({ queryKey: lists }, (old) =>
        old ? { ...old, data: old.data.map((p) => (p.id === product.id ? { ...p, show_on_menu } : p)) } : old,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (product) => queryClient.setQueryData(productKeys.detail(product.id), product),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lists }),
  });
}
