import {
  BUSY_DRIVER_STATES,
  type DriverLocation,
  foldForSearch,
  type OrderMap,
  type VehicleType,
} from '@dostava/shared';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { StreamState } from '../../lib/event-stream';
import { isLocated } from './live/driver-store';
import type { MapState, MarkerLook, OrderPoint, OutlineGeometry, RestaurantPoint } from './map/map-view';

/**
 * What the drivers map shows, worked out from the live drivers, the orders layer and the URL's view:
 * plain functions, so the page's components only lay them out.
 */

export type MapOrder = OrderMap['orders'][number];
export type MapRestaurant = OrderMap['restaurants'][number];

/** One row of the orders list: the order with what the list and its popup say about it. */
export interface OrderRowData {
  order: MapOrder;
  late: boolean;
  restaurant: string | undefined;
  driver: DriverLocation | undefined;
}

export const driverName = (driver: Pick<DriverLocation, 'first_name' | 'last_name'>) =>
  `${driver.first_name} ${driver.last_name}`;

/** The little of i18next's `t` the state's words need (a test passes its own). */
export type CountingT = (key: string, options?: { count: number }) => string;

/** 'Slobodan', or for a busy driver the state with their load: 'Dostavlja · 2 narudžbe'. */
export function driverStateText(
  t: CountingT,
  driver: Pick<DriverLocation, 'state' | 'active_orders'> & { end_shift_requested?: boolean },
): string {
  // Free to the eye, but dispatch gives them nothing new: say so (issue 33).
  if (driver.state === 'available' && driver.end_shift_requested) return t('driver_states.ending_shift');
  const state = t(`driver_states.${driver.state}`);
  return BUSY_DRIVER_STATES.includes(driver.state) && driver.active_orders > 0
    ? `${state} · ${t('driver_states.busy_count', { count: driver.active_orders })}`
    : state;
}

/** The location is older than the configured age (a driver without one is not "stale", just missing). */
export const isStale = (driver: DriverLocation | undefined, now: number, staleMs: number): boolean =>
  isLocated(driver) && now - Date.parse(driver.last_location_at) > staleMs;

/** Every word of the search in the driver's name or plate, case and accents aside (as the API searches). */
export const matchesSearch = (driver: DriverLocation, q: string) => {
  const text = foldForSearch(
    `${driverName(driver)} ${driver.vehicle?.plate_number.replace(/[\s-]/g, '') ?? ''}`,
  );
  return foldForSearch(q)
    .split(/\s+/)
    .every((word) => text.includes(word.replace(/-/g, '')));
};

/** Whether the driver's last location lies in the zone (edges in, holes out, as the API decides). */
export const inZone = (driver: DriverLocation, zone: OutlineGeometry) =>
  isLocated(driver) &&
  booleanPointInPolygon([driver.location.lng, driver.location.lat], zone, { ignoreBoundary: false });

/**
 * The filters leave the driver on the map and in the list: their state (if one is picked), the search,
 * and the zone (if one is picked: where they are now).
 */
export const isShown = (
  driver: DriverLocation,
  stateFilter: string,
  q: string,
  zone: OutlineGeometry | null = null,
) =>
  (!stateFilter || driver.state === stateFilter) &&
  matchesSearch(driver, q) &&
  (!zone || inZone(driver, zone));

/** The drivers the filters leave, by last name then first name (a new array: the input is the store's). */
export const visibleDrivers = (
  drivers: readonly DriverLocation[],
  isVisible: (driver: DriverLocation) => boolean,
): DriverLocation[] =>
  drivers
    .filter(isVisible)
    .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name));

/** How many of the drivers have a marker. */
export const locatedCount = (drivers: readonly DriverLocation[]) => drivers.filter(isLocated).length;

/** The words a marker is described with, in the current language. */
export interface MarkerWords {
  letter: (state: MapState) => string;
  vehicle: (type: VehicleType | null) => string;
  state: (driver: DriverLocation) => string;
  stale: string;
}

/** A driver's marker: a driver off shift (just ended, still listed) is drawn as available. */
export function markerLook(driver: DriverLocation, stale: boolean, words: MarkerWords): MarkerLook {
  const state: MapState = driver.state === 'off_shift' ? 'available' : driver.state;
  const vehicle = words.vehicle(driver.vehicle?.type ?? null);
  return {
    state,
    vehicle: driver.vehicle?.type ?? null,
    letter: words.letter(state),
    stale,
    label: `${driverName(driver)}, ${words.state(driver)}, ${vehicle}${stale ? `, ${words.stale}` : ''}`,
  };
}

export const restaurantPointsOf = (
  restaurants: readonly MapRestaurant[],
  label: (restaurant: MapRestaurant) => string,
): RestaurantPoint[] =>
  restaurants.map((r) => ({ id: r.id, lat: r.lat, lng: r.lng, count: r.active_orders, label: label(r) }));

/** The drop-off points: late ones are told apart by size, ring and words; the selected driver's are lit. */
export const orderPointsOf = (
  orders: readonly MapOrder[],
  isLate: (order: MapOrder) => boolean,
  selectedId: number | null,
  lateLabel: (order: MapOrder) => string,
): OrderPoint[] =>
  orders.map((o) => ({
    id: o.id,
    lat: o.lat,
    lng: o.lng,
    late: isLate(o),
    highlighted: selectedId !== null && o.driver_id === selectedId,
    label: isLate(o) ? lateLabel(o) : o.order_number,
  }));

export const ordersOf = (orders: readonly MapOrder[], driverId: number): MapOrder[] =>
  orders.filter((o) => o.driver_id === driverId);

/** Changes when a driver comes, goes or is renamed, not when one moves (locations change often). */
export const namesKeyOf = (drivers: readonly DriverLocation[]) =>
  drivers.map((d) => `${d.id}:${d.first_name} ${d.last_name}`).join('|');

/** The order list's rows: late first, then the one waiting longest in its status. */
export const orderRowsOf = (
  orders: readonly MapOrder[],
  isLate: (order: MapOrder) => boolean,
  restaurantNames: ReadonlyMap<number, string>,
  driverById: ReadonlyMap<number, DriverLocation>,
): OrderRowData[] =>
  orders
    .map((order) => ({
      order,
      late: isLate(order),
      restaurant: restaurantNames.get(order.restaurant_id),
      driver: order.driver_id === null ? undefined : driverById.get(order.driver_id),
    }))
    .sort(
      (a, b) =>
        Number(b.late) - Number(a.late) ||
        Date.parse(a.order.status_changed_at) - Date.parse(b.order.status_changed_at),
    );

/** When the map was last known current: the list's fetch, or the stream's last word while connected. */
export const liveUpdatedAt = (fetchedAt: number, stream: StreamState) =>
  Math.max(fetchedAt, stream.status === 'connected' ? (stream.lastEventAt ?? 0) : 0);

/** What stands above the map for a focused driver without a marker. */
export type Focus =
  | { kind: 'none' }
  | { kind: 'not_found' }
  | {
      kind: 'driver';
      driver: DriverLocation;
      message: 'drivers_map.not_on_shift' | 'errors.driver_no_location' | null;
    }
  | { kind: 'failed' }
  | { kind: 'loading' };

export interface FocusInput {
  selectedId: number | null;
  /** The focused driver in the live list (on shift). */
  selected: DriverLocation | undefined;
  /** Their marker is on the map (located and left by the filters). */
  markerShown: boolean;
  /** The drivers list has loaded. */
  listLoaded: boolean;
  /** The driver's own record (GET /drivers/:id). */
  record: { data: DriverLocation | undefined; isError: boolean; notFound: boolean };
}

/** A focused driver without a marker: the seed's message, 'not on shift', or 'not found'. */
export function focusOf({ selectedId, selected, markerShown, listLoaded, record }: FocusInput): Focus {
  if (selectedId === null || markerShown || !listLoaded) return { kind: 'none' };
  const known = selected ?? record.data;
  if (!selected && record.isError && record.notFound) return { kind: 'not_found' };
  if (known) {
    const message = !selected
      ? 'drivers_map.not_on_shift'
      : !isLocated(selected)
        ? 'errors.driver_no_location'
        : null;
    return { kind: 'driver', driver: known, message };
  }
  return record.isError ? { kind: 'failed' } : { kind: 'loading' };
}

export const lateCount = (rows: readonly OrderRowData[]) => rows.filter((r) => r.late).length;

/** How many rows a long list renders at first, and how many more each "Show more" adds. */
export const ROWS_PER_STEP = 50;

/**
 * How many of a list's `total` rows to render: the `shown` the user has asked for, and always far
 * enough to hold the selected row (at `selectedIndex`, -1 for none), so it is never hidden past the end.
 */
export const rowsToRender = (total: number, shown: number, selectedIndex: number) =>
  Math.min(total, Math.max(shown, selectedIndex + 1));
