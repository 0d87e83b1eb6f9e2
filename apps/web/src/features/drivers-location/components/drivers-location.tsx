import { DEFAULT_STALE_LOCATION_MINUTES, type DriverLocation, foldForSearch } from '@dostava/shared';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, InputAdornment, Paper, Skeleton, Tab, Tabs, TextField, Typography } from '@mui/material';
import { type ReactNode, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../api/app-config/get-app-config';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { eventStream, type StreamState } from '../../../lib/event-stream';
import { isApiError } from '../../../lib/http';
import { useNow } from '../../../lib/use-now';
import { useDriverLocations, useMapDriver, useOrderMap } from '../api/drivers-location';
import { isLocated } from '../live/driver-store';
import { useDriversMapLive } from '../live/use-drivers-map-live';
import type { MapLayer, MarkerLook } from '../map/map-view';
import { useMapView } from '../use-map-view';
import { DriverDetails, driverName, driverStateText, isStale, type MapOrder } from './driver-details';
import { DriverList } from './driver-list';
import { DriversMap } from './drivers-map';
import { OrderList, type OrderRowData, OrderSummary } from './order-list';
import { LayerToggles, MAP_STATES, MapLegend } from './state-badge';

const MAP_HEIGHT = { xs: 380, md: 'calc(100dvh - 300px)' };
/** Every word of the search in the driver's name or plate, case and accents aside (as the API searches). */
const matches = (driver: DriverLocation, q: string) => {
  const text = foldForSearch(
    `${driverName(driver)} ${driver.vehicle?.plate_number.replace(/[\s-]/g, '') ?? ''}`,
  );
  return foldForSearch(q)
    .split(/\s+/)
    .every((word) => text.includes(word.replace(/-/g, '')));
};
const NO_ORDERS: readonly MapOrder[] = [];

/**
 * The drivers map: every driver on shift on a live map, with the active orders' restaurants and
 * drop-off points, and lists to find and focus a driver or an order. Its live state is the store's
 * (live/driver-store.ts), its view is the URL's (use-map-view.ts).
 */
export interface DriversLocationProps {
  /** Whether an order is late at `now` (the orders' own rule: the route passes it in). */
  isLateAt: (order: MapOrder, now: number) => boolean;
  /** The stream's status line (the orders' own: the route passes it in). */
  liveStatus: (status: { stream: StreamState; updatedAt: number }) => ReactNode;
}

export function DriversLocation({ isLateAt, liveStatus }: DriversLocationProps) {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const query = useDriverLocations();
  const orderMap = useOrderMap();
  const store = useDriversMapLive(query.data, { drivers: query.refetch, orders: orderMap.refetch });
  const stream = useSyncExternalStore(eventStream.subscribeState, eventStream.getState);
  const drivers = useSyncExternalStore(store.subscribe, store.list);
  const now = useNow(10_000);
  const staleMs = (config.data?.map.stale_location_minutes ?? DEFAULT_STALE_LOCATION_MINUTES) * 60_000;

  // Filters, the tab and the focused driver or order live in the URL, so a link restores the view.
  const {
    stateFilter,
    setStateFilter,
    search,
    setSearch,
    q,
    tab,
    setTab,
    selectedId,
    select,
    selectedOrderId,
    selectOrder,
  } = useMapView();
  const [layers, setLayers] = useState<Record<MapLayer, boolean>>({ restaurants: true, orders: true });

  const staleOf = useCallback((driver: DriverLocation) => isStale(driver, now, staleMs), [now, staleMs]);
  const isVisible = useCallback(
    (driver: DriverLocation) => (!stateFilter || driver.state === stateFilter) && matches(driver, q),
    [stateFilter, q],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes every marker's words.
  const describe = useCallback(
    (driver: DriverLocation): MarkerLook => {
      const state = driver.state === 'off_shift' ? 'available' : driver.state;
      const vehicle = driver.vehicle ? t(`vehicles.types.${driver.vehicle.type}`) : t('drivers.no_vehicle');
      const stale = staleOf(driver);
      return {
        state,
        vehicle: driver.vehicle?.type ?? null,
        letter: t(`drivers_map.letters.${state}`),
        stale,
        label: `${driverName(driver)}, ${driverStateText(t, driver)}, ${vehicle}${stale ? `, ${t('drivers_map.stale')}` : ''}`,
      };
    },
    [t, i18n.language, staleOf],
  );
  const visible = useMemo(
    () =>
      drivers
        .filter(isVisible)
        .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name)),
    [drivers, isVisible],
  );
  const located = visible.filter(isLocated).length;
  const selected = selectedId === null ? undefined : store.get(selectedId);
  // The phone (and, for a driver not on shift, everything) comes from the driver's own record.
  const driverRecord = useMapDriver(selectedId);

  // Orders: late ones are told apart by size, ring and words; the selected driver's are lit.
  const mapOrders = orderMap.data?.orders ?? NO_ORDERS;
  const isLate = useCallback((order: MapOrder) => isLateAt(order, now), [isLateAt, now]);
  const restaurantNames = useMemo(
    () => new Map((orderMap.data?.restaurants ?? []).map((r) => [r.id, r.name])),
    [orderMap.data],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the labels.
  const restaurantPoints = useMemo(
    () =>
      (orderMap.data?.restaurants ?? []).map((r) => ({
        id: r.id,
        lat: r.lat,
        lng: r.lng,
        count: r.active_orders,
        label: t('drivers_map.restaurant_label', { name: r.name, count: r.active_orders }),
      })),
    [orderMap.data, t, i18n.language],
  );
  const orderPoints = useMemo(
    () =>
      mapOrders.map((o) => ({
        id: o.id,
        lat: o.lat,
        lng: o.lng,
        late: isLate(o),
        highlighted: selectedId !== null && o.driver_id === selectedId,
        label: isLate(o) ? t('drivers_map.late_order_label', { number: o.order_number }) : o.order_number,
      })),
    [mapOrders, isLate, selectedId, t],
  );
  const driverOrders = useMemo(
    () => (selectedId === null ? NO_ORDERS : mapOrders.filter((o) => o.driver_id === selectedId)),
    [mapOrders, selectedId],
  );
  const fromLat = isLocated(selected) ? selected.location.lat : null;
  const fromLng = isLocated(selected) ? selected.location.lng : null;
  const routes = useMemo(
    () => ({
      from: fromLat !== null && fromLng !== null ? { lat: fromLat, lng: fromLng } : null,
      to: driverOrders,
    }),
    [fromLat, fromLng, driverOrders],
  );
  // Names change rarely, locations often: the order rows depend on the names only.
  const namesKey = drivers.map((d) => `${d.id}:${d.first_name} ${d.last_name}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: namesKey stands for the drivers' names.
  const driverById = useMemo(() => new Map(drivers.map((d) => [d.id, d])), [namesKey]);
  const orderRows: OrderRowData[] = useMemo(
    () =>
      mapOrders
        .map((order) => ({
          order,
          late: isLate(order),
          restaurant: restaurantNames.get(order.restaurant_id),
          driver: order.driver_id === null ? undefined : driverById.get(order.driver_id),
        }))
        // Late first, then the one waiting longest in its status.
        .sort(
          (a, b) =>
            Number(b.late) - Number(a.late) ||
            Date.parse(a.order.status_changed_at) - Date.parse(b.order.status_changed_at),
        ),
    [mapOrders, isLate, restaurantNames, driverById],
  );
  const lateCount = orderRows.filter((r) => r.late).length;
  const selectedOrderRow = orderRows.find((r) => r.order.id === selectedOrderId);
  const showOrder = useCallback(
    (id: number) => {
      setLayers((current) => (current.orders ? current : { ...current, orders: true }));
      selectOrder(id);
    },
    [selectOrder],
  );

  const details = (driver: DriverLocation) => (
    <DriverDetails
      driver={driver}
      now={now}
      staleMs={staleMs}
      phone={driverRecord.isError ? null : driverRecord.data?.phone}
      orders={driverOrders}
      isLate={isLate}
      onShowOrder={showOrder}
    />
  );

  // A focused driver without a marker: the seed's message, 'not on shift', or 'not found'.
  let focusNotice: React.ReactNode = null;
  const markerShown = isLocated(selected) && isVisible(selected);
  if (selectedId !== null && !markerShown && query.data) {
    const known: DriverLocation | undefined = selected ?? driverRecord.data;
    if (
      !selected &&
      driverRecord.isError &&
      isApiError(driverRecord.error) &&
      driverRecord.error.status === 404
    ) {
      focusNotice = (
        <Alert severity="error" role="alert" onClose={() => select(null)}>
          {t('drivers_map.driver_not_found')}
        </Alert>
      );
    } else if (known) {
      const message = !selected
        ? t('drivers_map.not_on_shift')
        : !isLocated(selected)
          ? t('errors.driver_no_location')
          : null;
      focusNotice = (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, display: 'grid', gap: 1 }}
          role="region"
          aria-label={driverName(known)}
        >
          {message ? (
            <Alert severity="info" role="status" onClose={() => select(null)}>
              {message}
            </Alert>
          ) : null}
          {details(known)}
        </Paper>
      );
    } else if (driverRecord.isError) {
      focusNotice = <ErrorState onRetry={() => void driverRecord.refetch()} />;
    } else {
      focusNotice = <Skeleton variant="rectangular" height={120} sx={{ borderRadius: 1 }} />;
    }
  }

  const failed = config.isError || query.isError || orderMap.isError;
  const tabId = (name: string) => `drivers-map-tab-${name}`;
  const panelId = (name: string) => `drivers-map-panel-${name}`;
  return (
    <PageContainer maxWidth={1800}>
      <PageHeader
        title={t('pages.drivers_location')}
        subtitle={query.data ? t('drivers_map.on_shift', { count: drivers.length }) : undefined}
      />
      {liveStatus({
        stream,
        updatedAt: Math.max(
          query.dataUpdatedAt,
          stream.status === 'connected' ? (stream.lastEventAt ?? 0) : 0,
        ),
      })}
      {failed ? (
        <ErrorState
          onRetry={() => {
            void config.refetch();
            void query.refetch();
            void orderMap.refetch();
          }}
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0, display: 'grid', gap: 1 }}>
            {focusNotice}
            {config.data && query.data ? (
              <DriversMap
                config={config.data.map}
                store={store}
                isVisible={isVisible}
                describe={describe}
                selectedId={selectedId}
                onSelect={select}
                popup={selected ? details(selected) : null}
                empty={located === 0}
                height={MAP_HEIGHT}
                restaurants={restaurantPoints}
                orders={orderPoints}
                layers={layers}
                routes={routes}
                selectedOrderId={selectedOrderId}
                onSelectOrder={selectOrder}
                orderPopup={
                  selectedOrderRow ? (
                    <OrderSummary row={selectedOrderRow} onShowDriver={(id) => select(id)} />
                  ) : null
                }
              />
            ) : (
              <Skeleton variant="rectangular" sx={{ height: MAP_HEIGHT, borderRadius: 1 }} />
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3, rowGap: 1 }}>
              <LayerToggles
                layers={layers}
                onChange={(layer, shown) => setLayers((current) => ({ ...current, [layer]: shown }))}
              />
              <MapLegend />
            </Box>
          </Box>
          <Paper
            variant="outlined"
            sx={{ display: 'flex', flexDirection: 'column', maxHeight: { md: MAP_HEIGHT.md }, minWidth: 0 }}
          >
            <Tabs
              value={tab}
              onChange={(_, value: string) => setTab(value)}
              aria-label={t('drivers_map.tabs')}
              variant="fullWidth"
              sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
            >
              <Tab
                value="drivers"
                id={tabId('drivers')}
                aria-controls={panelId('drivers')}
                label={`${t('drivers_map.tab_drivers')} (${drivers.length})`}
              />
              <Tab
                value="orders"
                id={tabId('orders')}
                aria-controls={panelId('orders')}
                label={`${t('drivers_map.tab_orders')} (${mapOrders.length})`}
              />
            </Tabs>
            <Box
              role="tabpanel"
              id={panelId('drivers')}
              aria-labelledby={tabId('drivers')}
              hidden={tab !== 'drivers'}
              sx={{ display: tab === 'drivers' ? 'flex' : 'none', flexDirection: 'column', minHeight: 0 }}
            >
              <Box sx={{ p: 1.5, display: 'grid', gap: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                <TextField
                  type="search"
                  size="small"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder={t('drivers_map.search_placeholder')}
                  slotProps={{
                    htmlInput: { 'aria-label': t('drivers_map.search_label') },
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <SearchIcon fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <TextField
                  select
                  size="small"
                  label={t('drivers.shift_state')}
                  value={stateFilter}
                  onChange={(event) => setStateFilter(event.target.value)}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{t('drivers.all_shift_states')}</option>
                  {MAP_STATES.map((state) => (
                    <option key={state} value={state}>
                      {t(`driver_states.${state}`)}
                    </option>
                  ))}
                </TextField>
                {query.data ? (
                  <Typography variant="body2" color="text.secondary" role="status">
                    {t('drivers_map.shown', { shown: visible.length, located })}
                  </Typography>
                ) : null}
              </Box>
              <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
                {query.data ? (
                  <DriverList
                    drivers={visible}
                    selectedId={selectedId}
                    onSelect={select}
                    now={now}
                    isStale={staleOf}
                  />
                ) : (
                  <Box sx={{ p: 2 }}>
                    {[0, 1, 2, 3].map((i) => (
                      <Skeleton key={i} height={48} />
                    ))}
                  </Box>
                )}
              </Box>
            </Box>
            <Box
              role="tabpanel"
              id={panelId('orders')}
              aria-labelledby={tabId('orders')}
              hidden={tab !== 'orders'}
              sx={{ display: tab === 'orders' ? 'flex' : 'none', flexDirection: 'column', minHeight: 0 }}
            >
              {orderMap.data ? (
                <>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    role="status"
                    sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}
                  >
                    {t('drivers_map.orders_shown', { count: mapOrders.length, late: lateCount })}
                  </Typography>
                  <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
                    <OrderList rows={orderRows} selectedId={selectedOrderId} onSelect={showOrder} />
                  </Box>
                </>
              ) : (
                <Box sx={{ p: 2 }}>
                  {[0, 1, 2, 3].map((i) => (
                    <Skeleton key={i} height={48} />
                  ))}
                </Box>
              )}
            </Box>
          </Paper>
        </Box>
      )}
    </PageContainer>
  );
}
