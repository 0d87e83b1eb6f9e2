import { type Category, type ListResponse, MAX_PER_PAGE } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { categoryKeys } from './keys';

/**
 * Every category (optionally matching `q`) in position order. Categories are operation-wide and few;
 * the whole order is needed to reorder them and to offer them in the product form, so all pages are read.
 */
export async function listAllCategories(q: string, signal?: AbortSignal): Promise<Category[]> {
  const all: Category[] = [];
  for (let page = 1; ; page++) {
    const { data, meta } = await api<ListResponse<Category>>('/categories', {
      query: { page, per_page: MAX_PER_PAGE, sort: 'position', q: q || undefined },
      signal,
    });
    all.push(...data);
    if (data.length === 0 || all.length >= meta.total) return all;
  }
}

export const categoriesQueryOptions = (q = '') =>
  queryOptions({
    queryKey: categoryKeys.list(q),
    queryFn: ({ signal }) => listAllCategories(q, signal),
    placeholderData: keepPreviousData,
  });

export function useCategories(q = '') {
  return useQuery(categoriesQueryOptions(q));
}
