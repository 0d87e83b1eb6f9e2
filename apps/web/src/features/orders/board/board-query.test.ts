import { describe, expect, it } from 'vitest';
import type { ListParams } from '../../../lib/list-params';
import { type BoardQueryInput, boardQuery, emptyBoardKey } from './board-query';

const params = (changes: Partial<ListParams> = {}): ListParams => ({
  page: 1,
  per_page: 20,
  sort: 'urgency',
  q: '',
  ...changes,
});
const noFilters = { lane: '', restaurant_id: '', driver_id: '', zone_id: '', suggested: '' };
const input = (changes: Partial<BoardQueryInput> = {}): BoardQueryInput => ({
  params: params(),
  filters: noFilters,
  dispatch: true,
  mayDispatch: true,
  mode: 'manual',
  ...changes,
});

describe('boardQuery', () => {
  it('reads every active order by urgency on the first of its own page sizes', () => {
    const query = boardQuery(input());
    expect(query.lane).toBe('all');
    expect(query.perPage).toBe(25);
    expect(query.list).toEqual({
      page: 1,
      per_page: 25,
      sort: 'urgency',
      lane: 'all',
      restaurant_id: undefined,
      driver_id: undefined,
      zone_id: undefined,
    });
    expect(query.counts).toEqual({ restaurant_id: undefined, driver_id: undefined, zone_id: undefined });
  });

  it('keeps a page size it offers and the filters as numbers, in the list and the counts alike', () => {
    const query = boardQuery(
      input({
        params: params({ per_page: 50, page: 3 }),
        filters: { ...noFilters, restaurant_id: '7', driver_id: '9', zone_id: '4' },
      }),
    );
    expect(query.list).toMatchObject({ page: 3, per_page: 50, restaurant_id: 7, driver_id: 9, zone_id: 4 });
    expect(query.counts).toEqual({ restaurant_id: 7, driver_id: 9, zone_id: 4 });
  });

  it('sorts the at-risk lane by risk, and suggest mode by suggestion', () => {
    expect(boardQuery(input({ filters: { ...noFilters, lane: 'at_risk' } })).list.sort).toBe('risk');
    expect(boardQuery(input({ filters: { ...noFilters, lane: 'at_risk' }, mode: 'suggest' })).list.sort).toBe(
      'risk',
    );
    expect(boardQuery(input({ mode: 'suggest' })).list.sort).toBe('suggestion');
    expect(boardQuery(input({ mode: 'automatic' })).list.sort).toBe('urgency');
  });

  it('shows only the suggested orders to who may dispatch, on the operation’s board', () => {
    const suggested = { ...noFilters, suggested: 'true' };
    const query = boardQuery(input({ filters: suggested }));
    expect(query.onlySuggested).toBe(true);
    expect(query.suggestSort).toBe(true);
    expect(query.list).toMatchObject({ suggested: true, sort: 'suggestion' });
    for (const other of [
      input({ filters: suggested, mayDispatch: false }),
      input({ filters: suggested, dispatch: false }),
    ]) {
      const refused = boardQuery(other);
      expect(refused.onlySuggested).toBe(false);
      expect(refused.suggestSort).toBe(false);
      expect(refused.list).not.toHaveProperty('suggested');
    }
    expect(boardQuery(input({ mode: 'suggest', mayDispatch: false })).list.sort).toBe('urgency');
  });

  it('searches every lane newest first; the kitchen’s search stays in the active orders', () => {
    const searched = params({ q: 'D1126' });
    const dispatch = boardQuery(input({ params: searched, filters: { ...noFilters, lane: 'problems' } }));
    expect(dispatch.searching).toBe(true);
    expect(dispatch.list).toEqual({
      page: 1,
      per_page: 25,
      sort: '-created_at',
      q: 'D1126',
      restaurant_id: undefined,
      driver_id: undefined,
    });
    expect(boardQuery(input({ params: searched, dispatch: false })).list).toMatchObject({ active: true });
    expect(boardQuery(input({ params: params({ q: '   ' }) })).searching).toBe(false);
  });
});

describe('emptyBoardKey', () => {
  it('says why the board is empty', () => {
    expect(emptyBoardKey({ searching: true, onlySuggested: true, lane: 'new' })).toBe('common.not_found');
    expect(emptyBoardKey({ searching: false, onlySuggested: true, lane: 'new' })).toBe('orders.no_suggested');
    expect(emptyBoardKey({ searching: false, onlySuggested: false, lane: 'all' })).toBe('orders.no_active');
    expect(emptyBoardKey({ searching: false, onlySuggested: false, lane: 'new' })).toBe('orders.lane_empty');
  });
});
