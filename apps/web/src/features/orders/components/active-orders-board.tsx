import { can } from '@dostava/shared';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { useCurrentUser } from '../../../lib/session';
import { useNow } from '../../../lib/use-now';
import {
  boardCountsQueryOptions,
  ordersQueryOptions,
  useBoardCounts,
  useDispatchSuggestions,
  useOrders,
} from '../api/orders';
import { emptyBoardKey } from '../board/board-query';
import { orderView } from '../board/order-view';
import { useBoardQuery, useElementWidth, useListFollowsSuggestions } from '../board/use-board-query';
import { useChangedSince } from '../live/lag';
import { useSuggestionRefresh } from '../live/suggestion-refresh';
import { useOrderEvents, useReconciliation } from '../live/use-order-events';
import { BoardCards } from './board-cards';
import { BoardLanes, OnlySuggestedSwitch, SearchNote } from './board-lanes';
import { BoardPagination } from './board-pagination';
import { BoardSummary } from './board-summary';
import { BoardTable } from './board-table';
import { BoardToolbar } from './board-toolbar';
import { DispatchModeChip, modeOf, needsDriver } from './dispatch-line';
import { LiveStatus } from './live-status';
import { SoundToggle } from './sound-toggle';
import { useCountsCue, useNewOrderCue } from './use-order-cues';

/** While the live stream is down the board polls instead. */
const FALLBACK_POLL_MS = 20_000;
/** Below this width the board shows a card per order instead of a table row. */
const TABLE_MIN_WIDTH = 900;

interface ActiveOrdersBoardProps {
  /** 'restaurant': the own restaurant's kitchen view, with the new-order and late cues. */
  variant: 'dispatch' | 'restaurant';
  label: string;
}

/**
 * The live board of active orders: lanes with live counts, most urgent first, paged on the server,
 * filtered by restaurant and driver, searched by order number (a dispatcher's search reaches the
 * recent delivered ones too). One banner sums up what needs a hand; rows fit one line at desktop width
 * and become cards on a phone. What it asks is `board/board-query.ts`; what it shows of an order,
 * `board/order-view.ts`.
 */
export function ActiveOrdersBoard({ variant, label }: ActiveOrdersBoardProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const dispatch = variant === 'dispatch';
  const cue = useNewOrderCue(variant);
  const stream = useOrderEvents(cue.onEvent);
  const poll = stream.status === 'reconnecting' ? FALLBACK_POLL_MS : false;
  // The events move rows and counts in place; what they cannot say is read every 30 s.
  useReconciliation(stream.status === 'connected');
  const mayDispatch = can(me, 'orders.dispatch');
  const board = useBoardQuery(dispatch, mayDispatch);
  const { lane, restaurantId, searching, onlySuggested, suggestSort } = board;
  const list = useOrders(board.list, { refetchInterval: poll });
  const counts = useBoardCounts(board.counts, { refetchInterval: poll });
  const changedSince = useChangedSince([
    ordersQueryOptions(board.list).queryKey,
    boardCountsQueryOptions(board.counts).queryKey,
  ]);
  const now = useNow();
  const rows = list.data?.data;
  const suggesting =
    suggestSort ||
    (dispatch && mayDispatch && (rows ?? []).some((row) => modeOf(row) === 'suggest' && needsDriver(row)));
  useSuggestionRefresh(suggesting);
  const suggestions = useDispatchSuggestions(suggesting).data;
  useListFollowsSuggestions(suggestSort && !searching, suggestions, list.refetch);
  useCountsCue(
    variant,
    counts.isPlaceholderData ? undefined : counts.data,
    JSON.stringify([restaurantId, board.driverId]),
  );
  // A restaurant filter names its restaurant from the counts (a dispatcher may not read restaurants).
  const unknownRestaurant =
    restaurantId !== undefined && !counts.isPlaceholderData && counts.data?.restaurant === null;
  const [container, width] = useElementWidth();
  // A phone: the header, the summary and the filters take as little height as they can (orders first).
  const phone = width > 0 && width < 600;
  // Not measured yet (before the first paint): neither view, rather than one rendered and thrown away.
  const layout = width === 0 ? null : width >= TABLE_MIN_WIDTH ? 'table' : 'cards';
  const views = useMemo(
    () =>
      rows?.map((order) =>
        orderView(order, {
          now,
          t,
          showRestaurant: dispatch,
          mayDispatch,
          highlighted: cue.highlighted,
          suggestions,
        }),
      ),
    [rows, now, t, dispatch, mayDispatch, cue.highlighted, suggestions],
  );

  return (
    <Box ref={container}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 1,
          flexWrap: phone ? 'nowrap' : 'wrap',
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <LiveStatus stream={stream} updatedAt={list.dataUpdatedAt} changedSince={changedSince} />
          {board.settings ? <DispatchModeChip mode={board.settings.mode} /> : null}
        </Stack>
        <SoundToggle compact={phone} />
      </Stack>
      <BoardSummary audience={variant} counts={counts.data} onLane={board.goToLane} compact={phone} />
      <BoardToolbar
        compact={phone}
        dispatch={dispatch}
        params={board.params}
        setParams={board.setParams}
        restaurantId={board.filters.restaurant_id}
        restaurantName={counts.isPlaceholderData ? null : (counts.data?.restaurant?.name ?? null)}
        driverId={board.driverId}
        zoneId={board.zoneId}
        setFilter={board.setFilter}
      />
      {suggestSort && !searching ? (
        <OnlySuggestedSwitch
          checked={onlySuggested}
          // Back to the first page (setFilter drops the page).
          onChange={(on) => board.setFilter('suggested', on ? 'true' : '')}
        />
      ) : null}
      {searching ? (
        <SearchNote dispatch={dispatch} total={list.data?.meta.total ?? 0} />
      ) : (
        <BoardLanes lane={lane} counts={counts.data} onLane={board.goToLane} />
      )}
      {unknownRestaurant ? (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={() => board.setFilter('restaurant_id', '')}>
              {t('orders.all_restaurants')}
            </Button>
          }
        >
          {t('orders.unknown_restaurant', { id: restaurantId })}
        </Alert>
      ) : list.isError && !rows ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : views && views.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 4, px: 2, mb: 2, textAlign: 'center' }}>
          <Typography color="text.secondary">{t(emptyBoardKey(board))}</Typography>
        </Paper>
      ) : layout === 'table' ? (
        <BoardTable label={label} views={views} showRestaurant={dispatch} riskLane={lane === 'at_risk'} />
      ) : layout === 'cards' ? (
        <BoardCards label={label} views={views} />
      ) : null}
      {list.data && list.data.meta.total > 0 ? (
        <BoardPagination
          total={list.data.meta.total}
          stale={list.isPlaceholderData}
          page={board.params.page}
          perPage={board.perPage}
          setParams={board.setParams}
        />
      ) : null}
    </Box>
  );
}
