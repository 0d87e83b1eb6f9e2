import { KIND_COLORS } from '../../../components/zone-colors';
import type { GoogleMarker, GooglePolygon } from './google-loader';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  type DriverMapView,
  lookKey,
  type MapViewCallbacks,
  type MarkerLook,
  ORDER_COLORS,
  type OrderPoint,
  RESTAURANT_PATH,
  STATE_COLORS,
  zoneRings,
  zoneStyle,
} from './map-view';
import { createOrderClusters } from './order-clusters';

/** Google Maps (the script already loaded): symbol markers with the state's letter, one InfoWindow. */
export function createGoogleView(element: HTMLElement, callbacks: MapViewCallbacks): DriverMapView {
  const g = window.google?.maps;
  if (!g) throw new Error('createGoogleView called before the Google Maps script loaded');
  const map = new g.Map(element, { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, clickableIcons: false });
  const entries = new Map<number, { marker: GoogleMarker; key: string }>();
  const info = new g.InfoWindow();
  let popupOwner: number | null = null;
  info.addListener('closeclick', () => {
    const id = popupOwner;
    popupOwner = null;
    if (id !== null) callbacks.onPopupClose(id);
  });

  // Orders: Google draws symbol markers cheaply enough for hundreds; the side list is their accessible form.
  const restaurants = new Map<number, GoogleMarker>();
  const orders = new Map<number, { marker: GoogleMarker; key: string }>();
  const visible = { restaurants: true, orders: true };
  const orderInfo = new g.InfoWindow();
  let zonePolygons: GooglePolygon[] = [];
  let orderOwner: number | null = null;
  orderInfo.addListener('closeclick', () => {
    const id = orderOwner;
    orderOwner = null;
    if (id !== null) callbacks.onOrderPopupClose(id);
  });
  const orderIcon = (point: OrderPoint) => ({
    path: g.SymbolPath.CIRCLE,
    scale: point.highlighted ? 9 : point.late ? 7 : 5,
    fillColor: point.late ? ORDER_COLORS.late : ORDER_COLORS.on_time,
    fillOpacity: 0.95,
    strokeColor: point.highlighted ? ORDER_COLORS.highlight : point.late ? ORDER_COLORS.late_ring : '#ffffff',
    strokeWeight: point.highlighted ? 4 : point.late ? 3 : 1.5,
  });

  // Drop-offs cluster where they crowd (hundreds would draw as one mass), as on the Leaflet map, each
  // cluster with its count of late ones; the selected driver's always stand alone (order-clusters.ts).
  const maps = g; // narrowed for the functions below
  const clustering = createOrderClusters();
  const clusterMarkers = new Map<string, { marker: GoogleMarker }>();
  function drawOrders() {
    const bounds = map.getBounds()?.toJSON();
    const { clusters, points } = bounds
      ? clustering.at(
          [
            Math.max(-180, bounds.west),
            Math.max(-85, bounds.south),
            Math.min(180, bounds.east),
            Math.min(85, bounds.north),
          ],
          map.getZoom(),
        )
      : clustering.at([-180, -85, 180, 85], map.getZoom());
    const seen = new Set(points.map((p) => p.id));
    for (const [id, entry] of orders) {
      if (seen.has(id)) continue;
      if (orderOwner === id) {
        orderOwner = null;
        orderInfo.close();
      }
      entry.marker.setMap(null);
      orders.delete(id);
    }
    for (const point of points) {
      const key = `${point.lat}|${point.lng}|${point.late}|${point.highlighted}`;
      const entry = orders.get(point.id);
      if (entry?.key === key) continue;
      const options = {
        position: { lat: point.lat, lng: point.lng },
        icon: orderIcon(point),
        title: point.label,
        zIndex: point.highlighted ? 3 : 2,
      };
      if (entry) {
        entry.marker.setOptions(options);
        entry.key = key;
      } else {
        const marker = new maps.Marker({ ...options, map: visible.orders ? map : null });
        marker.addListener('click', () => callbacks.onOrderClick(point.id));
        orders.set(point.id, { marker, key });
      }
    }
    const shown = new Set<string>();
    for (const cluster of clusters) {
      const label = callbacks.orderClusterLabel(cluster.count, cluster.late);
      const key = `${cluster.lat}|${cluster.lng}|${cluster.count}|${cluster.late}|${label}`;
      shown.add(key);
      if (clusterMarkers.has(key)) continue;
      const scale = cluster.count < 10 ? 15 : cluster.count < 100 ? 18 : 22;
      const marker = new maps.Marker({
        position: { lat: cluster.lat, lng: cluster.lng },
        map: visible.orders ? map : null,
        title: label,
        zIndex: cluster.late > 0 ? 2 : 1,
        // A symbol has one label: "12" on time, "12 · 3!" with three late (the title says it in words).
        label: {
          text: cluster.late > 0 ? `${cluster.count} · ${cluster.late}!` : String(cluster.count),
          color: '#ffffff',
          fontWeight: '700',
          fontSize: '12px',
        },
        icon: {
          path: maps.SymbolPath.CIRCLE,
          scale: cluster.late > 0 ? scale + 4 : scale,
          fillColor: cluster.late > 0 ? ORDER_COLORS.late : ORDER_COLORS.on_time,
          fillOpacity: 0.9,
          strokeColor: cluster.late > 0 ? ORDER_COLORS.late_ring : '#ffffff',
          strokeWeight: cluster.late > 0 ? 3 : 2,
        },
      });
      marker.addListener('click', () => {
        map.panTo({ lat: cluster.lat, lng: cluster.lng });
        map.setZoom(cluster.expansionZoom);
      });
      clusterMarkers.set(key, { marker });
    }
    for (const [key, { marker }] of clusterMarkers) {
      if (shown.has(key)) continue;
      marker.setMap(null);
      clusterMarkers.delete(key);
    }
  }
  map.addListener('idle', drawOrders);

  const markerOptions = (look: MarkerLook) => ({
    title: look.label,
    label: { text: look.letter, color: '#ffffff', fontWeight: '700' },
    icon: {
      path: look.state === 'on_break' ? 'M -10 -10 L 10 -10 L 10 10 L -10 10 Z' : g.SymbolPath.CIRCLE,
      scale: look.state === 'on_break' ? 1.2 : 13,
      fillColor: STATE_COLORS[look.state],
      fillOpacity: look.stale ? 0.6 : 1,
      strokeColor: '#ffffff',
      strokeWeight: 2,
    },
  });

  return {
    upsert(driver, look) {
      const key = lookKey(look);
      const entry = entries.get(driver.id);
      const position = { lat: driver.location.lat, lng: driver.location.lng };
      if (!entry) {
        const marker = new g.Marker({ position, map, ...markerOptions(look) });
        marker.addListener('click', () => callbacks.onMarkerClick(driver.id));
        entries.set(driver.id, { marker, key });
        return;
      }
      entry.marker.setPosition(position);
      if (entry.key !== key) {
        entry.marker.setOptions(markerOptions(look));
        entry.key = key;
      }
    },
    remove(id) {
      const entry = entries.get(id);
      if (!entry) return;
      if (popupOwner === id) this.closePopup();
      entry.marker.setMap(null);
      entries.delete(id);
    },
    ids: () => [...entries.keys()],
    focus(id) {
      const entry = entries.get(id);
      if (!entry) return;
      map.panTo(entry.marker.getPosition());
      if (map.getZoom() < 15) map.setZoom(15);
    },
    fitAll() {
      if (entries.size === 0) return;
      const bounds = new g.LatLngBounds();
      for (const { marker } of entries.values()) bounds.extend(marker.getPosition());
      map.fitBounds(bounds, 32);
    },
    openPopup(id, content) {
      const entry = entries.get(id);
      if (!entry) return;
      popupOwner = id;
      info.setContent(content);
      info.open({ map, anchor: entry.marker });
    },
    closePopup() {
      popupOwner = null;
      info.close();
    },
    refreshPopup() {
      // The InfoWindow sizes itself to its content.
    },
    setRestaurants(points) {
      const seen = new Set(points.map((p) => p.id));
      for (const [id, marker] of restaurants) {
        if (seen.has(id)) continue;
        marker.setMap(null);
        restaurants.delete(id);
      }
      for (const point of points) {
        const options = {
          position: { lat: point.lat, lng: point.lng },
          title: point.label,
          clickable: false,
          zIndex: 1,
          icon: {
            path: RESTAURANT_PATH,
            scale: 1,
            anchor: { x: 12, y: 12 },
            fillColor: ORDER_COLORS.restaurant,
            fillOpacity: 1,
            strokeColor: '#ffffff',
            strokeWeight: 1,
          },
        };
        const marker = restaurants.get(point.id);
        if (marker) marker.setOptions(options);
        else restaurants.set(point.id, new g.Marker({ ...options, map: visible.restaurants ? map : null }));
      }
    },
    setOrders(points) {
      clustering.load(points);
      drawOrders();
    },
    setLayerVisible(layer, show) {
      visible[layer] = show;
      const markers =
        layer === 'restaurants'
          ? [...restaurants.values()]
          : [...orders.values(), ...clusterMarkers.values()].map((e) => e.marker);
      for (const marker of markers) marker.setMap(show ? map : null);
    },
    setRoutes() {
      // Google's view shows the highlighted drop-offs without the dashed lines.
    },
    setZones(zones) {
      for (const polygon of zonePolygons) polygon.setMap(null);
      zonePolygons = zones.map(
        (zone) =>
          new g.Polygon({
            map,
            paths: zoneRings(zone.geometry),
            clickable: false,
            zIndex: 0,
            strokeColor: KIND_COLORS[zone.kind],
            fillColor: KIND_COLORS[zone.kind],
            strokeWeight: zoneStyle(zone).weight,
            strokeOpacity: zoneStyle(zone).opacity,
            fillOpacity: zoneStyle(zone).fillOpacity,
          }),
      );
    },
    openOrderPopup(id, content) {
      const entry = orders.get(id);
      if (!entry) return;
      orderOwner = id;
      orderInfo.setContent(content);
      orderInfo.open({ map, anchor: entry.marker });
    },
    closeOrderPopup() {
      orderOwner = null;
      orderInfo.close();
    },
    destroy() {
      for (const polygon of zonePolygons) polygon.setMap(null);
      for (const { marker } of entries.values()) marker.setMap(null);
      for (const marker of restaurants.values()) marker.setMap(null);
      for (const { marker } of orders.values()) marker.setMap(null);
      for (const { marker } of clusterMarkers.values()) marker.setMap(null);
      clusterMarkers.clear();
      entries.clear();
      restaurants.clear();
      orders.clear();
      info.close();
      orderInfo.close();
    },
  };
}
