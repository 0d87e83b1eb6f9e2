import { DEFAULT_STALE_LOCATION_MINUTES, type DriverLocation } from '@dostava/shared';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/app-config/get-app-config';
import { useZones } from '../../api/zones/zones';
import { eventStream } from '../../lib/event-stream';
import { isApiError } from '../../lib/http';
import { useNow } from '../../lib/use-now';
import { useDriverLocations, useMapDriver, useOrderMap } from './api/drivers-location';
import { isLocated } from './live/driver-store';
import { useDriversMapLive } from './live/use-drivers-map-live';
import type { MapLayer, MarkerLook, ZoneOutline } from './map/map-view';
import {
  driverStateText,
  focusOf,
  isShown,
  isStale,
  locatedCount,
  type MapOrder,
  markerLook,
  namesKeyOf,
  orderPointsOf,
  orderRowsOf,
  ordersOf,
  restaurantPointsOf,
  visibleDrivers,
} from './selectors';
import { useMapView } from './use-map-view';

const NO_ORDERS: readonly MapOrder[] = [];

/**
 * The drivers map's data, kept current: the drivers list and the orders layer (fetched, then moved by
 * the live store), the view the URL keeps, and what the page shows from them (selectors.ts), memoized
 * so the map redraws only what changed. `isLateAt` is the orders' rule for a late order.
 */
export function useDriversMap(isLateAt: (order: MapOrder, now: number) => boolean) {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const query = useDriverLocations();
  // Filters, the tab and the focused driver or order live in the URL, so a link restores the view.
  const view = useMapView();
  const { stateFilter, q, selectedId, selectedOrderId, selectOrder, zoneId } = view;
  const orderMap = useOrderMap(zoneId);
  const zones = useZones();
  const store = useDriversMapLive(query.data, { drivers: query.refetch, orders: orderMap.refetch });
  const stream = useSyncExternalStore(eventStream.subscribeState, eventStream.getState);
  const drivers = useSyncExternalStore(store.subscribe, store.list);
  const now = useNow(10_000);
  const staleMs = (config.data?.map.stale_location_minutes ?? DEFAULT_STALE_LOCATION_MINUTES) * 60_000;

  const [layers, setLayers] = useState<Record<MapLayer, boolean>>({ restaurants: true, orders: true });

  const staleOf = useCallback((driver: DriverLocation) => isStale(driver, now, staleMs), [now, staleMs]);
  // The delivery zones, faint on the map; the one filtered by a little stronger, and its outline
  // decides which drivers are shown.
  const zoneOutlines = useMemo<ZoneOutline[]>(
    () =>
      (zones.data ?? [])
        .filter((zone) => zone.active)
        .map((zone) => ({
          id: zone.id,
          kind: zone.kind,
          geometry: zone.geometry,
          highlighted: zone.id === zoneId,
        })),
    [zones.data, zoneId],
  );
  const zoneGeometry = zones.data?.find((zone) => zone.id === zoneId)?.geometry ?? null;
  const isVisible = useCallback(
    (driver: DriverLocation) => isShown(driver, stateFilter, q, zoneGeometry),
    [stateFilter, q, zoneGeometry],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes every marker's words.
  const describe = useCallback(
    (driver: DriverLocation): MarkerLook =>
      markerLook(driver, staleOf(driver), {
        letter: (state) => t(`drivers_map.letters.${state}`),
        vehicle: (type) => (type ? t(`vehicles.types.${type}`) : t('drivers.no_vehicle')),
        state: (d) => driverStateText(t, d),
        stale: t('drivers_map.stale'),
      }),
    [t, i18n.language, staleOf],
  );
  const visible = useMemo(() => visibleDrivers(drivers, isVisible), [drivers, isVisible]);
  const located = locatedCount(visible);
  const selected = selectedId === null ? undefined : store.get(selectedId);
  // The phone (and, for a driver not on shift, everything) comes from the driver's own record.
  const driverRecord = useMapDriver(selectedId);

  const mapOrders = orderMap.data?.orders ?? NO_ORDERS;
  const isLate = useCallback((order: MapOrder) => isLateAt(order, now), [isLateAt, now]);
  const restaurantNames = useMemo(
    () => new Map((orderMap.data?.restaurants ?? []).map((r) => [r.id, r.name])),
    [orderMap.data],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the labels.
  const restaurantPoints = useMemo(
    () =>
      restaurantPointsOf(orderMap.data?.restaurants ?? [], (r) =>
        t('drivers_map.restaurant_label', { name: r.name, count: r.active_orders }),
      ),
    [orderMap.data, t, i18n.language],
  );
  const orderPoints = useMemo(
    () =>
      orderPointsOf(mapOrders, isLate, selectedId, (o) =>
        t('drivers_map.late_order_label', { number: o.order_number }),
      ),
    [mapOrders, isLate, selectedId, t],
  );
  const driverOrders = useMemo(
    () => (selectedId === null ? NO_ORDERS : ordersOf(mapOrders, selectedId)),
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
  const namesKey = namesKeyOf(drivers);
  // biome-ignore lint/correctness/useExhaustiveDependencies: namesKey stands for the drivers' names.
  const driverById = useMemo(() => new Map(drivers.map((d) => [d.id, d])), [namesKey]);
  const orderRows = useMemo(
    () => orderRowsOf(mapOrders, isLate, restaurantNames, driverById),
    [mapOrders, isLate, restaurantNames, driverById],
  );
  const selectedOrderRow = orderRows.find((r) => r.order.id === selectedOrderId);
  const showOrder = useCallback(
    (id: number) => {
      setLayers((current) => (current.orders ? current : { ...current, orders: true }));
      selectOrder(id);
    },
    [selectOrder],
  );
  const focus = focusOf({
    selectedId,
    selected,
    markerShown: isLocated(selected) && isVisible(selected),
    listLoaded: !!query.data,
    record: {
      data: driverRecord.data,
      isError: driverRecord.isError,
      notFound: isApiError(driverRecord.error) && driverRecord.error.status === 404,
    },
  });

  return {
    config,
    query,
    orderMap,
    store,
    stream,
    drivers,
    now,
    staleMs,
    view,
    layers,
    setLayers,
    zoneOutlines,
    staleOf,
    isVisible,
    describe,
    visible,
    located,
    selected,
    driverRecord,
    mapOrders,
    isLate,
    restaurantPoints,
    orderPoints,
    driverOrders,
    routes,
    orderRows,
    selectedOrderRow,
    showOrder,
    focus,
  };
}
