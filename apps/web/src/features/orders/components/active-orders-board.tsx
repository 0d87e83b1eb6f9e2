import {
  BOARD_LANES,
  type BoardCounts,
  type BoardLane,
  can,
  type DispatchSuggestion,
  formatMoney,
  type OrderListItem,
} from '@dostava/shared';
import FilterListIcon from '@mui/icons-material/FilterList';
import {
  Alert,
  AlertTitle,
  alpha,
  Badge,
  Box,
  Button,
  Chip,
  darken,
  FormControlLabel,
  IconButton,
  Link as MuiLink,
  Paper,
  Skeleton,
  Stack,
  Switch,
  type SxProps,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  type Theme,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDispatchSettings } from '../../../api/dispatch/dispatch';
import { ErrorState } from '../../../components/error-state';
import { FilterBar, SearchFilter } from '../../../components/list-filters';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import { RestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { currentLanguage } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import { useNow } from '../../../lib/use-now';
import {
  boardCountsQueryOptions,
  type OrderListParams,
  ordersQueryOptions,
  useBoardCounts,
  useDispatchSuggestions,
  useOrders,
} from '../api/orders';
import type { BoardAudience } from '../live/cues';
import { useChangedSince } from '../live/lag';
import { useSuggestionRefresh } from '../live/suggestion-refresh';
import { useOrderEvents, useReconciliation } from '../live/use-order-events';
import { AssignDriverDialog } from './assign-driver-dialog';
import {
  DispatchLine,
  DispatchLockButton,
  DispatchModeChip,
  hasDispatchLine,
  modeOf,
  needsDriver,
} from './dispatch-line';
import { WRAP_LANES } from './lane-tabs-sx';
import { LiveStatus } from './live-status';
import { RiskChip } from './order-eta';
import { OrderStatusChip } from './order-status-chip';
import { ASSIGNABLE_STATUSES, formatMinutes, type Lateness, lateness, minutesSince } from './order-time';
import { personName } from './orders-table';
import { SoundToggle } from './sound-toggle';
import { StatusActions } from './status-actions';
import { useCountsCue, useNewOrderCue } from './use-order-cues';

/** While the live stream is down the board polls instead. */
const FALLBACK_POLL_MS = 20_000;
const PAGE_SIZES = [25, 50, 100];
const BOARD_SORTS = ['urgency'];
/** Below this width the board shows a card per order instead of a table row. */
const TABLE_MIN_WIDTH = 900;

const FILTERS = {
  lane: oneOf(BOARD_LANES),
  restaurant_id: positiveId,
  driver_id: positiveId,
  // Suggest mode: only the orders dispatch suggests a driver for.
  suggested: oneOf(['true']),
};

interface ActiveOrdersBoardProps {
  /** 'restaurant': the own restaurant's kitchen view, with the new-order and late cues. */
  variant: 'dispatch' | 'restaurant';
  label: string;
}

/**
 * The live board of active orders: lanes with live counts, most urgent first, paged on the server,
 * filtered by restaurant and driver, searched by order number (a dispatcher's search reaches the
 * recent delivered ones too). One banner sums up what needs a hand; rows fit one line at desktop width
 * and become cards on a phone.
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
  const { params, setParams } = useListParams({ defaultSort: 'urgency', sorts: BOARD_SORTS });
  const { filters, setFilter } = useUrlFilters(FILTERS);
  const lane = (filters.lane || 'all') as BoardLane;
  const restaurantId = filters.restaurant_id ? Number(filters.restaurant_id) : undefined;
  const driverId = filters.driver_id ? Number(filters.driver_id) : undefined;
  const perPage = PAGE_SIZES.includes(params.per_page) ? params.per_page : PAGE_SIZES[0];
  const mayDispatch = can(me, 'orders.dispatch');
  // Dispatch's mode and suggestions: the operation's board only (the kitchen's board leaves them out).
  const settings = useDispatchSettings(dispatch && mayDispatch);
  // Suggest mode: the orders with a suggestion come first, and may be shown alone (issue 33: at
  // saturation the few with a driver are not lost among hundreds without one).
  const onlySuggested = dispatch && mayDispatch && filters.suggested === 'true';
  const suggestSort = dispatch && mayDispatch && (settings.data?.mode === 'suggest' || onlySuggested);
  // A search looks at every lane; a dispatcher's also reaches the recent orders that are done.
  const searching = params.q.trim() !== '';
  const query: OrderListParams = searching
    ? {
        page: params.page,
        per_page: perPage,
        sort: '-created_at',
        q: params.q,
        restaurant_id: restaurantId,
        driver_id: driverId,
        ...(dispatch ? {} : { active: true }),
      }
    : {
        page: params.page,
        per_page: perPage,
        // The at-risk lane: the order predicted to miss its promise by the most first.
        sort: lane === 'at_risk' ? 'risk' : suggestSort ? 'suggestion' : 'urgency',
        lane,
        restaurant_id: restaurantId,
        driver_id: driverId,
        ...(onlySuggested ? { suggested: true } : {}),
      };
  const list = useOrders(query, { refetchInterval: poll });
  const countsQuery = { restaurant_id: restaurantId, driver_id: driverId };
  const counts = useBoardCounts(countsQuery, { refetchInterval: poll });
  const changedSince = useChangedSince([
    ordersQueryOptions(query).queryKey,
    boardCountsQueryOptions(countsQuery).queryKey,
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
    JSON.stringify([restaurantId, driverId]),
  );
  // A restaurant filter names its restaurant from the counts (a dispatcher may not read restaurants).
  const unknownRestaurant =
    restaurantId !== undefined && !counts.isPlaceholderData && counts.data?.restaurant === null;
  const [container, width] = useElementWidth();
  const asTable = width >= TABLE_MIN_WIDTH;
  // A phone: the header, the summary and the filters take as little height as they can (orders first).
  const phone = width > 0 && width < 600;

  const goToLane = (next: BoardLane) => {
    setParams({ q: '', page: 1 });
    setFilter('lane', next === 'all' ? '' : next);
  };

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
          {settings.data ? <DispatchModeChip mode={settings.data.mode} /> : null}
        </Stack>
        <SoundToggle compact={phone} />
      </Stack>
      <BoardSummary audience={variant} counts={counts.data} onLane={goToLane} compact={phone} />
      <BoardToolbar
        compact={phone}
        dispatch={dispatch}
        params={params}
        setParams={setParams}
        restaurantId={filters.restaurant_id}
        restaurantName={counts.isPlaceholderData ? null : (counts.data?.restaurant?.name ?? null)}
        driverId={driverId}
        setFilter={setFilter}
      />
      {suggestSort && !searching ? (
        <FormControlLabel
          sx={{ mb: 1, ml: 0 }}
          control={
            <Switch
              size="small"
              checked={onlySuggested}
              // Back to the first page (setFilter drops the page).
              onChange={(event) => setFilter('suggested', event.target.checked ? 'true' : '')}
            />
          }
          label={t('orders.only_suggested')}
        />
      ) : null}
      {searching ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {dispatch
            ? t('orders.search_recent', { count: list.data?.meta.total ?? 0 })
            : t('orders.search_active', { count: list.data?.meta.total ?? 0 })}
        </Alert>
      ) : (
        <Tabs
          value={lane}
          onChange={(_event, next: BoardLane) => goToLane(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('orders.lanes_label')}
          sx={{ mb: 1.5, borderBottom: 1, borderColor: 'divider', minHeight: 40, ...WRAP_LANES }}
        >
          {BOARD_LANES.map((key) => (
            <Tab
              key={key}
              value={key}
              sx={{ minHeight: 40, py: 0.5, px: 1.5, textTransform: 'none' }}
              label={
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                  <span>{t(`orders.lanes.${key}`)}</span>
                  <Chip
                    size="small"
                    label={counts.data ? counts.data[key] : '…'}
                    color={key === 'problems' && (counts.data?.problems ?? 0) > 0 ? 'error' : 'default'}
                    sx={(theme) => ({
                      height: 20,
                      '& .MuiChip-label': { px: 0.75 },
                      ...(key === 'at_risk' && (counts.data?.at_risk ?? 0) > 0
                        ? { color: '#fff', bgcolor: darken(theme.palette.warning.main, 0.4) }
                        : {}),
                    })}
                  />
                </Stack>
              }
            />
          ))}
        </Tabs>
      )}
      {unknownRestaurant ? (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={() => setFilter('restaurant_id', '')}>
              {t('orders.all_restaurants')}
            </Button>
          }
        >
          {t('orders.unknown_restaurant', { id: restaurantId })}
        </Alert>
      ) : list.isError && !rows ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : rows && rows.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 4, px: 2, mb: 2, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {searching
              ? t('common.not_found')
              : onlySuggested
                ? t('orders.no_suggested')
                : lane === 'all'
                  ? t('orders.no_active')
                  : t('orders.lane_empty')}
          </Typography>
        </Paper>
      ) : asTable ? (
        <BoardTable
          label={label}
          rows={rows}
          now={now}
          highlighted={cue.highlighted}
          showRestaurant={dispatch}
          mayDispatch={mayDispatch}
          suggestions={suggestions}
          riskLane={lane === 'at_risk'}
        />
      ) : (
        <BoardCards
          label={label}
          rows={rows}
          now={now}
          highlighted={cue.highlighted}
          showRestaurant={dispatch}
          mayDispatch={mayDispatch}
          suggestions={suggestions}
        />
      )}
      {list.data && list.data.meta.total > 0 ? (
        <TablePagination
          component="div"
          count={list.data.meta.total}
          page={Math.max(0, params.page - 1)}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          showFirstButton
          showLastButton
          onPageChange={(_event, page) => setParams({ page: page + 1 })}
          onRowsPerPageChange={(event) => setParams({ per_page: Number(event.target.value) })}
          labelRowsPerPage={t('common.rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => t('orders.displayed_rows', { from, to, count })}
          getItemAriaLabel={(type) => t(`orders.page_${type}`)}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
        />
      ) : null}
    </Box>
  );
}

/**
 * The list sorted by suggestion is asked again when the orders with a suggestion change: a driver
 * coming free moves the suggestions without any order event (which is what refreshes such a list).
 */
function useListFollowsSuggestions(
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

/** The width of an element, followed as it resizes (the sidebar opens, the window narrows). */
function useElementWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * One banner for what this board's user must act on, with a way to each lane; never a toast per order.
 * Dispatch: problems (late or no answer) and orders ready without a driver. The kitchen: new orders to
 * accept (the "new" lane: one meaning of new) and its own late preparation, not dispatch's problems.
 */
function BoardSummary({
  audience,
  counts,
  onLane,
  compact,
}: {
  audience: BoardAudience;
  counts: BoardCounts | undefined;
  onLane: (lane: BoardLane) => void;
  /** A phone: the links alone (the colour and the links say it), no title line. */
  compact: boolean;
}) {
  const { t } = useTranslation();
  if (!counts) return null;
  const items: { key: string; lane: BoardLane; count: number; label: string }[] =
    audience === 'dispatch'
      ? [
          {
            key: 'problems',
            lane: 'problems',
            count: counts.problems,
            label: t('orders.summary_problems', { count: counts.problems, late: counts.late }),
          },
          {
            key: 'driver',
            lane: 'ready_no_driver',
            count: counts.ready_no_driver,
            label: t('orders.summary_no_driver', { count: counts.ready_no_driver }),
          },
        ]
      : [
          {
            key: 'new',
            lane: 'new',
            count: counts.new,
            label: t('orders.summary_new', { count: counts.new }),
          },
          {
            key: 'late',
            lane: 'problems',
            count: counts.late_preparation,
            label: t('orders.summary_late_preparation', { count: counts.late_preparation }),
          },
        ];
  const shown = items.filter((item) => item.count > 0);
  if (shown.length === 0) return null;
  const late = audience === 'dispatch' ? counts.late : counts.late_preparation;
  return (
    <Alert
      severity={late > 0 ? 'warning' : 'info'}
      sx={{ mb: 1.5, py: 0, '& .MuiAlert-message': { width: '100%', py: 0.75 } }}
      role="status"
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}>
        <AlertTitle sx={compact ? HIDDEN : { mb: 0, mr: 0.5 }}>{t('orders.summary_title')}</AlertTitle>
        {shown.map((item) => (
          <Button
            key={item.key}
            size="small"
            color="inherit"
            onClick={() => onLane(item.lane)}
            sx={{ textDecoration: 'underline', minHeight: 32 }}
          >
            {item.label}
          </Button>
        ))}
      </Stack>
    </Alert>
  );
}

function BoardToolbar({
  compact,
  dispatch,
  params,
  setParams,
  restaurantId,
  restaurantName,
  driverId,
  setFilter,
}: {
  dispatch: boolean;
  params: ReturnType<typeof useListParams>['params'];
  setParams: ReturnType<typeof useListParams>['setParams'];
  restaurantId: string;
  restaurantName: string | null;
  driverId: number | undefined;
  setFilter: (key: 'lane' | 'restaurant_id' | 'driver_id' | 'suggested', value: string) => void;
  /** A phone: the restaurant and driver filters open from a button beside the search (the orders come up). */
  compact: boolean;
}) {
  const { t } = useTranslation();
  const filtered = (restaurantId ? 1 : 0) + (driverId ? 1 : 0);
  const [open, setOpen] = useState(false);
  const showFilters = dispatch && (!compact || open || filtered > 0);
  return (
    <FilterBar
      mb={1.5}
      columns={{
        xs: dispatch ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr',
        lg: dispatch ? '2fr 1fr 1fr' : 'minmax(0, 420px)',
      }}
    >
      {/* On a phone the search has its row (with the filters' button) and the two filters the next. */}
      <Stack direction="row" sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' }, gap: 1, alignItems: 'center' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('orders.search_label')}
          placeholder={t('orders.board_search_placeholder')}
        />
        {dispatch && compact ? (
          <IconButton
            aria-label={t('orders.filters')}
            aria-expanded={showFilters}
            onClick={() => setOpen(!open)}
            sx={{ border: 1, borderColor: 'divider', width: 40, height: 40 }}
          >
            <Badge badgeContent={filtered} color="primary">
              <FilterListIcon />
            </Badge>
          </IconButton>
        ) : null}
      </Stack>
      {showFilters ? (
        <RestaurantPicker
          size="small"
          label={t('orders.restaurant')}
          placeholder={t('orders.all_restaurants')}
          value={restaurantId}
          name={restaurantName}
          onChange={(id) => setFilter('restaurant_id', id)}
        />
      ) : null}
      {showFilters ? (
        <DriverFilter
          value={driverId ? String(driverId) : ''}
          onChange={(id) => setFilter('driver_id', id)}
          label={t('orders.driver')}
        />
      ) : null}
    </FilterBar>
  );
}

const LATE_COLOR: Record<Exclude<Lateness, 'on_time'>, 'warning' | 'error'> = {
  late: 'warning',
  very_late: 'error',
};

/** The strip colour of a new or late order (row and card alike); the text label says why, not the colour. */
const toneOf = (theme: Theme, isNew: boolean, state: Lateness): string | null =>
  isNew ? theme.palette.info.main : state === 'on_time' ? null : theme.palette[LATE_COLOR[state]].main;

interface RowsProps {
  label: string;
  rows: OrderListItem[] | undefined;
  now: number;
  highlighted: ReadonlySet<number>;
  showRestaurant: boolean;
  mayDispatch: boolean;
  /** Suggest mode: the suggested driver of each order, by order id. */
  suggestions: ReadonlyMap<number, DispatchSuggestion> | undefined;
}

/** Read by screen readers, not drawn: a phone's banner keeps its name without the title's line. */
const HIDDEN = {
  position: 'absolute',
  // Strings: in sx a number up to 1 is a fraction (1 = 100%) and a margin a spacing step.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/**
 * The board's own table, not the DataTable kit: an order may take a second, full-width row under it
 * (its dispatch line: an offer, a suggestion, a lock), which the kit's one-row-per-record grid has no
 * place for; its order is the lane's (urgency, or risk in the at-risk lane), not a column the user
 * sorts; and rows carry the new-order highlight and waiting times that tick with `useNow`. (Live events
 * patching the cached page, live/board-cache.ts, would not stop the kit: it shows the rows it is given.)
 */
function BoardTable({
  label,
  rows,
  now,
  highlighted,
  showRestaurant,
  mayDispatch,
  suggestions,
  riskLane = false,
}: RowsProps & { riskLane?: boolean }) {
  const { t } = useTranslation();
  const columns = showRestaurant ? 8 : 7;
  return (
    <TableContainer component={Paper} variant="outlined">
      {/* Columns take their content's width: the restaurant, the status and the actions are never cut;
          the buyer and the driver give way first (in full on hover and in the order). */}
      <Table size="small" aria-label={label} sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('orders.order')}</TableCell>
            {showRestaurant ? <TableCell>{t('orders.restaurant')}</TableCell> : null}
            <TableCell sx={{ width: '100%' }}>{t('orders.buyer')}</TableCell>
            <TableCell>{t('orders.status')}</TableCell>
            <TableCell>{t('orders.in_status')}</TableCell>
            <TableCell>{t('orders.driver')}</TableCell>
            <TableCell align="right">{t('orders.total')}</TableCell>
            <TableCell>{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!rows
            ? [0, 1, 2, 3].map((index) => (
                <TableRow key={index}>
                  <TableCell colSpan={columns}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))
            : rows.map((order) => (
                <BoardRow
                  key={order.id}
                  order={order}
                  now={now}
                  isNew={highlighted.has(order.id)}
                  showRestaurant={showRestaurant}
                  mayDispatch={mayDispatch}
                  suggestion={suggestions?.get(order.id)}
                  riskLane={riskLane}
                />
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface OrderViewProps {
  order: OrderListItem;
  now: number;
  isNew: boolean;
  showRestaurant: boolean;
  mayDispatch: boolean;
  suggestion: DispatchSuggestion | undefined;
}

/** Late or not (terminal orders never are), and how long the order has waited in its status. */
function useOrderView(order: OrderListItem, now: number) {
  const { t } = useTranslation();
  return {
    state: lateness(order, now),
    waiting: formatMinutes(minutesSince(order.status_changed_at, now), t),
  };
}

function LateChip({ state }: { state: Lateness }) {
  const { t } = useTranslation();
  if (state === 'on_time') return null;
  return (
    <Chip
      size="small"
      label={t(`orders.${state}`)}
      sx={(theme) => ({
        height: 22,
        color: '#fff',
        bgcolor: darken(theme.palette[LATE_COLOR[state]].main, state === 'late' ? 0.35 : 0.2),
      })}
    />
  );
}

function NewChip() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t('orders.new')}
      sx={(theme) => ({ height: 22, color: '#fff', bgcolor: darken(theme.palette.info.main, 0.3) })}
    />
  );
}

/** The order's number, linking to its page; the page's back link returns to this lane, page and filters. */
function OrderLink({ order, sx }: { order: OrderListItem; sx?: SxProps<Theme> }) {
  const location = useLocation();
  return (
    <MuiLink
      component={Link}
      to={`/orders/${order.id}`}
      state={{ back: `${location.pathname}${location.search}` }}
      sx={[{ fontWeight: 600 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {order.order_number}
    </MuiLink>
  );
}

function DriverCell({ order, mayDispatch }: { order: OrderListItem; mayDispatch: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const canAssign = mayDispatch && !order.driver && ASSIGNABLE_STATUSES.includes(order.status);
  if (order.driver) {
    const name = personName(order.driver);
    return (
      <Box component="span" title={name ?? undefined} sx={oneLine}>
        {name}
      </Box>
    );
  }
  if (!canAssign)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('orders.no_driver')}
      </Typography>
    );
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={t('orders.assign_to', { number: order.order_number })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('orders.assign')}
      </Button>
      {open ? <AssignDriverDialog order={order} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BoardRow({
  order,
  now,
  isNew,
  showRestaurant,
  mayDispatch,
  suggestion,
  riskLane,
}: OrderViewProps & { riskLane: boolean }) {
  const { state, waiting } = useOrderView(order, now);
  const buyer = personName(order.buyer) ?? '';
  // The operation's board says under the order what dispatch knows: a problem, an offer, a suggestion.
  const line = showRestaurant && hasDispatchLine(order, suggestion, mayDispatch);
  const columns = showRestaurant ? 8 : 7;
  const rowSx = (theme: Theme) => {
    const tone = toneOf(theme, isNew, state);
    return {
      bgcolor: tone ? alpha(tone, 0.05) : undefined,
      '& > td:first-of-type': tone ? { boxShadow: `inset 4px 0 0 ${tone}` } : undefined,
    };
  };
  return (
    <>
      <TableRow
        sx={(theme) => ({
          ...rowSx(theme),
          '& > td': { verticalAlign: 'middle', height: 44, ...(line ? { borderBottom: 0 } : {}) },
        })}
      >
        <TableCell>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <OrderLink order={order} sx={{ whiteSpace: 'nowrap' }} />
            {isNew && order.status === 'created' ? <NewChip /> : null}
          </Stack>
        </TableCell>
        {showRestaurant ? <TableCell>{order.restaurant.name}</TableCell> : null}
        <TableCell title={buyer} sx={{ maxWidth: 0, minWidth: 96 }}>
          <Box sx={oneLine}>{buyer}</Box>
        </TableCell>
        <TableCell>
          <OrderStatusChip status={order.status} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
            <span>{waiting}</span>
            <LateChip state={state} />
            {/* A late order already calls for attention: its risk reason is kept to the at-risk lane (and
                the order's page), so each row stays one line. */}
            {state === 'on_time' || riskLane ? <RiskChip reason={order.risk_reason} compact /> : null}
          </Stack>
        </TableCell>
        <TableCell sx={{ maxWidth: 160 }}>
          <Box sx={{ ...oneLine, display: 'flex' }}>
            <DriverCell order={order} mayDispatch={mayDispatch} />
          </Box>
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {formatMoney(order.total, currentLanguage())}
        </TableCell>
        <TableCell>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            {showRestaurant && mayDispatch ? <DispatchLockButton order={order} /> : null}
            <StatusActions order={order} compact />
          </Stack>
        </TableCell>
      </TableRow>
      {line ? (
        <TableRow sx={rowSx}>
          <TableCell colSpan={columns} sx={{ pt: 0, pb: 1, whiteSpace: 'normal' }}>
            <DispatchLine order={order} suggestion={suggestion} mayDispatch={mayDispatch} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

function BoardCards({ label, rows, now, highlighted, showRestaurant, mayDispatch, suggestions }: RowsProps) {
  if (!rows)
    return (
      <Stack spacing={1}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {rows.map((order) => (
        <BoardCard
          key={order.id}
          order={order}
          now={now}
          isNew={highlighted.has(order.id)}
          showRestaurant={showRestaurant}
          mayDispatch={mayDispatch}
          suggestion={suggestions?.get(order.id)}
        />
      ))}
    </Box>
  );
}

function BoardCard({ order, now, isNew, showRestaurant, mayDispatch, suggestion }: OrderViewProps) {
  const { t } = useTranslation();
  const { state, waiting } = useOrderView(order, now);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('orders.details_title', { number: order.order_number })}
      sx={(theme) => {
        const tone = toneOf(theme, isNew, state);
        return { p: 1.5, borderLeft: tone ? `4px solid ${tone}` : undefined };
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <OrderLink order={order} />
        <OrderStatusChip status={order.status} />
        {isNew && order.status === 'created' ? <NewChip /> : null}
        <LateChip state={state} />
        <RiskChip reason={order.risk_reason} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.75, ...oneLine }}>
        {[showRestaurant ? order.restaurant.name : null, personName(order.buyer)].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('orders.in_status')}: {waiting} · {formatMoney(order.total, currentLanguage())}
      </Typography>
      {showRestaurant && hasDispatchLine(order, suggestion, mayDispatch) ? (
        <Box sx={{ mt: 1 }}>
          <DispatchLine order={order} suggestion={suggestion} mayDispatch={mayDispatch} />
        </Box>
      ) : null}
      <Stack
        direction="row"
        sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 0, maxWidth: '55%', display: 'flex' }}>
          <DriverCell order={order} mayDispatch={mayDispatch} />
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          {showRestaurant && mayDispatch ? <DispatchLockButton order={order} /> : null}
          <StatusActions order={order} compact />
        </Stack>
      </Stack>
    </Paper>
  );
}
