import type { BoardCounts, DataResponse } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

/** The filters of GET /orders/lanes (the same as the board's list). */
export interface BoardCountsParams {
  restaurant_id?: number;
  driver_id?: number;
  q?: string;
}

export function getBoardCounts(query: BoardCountsParams, signal?: AbortSignal) {
  return api<DataResponse<BoardCounts>>('/orders/lanes', { query: { ...query }, signal }).then((r) => r.data);
}

export const boardCountsQueryOptions = (query: BoardCountsParams) =>
  queryOptions({
    queryKey: orderKeys.lanes(query),
    queryFn: ({ signal }) => getBoardCounts(query, signal),
    placeholderData: keepPreviousData,
  });

/** The board's lane counts; `refetchInterval` only while the live stream is down. */
export function useBoardCounts(query: BoardCountsParams, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...boardCountsQueryOptions(query), refetchInterval: options.refetchInterval ?? false });
}
