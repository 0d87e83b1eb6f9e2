import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import type { ListParams } from './list-params';
import { useDebouncedValue } from './use-debounced-value';

/** A list's filters as its URL says: each one's value if it is allowed, else '' (loaders read them too). */
export function parseUrlFilters<K extends string>(
  searchParams: URLSearchParams,
  allowed: Record<K, (value: string) => boolean>,
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const key of Object.keys(allowed) as K[]) {
    const value = searchParams.get(key) ?? '';
    values[key] = value && allowed[key](value) ? value : '';
  }
  return values;
}

/**
 * A list screen's filters (beside page, sort and search of `useListParams`), kept in the URL so a reload
 * or a shared link restores them. Each filter accepts only its allowed values; anything else is ''.
 * Changing a filter starts again from the first page.
 */
export function useUrlFilters<K extends string>(allowed: Record<K, (value: string) => boolean>) {
  const [searchParams, setSearchParams] = useSearchParams();

  const filters = useMemo(() => parseUrlFilters(searchParams, allowed), [searchParams, allowed]);

  const setFilter = useCallback(
    (key: K, value: string) =>
      setSearchParams(
        () => {
          // The address bar, not this render's copy: a navigation runs as a transition, so a second
          // change made before the re-render would otherwise drop the first one.
          const next = new URLSearchParams(window.location.search);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { filters, setFilter };
}

/** Filter value checks for `useUrlFilters`. */
export const oneOf =
  (values: readonly string[]) =>
  (value: string): boolean =>
    values.includes(value);
export const positiveId = (value: string): boolean => /^[1-9][0-9]{0,9}$/.test(value);

/**
 * The text of a list's search box, debounced into the URL's `q`; a `q` that changes from elsewhere (the
 * header search opening `/drivers?q=…` on the drivers page itself) is put back into the box. It needs
 * a data router (`useNavigation`), as the app's is.
 */
export function useSearchInput(params: ListParams, setParams: (changes: Partial<ListParams>) => void) {
  const [search, setSearch] = useState(params.q);
  const debounced = useDebouncedValue(search.trim(), 350);
  const synced = useRef(params.q);
  // A link followed while the text waits (its screen's code still loading) wins: pushing `q` then would
  // navigate this list's path again and cancel the way out.
  const leaving = useNavigation().location?.pathname;
  const here = useLocation().pathname;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text is pushed; a new `q` from elsewhere (params.q) must not push the old text back, nor a cancelled way out (leaving) push it late.
  useEffect(() => {
    if (debounced === synced.current || (leaving !== undefined && leaving !== here)) return;
    synced.current = debounced;
    if (debounced !== params.q) setParams({ q: debounced });
  }, [debounced]);

  useEffect(() => {
    if (params.q === synced.current) return;
    synced.current = params.q;
    setSearch(params.q);
  }, [params.q]);

  return [search, setSearch] as const;
}
