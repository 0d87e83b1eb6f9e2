import 'leaflet/dist/leaflet.css';
import '../../../lib/leaflet-overrides.css';
import L from 'leaflet';
import { KIND_COLORS } from '../../../components/zone-colors';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  type DriverMapView,
  lookKey,
  type MapLayer,
  type MapViewCallbacks,
  type MarkerLook,
  markerHtml,
  ORDER_COLORS,
  type OrderPoint,
  orderClusterHtml,
  orderClusterSize,
  restaurantHtml,
  zoneStyle,
} from './map-view';
import { createOrderClusters } from './order-clusters';

interface Entry {
  marker: L.Marker;
  key: string;
}

export interface LeafletOptions extends MapViewCallbacks {
  tileUrl: string;
  attribution: string;
  /** Tiles failed to load (offline, blocked): the markers still work. */
  onTileError(): void;
}

/** Leaflet with DivIcon markers (no marker images), moved in place with setLatLng. */
export function createLeafletView(element: HTMLElement, options: LeafletOptions): DriverMapView {
  const map = L.map(element, { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, zoomControl: true });
  const tiles = L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 19 });
  tiles.on('tileerror', () => options.onTileError());
  tiles.addTo(map);
  const entries = new Map<number, Entry>();
  // The driver's popup stays open while an order's popup opens beside it (their drop-offs stay lit).
  const popup = L.popup({
    autoPan: true,
    maxWidth: 300,
    minWidth: 220,
    autoClose: false,
    closeOnClick: false,
  });
  let popupOwner: number | null = null;

  // Orders: restaurants as DOM markers (few); drop-offs clustered where they crowd (hundreds would draw
  // as one mass), each cluster with its count of late ones; a drop-off on time standing alone as a
  // circle on one canvas, a late one as a DOM marker named by its number.
  const canvas = L.canvas({ padding: 0.3 });
  // The zones first, so everything else draws above them; they take no clicks.
  const zoneLayer = L.layerGroup().addTo(map);
  const restaurantLayer = L.layerGroup().addTo(map);
  const routeLayer = L.layerGroup().addTo(map);
  const orderLayer = L.layerGroup().addTo(map);
  const restaurants = new Map<number, { marker: L.Marker; key: string }>();
  const orders = new Map<number, { marker: L.CircleMarker | L.Marker; key: string }>();
  const clustering = createOrderClusters();
  const clusterMarkers = new Map<string, L.Marker>();
  let orderPoints = new Map<number, OrderPoint>();
  const orderPopup = L.popup({ autoPan: true, maxWidth: 300, minWidth: 220 });
  let orderPopupOwner: number | null = null;
  orderPopup.on('remove', () => {
    const id = orderPopupOwner;
    orderPopupOwner = null;
    if (id !== null) options.onOrderPopupClose(id);
  });
  const orderStyle = (point: OrderPoint): L.CircleMarkerOptions => ({
    renderer: canvas,
    radius: point.highlighted ? 9 : point.late ? 7 : 5,
    color: point.highlighted ? ORDER_COLORS.highlight : point.late ? ORDER_COLORS.late_ring : '#ffffff',
    weight: point.highlighted ? 4 : point.late ? 3 : 1.5,
    fillColor: point.late ? ORDER_COLORS.late : ORDER_COLORS.on_time,
    fillOpacity: 0.95,
    opacity: 1,
  });

  const lateIcon = (point: OrderPoint) =>
    L.divIcon({
      html: `<span aria-hidden="true" style="display:block;width:14px;height:14px;border-radius:50%;background:${ORDER_COLORS.late};border:3px solid ${point.highlighted ? ORDER_COLORS.highlight : ORDER_COLORS.late_ring};box-shadow:0 0 0 1.5px #fff"></span>`,
      className: 'driver-marker',
      iconSize: [20, 20],
      iconAnchor: [10, 10],
    });

  /** Draws the drop-offs the view shows now: clusters, and the points that stand alone. */
  function drawOrders() {
    const padded = map.getBounds().pad(0.3);
    const { clusters, points } = clustering.at(
      [
        Math.max(-180, padded.getWest()),
        Math.max(-85, padded.getSouth()),
        Math.min(180, padded.getEast()),
        Math.min(85, padded.getNorth()),
      ],
      map.getZoom(),
    );
    const seen = new Set<number>();
    for (const point of points) {
      seen.add(point.id);
      const key = `${point.lat}|${point.lng}|${point.late}|${point.highlighted}`;
      const entry = orders.get(point.id);
      if (entry?.key === key) continue;
      entry?.marker.remove();
      const marker = point.late
        ? L.marker([point.lat, point.lng], {
            icon: lateIcon(point),
            title: point.label,
            keyboard: true,
            zIndexOffset: point.highlighted ? 600 : 400,
          })
        : L.circleMarker([point.lat, point.lng], orderStyle(point));
      marker.on('click', () => options.onOrderClick(point.id));
      marker.addTo(orderLayer);
      orders.set(point.id, { marker, key });
      if (point.highlighted && marker instanceof L.CircleMarker) marker.bringToFront();
    }
    for (const [id, entry] of orders) {
      if (seen.has(id)) continue;
      entry.marker.remove();
      orders.delete(id);
    }
    const shown = new Set<string>();
    for (const cluster of clusters) {
      const label = options.orderClusterLabel(cluster.count, cluster.late);
      // The label in the key: a change of language (which loads the orders again) names them anew.
      const key = `${cluster.lat}|${cluster.lng}|${cluster.count}|${cluster.late}|${label}`;
      shown.add(key);
      if (clusterMarkers.has(key)) continue;
      const size = orderClusterSize(cluster.count);
      const marker = L.marker([cluster.lat, cluster.lng], {
        icon: L.divIcon({
          html: orderClusterHtml(cluster.count, cluster.late, size),
          className: 'driver-marker',
          iconSize: [size, size],
          iconAnchor: [size / 2, size / 2],
        }),
        title: label,
        keyboard: true,
        // Above the drop-offs standing alone; a cluster with late ones above the others.
        zIndexOffset: cluster.late > 0 ? 300 : 200,
      });
      marker.on('click', () => map.setView([cluster.lat, cluster.lng], cluster.expansionZoom));
      marker.addTo(orderLayer);
      clusterMarkers.set(key, marker);
    }
    for (const [key, marker] of clusterMarkers) {
      if (shown.has(key)) continue;
      marker.remove();
      clusterMarkers.delete(key);
    }
  }
  map.on('moveend', drawOrders);

  const icon = (look: MarkerLook) =>
    L.divIcon({
      html: markerHtml(look),
      className: 'driver-marker',
      iconSize: [28, 28],
      iconAnchor: [14, 14],
      popupAnchor: [0, -14],
    });

  const label = (marker: L.Marker, look: MarkerLook) => {
    const el = marker.getElement();
    el?.setAttribute('aria-label', look.label);
  };

  return {
    upsert(driver, look) {
      const key = lookKey(look);
      const entry = entries.get(driver.id);
      const at = L.latLng(driver.location.lat, driver.location.lng);
      if (!entry) {
        const marker = L.marker(at, {
          icon: icon(look),
          title: look.label,
          keyboard: true,
          riseOnHover: true,
        });
        marker.on('click', () => options.onMarkerClick(driver.id));
        marker.addTo(map);
        label(marker, look);
        entries.set(driver.id, { marker, key });
        return;
      }
      if (!entry.marker.getLatLng().equals(at)) entry.marker.setLatLng(at);
      if (entry.key !== key) {
        entry.marker.options.title = look.label;
        entry.marker.setIcon(icon(look));
        label(entry.marker, look);
        entry.key = key;
      }
    },
    remove(id) {
      const entry = entries.get(id);
      if (!entry) return;
      if (popupOwner === id) this.closePopup();
      entry.marker.remove();
      entries.delete(id);
    },
    ids: () => [...entries.keys()],
    focus(id) {
      const entry = entries.get(id);
      // Without animation: the popup opened next pans itself into view against the final view.
      if (entry) map.setView(entry.marker.getLatLng(), Math.max(map.getZoom(), 15), { animate: false });
    },
    fitAll() {
      const points = [...entries.values()].map((e) => e.marker.getLatLng());
      if (points.length === 1 && points[0]) map.setView(points[0], 15);
      else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
    },
    openPopup(id, content) {
      const entry = entries.get(id);
      if (!entry) return;
      if (popupOwner !== null && popupOwner !== id) this.closePopup();
      // A tall popup scrolls inside a small map (a phone) instead of running off its top.
      popup.options.maxHeight = Math.max(160, map.getSize().y - 60);
      popup.setContent(content);
      entry.marker.bindPopup(popup);
      entry.marker.off('popupclose');
      entry.marker.on('popupclose', () => {
        if (popupOwner === id) {
          popupOwner = null;
          options.onPopupClose(id);
        }
      });
      popupOwner = id;
      entry.marker.openPopup();
    },
    closePopup() {
      if (popupOwner === null) return;
      const entry = entries.get(popupOwner);
      popupOwner = null;
      if (entry) {
        entry.marker.off('popupclose');
        entry.marker.closePopup();
        entry.marker.unbindPopup();
      }
    },
    refreshPopup() {
      if (popupOwner !== null) popup.update();
      if (orderPopupOwner !== null) orderPopup.update();
    },
    setRestaurants(points) {
      const seen = new Set<number>();
      for (const point of points) {
        seen.add(point.id);
        const key = `${point.lat}|${point.lng}|${point.count}|${point.label}`;
        const entry = restaurants.get(point.id);
        if (entry?.key === key) continue;
        entry?.marker.remove();
        const marker = L.marker([point.lat, point.lng], {
          icon: L.divIcon({
            html: restaurantHtml(point.count, point.label),
            className: 'driver-marker',
            iconSize: [24, 24],
            iconAnchor: [12, 12],
          }),
          interactive: false,
          keyboard: false,
          zIndexOffset: -500,
        });
        marker.addTo(restaurantLayer);
        restaurants.set(point.id, { marker, key });
      }
      for (const [id, entry] of restaurants) {
        if (seen.has(id)) continue;
        entry.marker.remove();
        restaurants.delete(id);
      }
    },
    setOrders(points) {
      orderPoints = new Map(points.map((point) => [point.id, point]));
      if (orderPopupOwner !== null && !orderPoints.has(orderPopupOwner)) this.closeOrderPopup();
      clustering.load(points);
      drawOrders();
    },
    setLayerVisible(layer: MapLayer, visible: boolean) {
      const group = layer === 'restaurants' ? restaurantLayer : orderLayer;
      if (visible) group.addTo(map);
      else group.remove();
      if (layer === 'orders') {
        if (visible) routeLayer.addTo(map);
        else routeLayer.remove();
      }
    },
    setZones(zones) {
      zoneLayer.clearLayers();
      for (const zone of zones) {
        L.geoJSON(zone.geometry as GeoJSON.Geometry, {
          interactive: false,
          style: { color: KIND_COLORS[zone.kind], fillColor: KIND_COLORS[zone.kind], ...zoneStyle(zone) },
        }).addTo(zoneLayer);
      }
    },
    setRoutes(from, to) {
      routeLayer.clearLayers();
      if (!from) return;
      for (const point of to) {
        L.polyline(
          [
            [from.lat, from.lng],
            [point.lat, point.lng],
          ],
          { color: '#0d47a1', weight: 2, opacity: 0.8, dashArray: '6 6', interactive: false },
        ).addTo(routeLayer);
      }
    },
    openOrderPopup(id, content) {
      const point = orderPoints.get(id);
      if (!point) return;
      orderPopupOwner = null;
      // Close enough that no cluster holds it (the move draws it on its own).
      map.setView([point.lat, point.lng], Math.max(map.getZoom(), 17), { animate: false });
      orderPopup.options.maxHeight = Math.max(160, map.getSize().y - 60);
      orderPopup.setLatLng([point.lat, point.lng]).setContent(content);
      if (!map.hasLayer(orderPopup)) orderPopup.openOn(map);
      orderPopupOwner = id;
    },
    closeOrderPopup() {
      orderPopupOwner = null;
      orderPopup.close();
    },
    destroy() {
      entries.clear();
      restaurants.clear();
      orders.clear();
      clusterMarkers.clear();
      orderPopupOwner = null;
      map.remove();
    },
  };
}
