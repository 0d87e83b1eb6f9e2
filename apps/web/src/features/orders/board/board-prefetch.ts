import { type CurrentUser, can, type DispatchMode } from '@dostava/shared';
import type { QueryClient } from '@tanstack/react-query';
import {
  dispatchSettingsQueryOptions,
  lastDispatchMode,
  rememberDispatchMode,
} from '../../../api/dispatch/dispatch';
import { parseListParams } from '../../../lib/list-params';
import { parseUrlFilters } from '../../../lib/url-filters';
import { boardCountsQueryOptions, ordersQueryOptions } from '../api/orders';
import { BOARD_DEFAULT_SORT, BOARD_FILTERS, BOARD_SORTS, boardQuery } from './board-query';

/**
 * The operation board's first page and lane counts, asked for by its route's loader beside the page's
 * chunk (issue 34): the board's own queries then find them answered or in flight (the same keys, from
 * the same URL and dispatch mode), and its first render shows the orders rather than a skeleton.
 */
export async function prefetchBoard(queryClient: QueryClient, url: string, user: CurrentUser) {
  const searchParams = new URL(url).searchParams;
  const mayDispatch = can(user, 'orders.dispatch');
  const ask = (mode: DispatchMode | undefined) => {
    const query = boardQuery({
      params: parseListParams(searchParams, BOARD_DEFAULT_SORT, BOARD_SORTS),
      filters: parseUrlFilters(searchParams, BOARD_FILTERS),
      dispatch: true,
      mayDispatch,
      mode,
    });
    return Promise.all([
      queryClient.prefetchQuery(ordersQueryOptions(query.list)),
      queryClient.prefetchQuery(boardCountsQueryOptions(query.counts)),
    ]);
  };
  if (!mayDispatch) return ask(undefined);
  // The list's order follows the dispatch mode (suggest mode puts suggested orders first): the mode
  // last seen here is asked with at once, and the list again only if the settings say otherwise.
  const guess = lastDispatchMode();
  const asked = guess ? ask(guess) : undefined;
  const { mode } = (await queryClient.fetchQuery(dispatchSettingsQueryOptions())).data;
  rememberDispatchMode(mode);
  await Promise.all([asked, mode === guess ? undefined : ask(mode)]);
}
