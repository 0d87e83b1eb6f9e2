import type { BoardLane, DispatchSuggestion } from '@dostava/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { lastDispatchMode, useDispatchSettings } from '../../../api/dispatch/dispatch';
import { useListParams } from '../../../lib/list-params';
import { useUrlFilters } from '../../../lib/url-filters';
import { BOARD_DEFAULT_SORT, BOARD_FILTERS, BOARD_SORTS, boardQuery } from './board-query';

/**
 * The board's query, derived from its URL (lane, filters, page, search) and the operation's dispatch
 * mode, with the setters the toolbar, the lanes and the pagination use.
 */
export function useBoardQuery(dispatch: boolean, mayDispatch: boolean) {
  const { params, setParams } = useListParams({ defaultSort: BOARD_DEFAULT_SORT, sorts: BOARD_SORTS });
  const { filters, setFilter } = useUrlFilters(BOARD_FILTERS);
  // Dispatch's mode and suggestions: the operation's board only (the kitchen's board leaves them out).
  const settings = useDispatchSettings(dispatch && mayDispatch).data;
  // Until the settings answer, the mode last seen here (the list the route's loader asked for).
  const mode = settings?.mode ?? (dispatch && mayDispatch ? lastDispatchMode() : undefined);
  const query = boardQuery({ params, filters, dispatch, mayDispatch, mode });
  const goToLane = useCallback(
    (next: BoardLane) => {
      setParams({ q: '', page: 1 });
      setFilter('lane', next === 'all' ? '' : next);
    },
    [setParams, setFilter],
  );
  return { ...query, params, setParams, filters, setFilter, goToLane, settings };
}

/**
 * The list sorted by suggestion is asked again when the orders with a suggestion change: a driver
 * coming free moves the suggestions without any order event (which is what refreshes such a list).
 */
export function useListFollowsSuggestions(
  enabled: boolean,
  suggestions: ReadonlyMap<number, DispatchSuggestion> | undefined,
  refetch: () => unknown,
) {
  const key = suggestions ? [...suggestions.keys()].sort((a, b) => a - b).join(',') : null;
  const seen = useRef(key);
  useEffect(() => {
    if (key === null || key === seen.current) return;
    const first = seen.current === null;
    seen.current = key;
    if (enabled && !first) void refetch();
  }, [enabled, key, refetch]);
}

/**
 * The width of an element, followed as it resizes (the sidebar opens, the window narrows); 0 until
 * measured. Measured before the first paint, so that the board renders its rows once, as a table or
 * as cards, and not as cards first (every row twice on every page load: issue 34).
 */
export function useElementWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
