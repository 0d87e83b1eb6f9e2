import type { DriverLocation, DriverState, VehicleType, ZoneKind } from '@dostava/shared';

/** The driver states a marker can show (a driver off shift is not on the map). */
export type MapState = Exclude<DriverState, 'off_shift'>;

/** What a marker shows besides its position: its state (color, shape and letter) and vehicle. */
export interface MarkerLook {
  state: MapState;
  vehicle: VehicleType | null;
  /** The state's letter in the current language (never color alone). */
  letter: string;
  /** The location is older than the configured age: drawn faded with a dashed ring and a clock. */
  stale: boolean;
  /** The accessible name: name, state, load, vehicle and a stale location in words. */
  label: string;
}

/** A restaurant that active orders come from. */
export interface RestaurantPoint {
  id: number;
  lat: number;
  lng: number;
  /** The accessible name: the restaurant and how many active orders it has. */
  label: string;
  count: number;
}

/** An active order's drop-off point. */
export interface OrderPoint {
  id: number;
  lat: number;
  lng: number;
  late: boolean;
  /** One of the selected driver's orders. */
  highlighted: boolean;
  /** The accessible name of its marker (a late one is a marker of its own): number and lateness. */
  label: string;
}

export type MapLayer = 'restaurants' | 'orders';

/** A zone's GeoJSON as the API sends it ([lng, lat]). */
export type OutlineGeometry =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** A delivery zone drawn faintly under everything (issue 37); the one filtered by a little stronger. */
export interface ZoneOutline {
  id: number;
  kind: ZoneKind;
  geometry: OutlineGeometry;
  highlighted: boolean;
}

/** How faint a zone is: its outline and fill, stronger for the zone the map is filtered by. */
export const zoneStyle = (zone: Pick<ZoneOutline, 'highlighted'>) =>
  zone.highlighted
    ? { weight: 2, opacity: 0.7, fillOpacity: 0.08 }
    : { weight: 1, opacity: 0.35, fillOpacity: 0.03 };

/** A zone's rings as [lat, lng] points: each polygon's outline and holes. */
export const zoneRings = (geometry: OutlineGeometry): { lat: number; lng: number }[][] =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flatMap((polygon) =>
    polygon.map((ring) => ring.map(([lng = 0, lat = 0]) => ({ lat, lng }))),
  );

/**
 * What active orders add to the map: restaurants as a few DOM markers, drop-off points on one canvas
 * (hundreds of orders draw as fast as a handful; the side list is their accessible form).
 */
export interface OrdersOverlay {
  setRestaurants(points: readonly RestaurantPoint[]): void;
  setOrders(points: readonly OrderPoint[]): void;
  setLayerVisible(layer: MapLayer, visible: boolean): void;
  /** The delivery zones, faint, under the markers (drawn again when they change). */
  setZones(zones: readonly ZoneOutline[]): void;
  /** Dashed lines from the selected driver to their drop-offs (none when `from` is null). */
  setRoutes(from: { lat: number; lng: number } | null, to: readonly { lat: number; lng: number }[]): void;
  /** Centers the map on an order's drop-off and opens its popup with the given content. */
  openOrderPopup(id: number, content: HTMLElement): void;
  closeOrderPopup(): void;
}

/** A map provider behind one interface: markers are added, moved and removed imperatively. */
export interface DriverMapView extends OrdersOverlay {
  upsert(driver: DriverLocation & { location: { lat: number; lng: number } }, look: MarkerLook): void;
  remove(id: number): void;
  ids(): number[];
  /** Centers the map on a driver. */
  focus(id: number): void;
  /** Fits the map to every marker. */
  fitAll(): void;
  /** Opens the popup of a driver's marker with the given content (React renders into it). */
  openPopup(id: number, content: HTMLElement): void;
  closePopup(): void;
  /** The popup's content changed size. */
  refreshPopup(): void;
  destroy(): void;
}

export interface MapViewCallbacks {
  onMarkerClick(id: number): void;
  onPopupClose(id: number): void;
  onOrderClick(id: number): void;
  onOrderPopupClose(id: number): void;
  /**
   * The accessible name of a cluster of drop-offs: "Orders on time: 12 — zoom in", or with late ones
   * among them "Orders: 12, late: 3 — zoom in".
   */
  orderClusterLabel(count: number, late: number): string;
}

/** Sarajevo, where the operation runs. */
export const DEFAULT_CENTER = { lat: 43.8563, lng: 18.4131 };
export const DEFAULT_ZOOM = 13;

export const STATE_COLORS: Record<MapState, string> = {
  available: '#1b7a3d',
  assigned: '#6a1b9a',
  delivering: '#1565c0',
  on_break: '#a35200',
};

/** The orders layer's colors: drop-offs on time, late ones (also larger, with a dark ring), restaurants. */
export const ORDER_COLORS = {
  on_time: '#455a64',
  late: '#c62828',
  late_ring: '#5f0000',
  highlight: '#ffb300',
  restaurant: '#00695c',
} as const;

/** MUI's Restaurant icon (24×24). */
export const RESTAURANT_PATH =
  'M11 9H9V2H7v7H5V2H3v7c0 2.12 1.66 3.84 3.75 3.97V22h2.5v-9.03C11.34 12.84 13 11.12 13 9V2h-2zm5-3v8h2.5v8H21V2c-2.76 0-5 2.24-5 4';

/** MUI's Schedule (clock) icon (24×24): the stale badge. */
export const CLOCK_PATH =
  'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z';

/** MUI icon paths (24×24) of the vehicle types. */
export const VEHICLE_PATHS: Record<VehicleType, string> = {
  bike: 'M15.5 5.5c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2M5 12c-2.8 0-5 2.2-5 5s2.2 5 5 5 5-2.2 5-5-2.2-5-5-5m0 8.5c-1.9 0-3.5-1.6-3.5-3.5s1.6-3.5 3.5-3.5 3.5 1.6 3.5 3.5-1.6 3.5-3.5 3.5m5.8-10 2.4-2.4.8.8c1.3 1.3 3 2.1 5.1 2.1V9c-1.5 0-2.7-.6-3.6-1.5l-1.9-1.9c-.5-.4-1-.6-1.6-.6s-1.1.2-1.4.6L7.8 8.4c-.4.4-.6.9-.6 1.4 0 .6.2 1.1.6 1.4L11 14v5h2v-6.2zM19 12c-2.8 0-5 2.2-5 5s2.2 5 5 5 5-2.2 5-5-2.2-5-5-5m0 8.5c-1.9 0-3.5-1.6-3.5-3.5s1.6-3.5 3.5-3.5 3.5 1.6 3.5 3.5-1.6 3.5-3.5 3.5',
  car: 'M18.92 6.01C18.72 5.42 18.16 5 17.5 5h-11c-.66 0-1.21.42-1.42 1.01L3 12v8c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1h12v1c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-8zM6.5 16c-.83 0-1.5-.67-1.5-1.5S5.67 13 6.5 13s1.5.67 1.5 1.5S7.33 16 6.5 16m11 0c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5M5 11l1.5-4.5h11L19 11z',
  scooter:
    'M7.82 16H15v-1c0-2.21 1.79-4 4-4h.74l-1.9-8.44C17.63 1.65 16.82 1 15.89 1H12v2h3.89l1.4 6.25h-.01c-2.16.65-3.81 2.48-4.19 4.75H7.82c-.48-1.34-1.86-2.24-3.42-1.94-1.18.23-2.13 1.2-2.35 2.38C1.7 16.34 3.16 18 5 18c1.3 0 2.4-.84 2.82-2M5 16c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1M19 12c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3m0 4c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m-8 4H7l6 3v-2h4l-6-3z',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The marker's inner HTML: a badge with the state's letter (a square while on break) and the vehicle. */
export function markerHtml(look: MarkerLook): string {
  // A stale marker keeps its state's color and letter, with a dashed dark ring and a clock badge.
  const color = STATE_COLORS[look.state];
  const radius = look.state === 'on_break' ? '6px' : '50%';
  const vehicle = look.vehicle
    ? `<span style="position:absolute;right:-8px;bottom:-6px;width:18px;height:18px;border-radius:50%;background:#fff;border:1px solid ${color};display:flex;align-items:center;justify-content:center"><svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false"><path fill="${color}" d="${VEHICLE_PATHS[look.vehicle]}"/></svg></span>`
    : '';
  const stale = look.stale
    ? `<span style="position:absolute;left:-8px;top:-7px;width:16px;height:16px;border-radius:50%;background:#fff;border:1px solid #212121;display:flex;align-items:center;justify-content:center"><svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false"><path fill="#212121" d="${CLOCK_PATH}"/></svg></span>`
    : '';
  const border = look.stale ? '2px dashed #212121' : '2px solid #fff';
  return `<span aria-hidden="true" style="position:relative;display:flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:${radius};background:${color};color:#fff;font:700 14px/1 Roboto,Arial,sans-serif;border:${border};box-shadow:0 1px 4px rgba(0,0,0,.45)">${escapeHtml(look.letter)}${vehicle}${stale}</span>`;
}

/** A restaurant marker: a teal square with the restaurant icon and its count of active orders. */
export function restaurantHtml(count: number, label: string): string {
  // The name is in the icon's own HTML: Leaflet rebuilds the element when a layer is shown again.
  return `<span role="img" aria-label="${escapeHtml(label)}" style="position:relative;display:flex;align-items:center;justify-content:center;width:24px;height:24px;border-radius:4px;background:${ORDER_COLORS.restaurant};border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)"><svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="#fff" d="${RESTAURANT_PATH}"/></svg><span aria-hidden="true" style="position:absolute;right:-9px;top:-9px;min-width:16px;height:16px;padding:0 3px;box-sizing:border-box;border-radius:8px;background:#fff;color:#1a1a1a;border:1px solid ${ORDER_COLORS.restaurant};font:700 11px/14px Roboto,Arial,sans-serif;text-align:center">${count}</span></span>`;
}

/** A cluster's width in pixels: larger as it holds more drop-offs. */
export const orderClusterSize = (count: number) => (count < 10 ? 30 : count < 100 ? 36 : 44);

/**
 * A cluster of drop-offs, `size` pixels wide: a circle with the count, in the on-time color, or the
 * late color when all of them are late; with late ones among them, a red badge with their count on its
 * corner and a red halo (told apart by the badge's number, not by color alone; the title says it too).
 */
export function orderClusterHtml(count: number, late: number, size: number): string {
  const fill = late === count ? ORDER_COLORS.late : ORDER_COLORS.on_time;
  const halo = late > 0 ? 'rgba(198,40,40,.45)' : 'rgba(69,90,100,.35)';
  const badge =
    late > 0
      ? `<span style="position:absolute;right:-10px;top:-10px;min-width:20px;height:20px;padding:0 4px;box-sizing:border-box;border-radius:10px;background:${ORDER_COLORS.late};color:#fff;border:2px solid ${ORDER_COLORS.late_ring};font:700 11px/16px Roboto,Arial,sans-serif;text-align:center">${late}</span>`
      : '';
  return `<span aria-hidden="true" style="position:relative;display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;box-sizing:border-box;border-radius:50%;background:${fill};color:#fff;border:3px solid rgba(255,255,255,.85);box-shadow:0 0 0 4px ${halo};font:700 13px/1 Roboto,Arial,sans-serif">${count}${badge}</span>`;
}

export const lookKey = (look: MarkerLook) =>
  `${look.state}|${look.vehicle}|${look.letter}|${look.stale}|${look.label}`;
