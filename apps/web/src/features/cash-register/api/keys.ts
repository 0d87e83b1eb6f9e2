import type { EndShiftListParams } from './list-end-shift-requests';

/** Query keys of the cash register; invalidating `all` refreshes every list and request. */
export const endShiftKeys = {
  all: ['end-shift-requests'] as const,
  lists: () => [...endShiftKeys.all, 'list'] as const,
  list: (query: EndShiftListParams) => [...endShiftKeys.lists(), query] as const,
  detail: (id: number) => [...endShiftKeys.all, 'detail', id] as const,
};
