import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@dostava/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams<S extends string = string> {
  page: number;
  per_page: number;
  sort: S;
  q: string;
}

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** A list's page, page size, sort and search as its URL says (a route's loader reads them too). */
export function parseListParams<S extends string>(
  searchParams: URLSearchParams,
  defaultSort: S,
  sorts: readonly S[],
): ListParams<S> {
  const sort = sorts.find((value) => value === searchParams.get('sort'));
  return {
    page: positiveInt(searchParams.get('page'), 1),
    per_page: positiveInt(searchParams.get('per_page'), DEFAULT_PER_PAGE, MAX_PER_PAGE),
    sort: sort ?? defaultSort,
    q: searchParams.get('q') ?? '',
  };
}

/**
 * A list screen's page, page size, sort and search, kept in the URL so a reload or a shared link
 * restores the view. `sorts` are the API's accepted sort values; anything else falls back to the default.
 */
export function useListParams<S extends string>(options: { defaultSort: NoInfer<S>; sorts: readonly S[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { defaultSort, sorts } = options;

  const params = useMemo(
    () => parseListParams(searchParams, defaultSort, sorts),
    [searchParams, defaultSort, sorts],
  );

  const setParams = useCallback(
    // Any text: the kit's sort headers hand over strings; a sort this list does not take reads as its default.
    (changes: Partial<ListParams>) => {
      setSearchParams(
        () => {
          // The address bar, not this render's copy (react-router hands the functional form the same
          // stale params): a second change made before the re-render would otherwise drop the first.
          const next = new URLSearchParams(window.location.search);
          // A new search, sort or page size starts again from the first page.
          const resetPage = 'q' in changes || 'sort' in changes || 'per_page' in changes;
          const merged = { ...changes, ...(resetPage && !('page' in changes) ? { page: 1 } : {}) };
          for (const [key, value] of Object.entries(merged)) {
            const isDefault =
              (key === 'page' && value === 1) ||
              (key === 'per_page' && value === DEFAULT_PER_PAGE) ||
              (key === 'sort' && value === defaultSort) ||
              value === '';
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, defaultSort],
  );

  return { params, setParams };
}
