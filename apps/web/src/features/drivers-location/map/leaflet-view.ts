import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  type DriverMapView,
  lookKey,
  type MapViewCallbacks,
  type MarkerLook,
  markerHtml,
} from './map-view';

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
  const popup = L.popup({ autoPan: true, maxWidth: 280, minWidth: 200 });
  let popupOwner: number | null = null;

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
      if (entry) map.setView(entry.marker.getLatLng(), Math.max(map.getZoom(), 15));
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
    },
    destroy() {
      entries.clear();
      map.remove();
    },
  };
}
