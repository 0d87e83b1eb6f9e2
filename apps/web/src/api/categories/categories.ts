import { MAX_PER_PAGE } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, client } from '../../lib/api-client';

type Category = Answer<'get', '/api/categories'>['data'][number];

/**
 * The cache key of every category matching `q`, in position order: a read of `/api/categories` (the
 * writes' refreshes reach it), all pages in one entry.
 */
export const allCategoriesKey = (q: string) => ['get', '/api/categories', { all: true, q }] as const;

/**
 * Every category (optionally matching `q`) in position order. Categories are operation-wide and few;
 * the whole order is needed to reorder them and to offer them in the product form, so all pages are read.
 */
async function listAllCategories(q: string, signal: AbortSignal): Promise<Category[]> {
  const all: Category[] = [];
  for (let page = 1; ; page++) {
    const { data: answer } = await client.GET('/api/categories', {
      params: { query: { page, per_page: MAX_PER_PAGE, sort: 'position', q: q || undefined } },
      signal,
    });
    if (!answer) return all;
    all.push(...answer.data);
    if (answer.data.length === 0 || all.length >= answer.meta.total) return all;
  }
}

export const categoriesQueryOptions = (q = '') =>
  queryOptions({
    queryKey: allCategoriesKey(q),
    queryFn: ({ signal }) => listAllCategories(q, signal),
    placeholderData: keepPreviousData,
  });

export function useCategories(q = '') {
  return useQuery(categoriesQueryOptions(q));
}
