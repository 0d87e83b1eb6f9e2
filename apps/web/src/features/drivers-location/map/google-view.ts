import type { GoogleMarker } from './google-loader';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  type DriverMapView,
  lookKey,
  type MapViewCallbacks,
  type MarkerLook,
  STATE_COLORS,
} from './map-view';

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

  const markerOptions = (look: MarkerLook) => ({
    title: look.label,
    label: { text: look.letter, color: '#ffffff', fontWeight: '700' },
    icon: {
      path: look.state === 'on_break' ? 'M -10 -10 L 10 -10 L 10 10 L -10 10 Z' : g.SymbolPath.CIRCLE,
      scale: look.state === 'on_break' ? 1.2 : 13,
      fillColor: STATE_COLORS[look.state],
      fillOpacity: 1,
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
    destroy() {
      for (const { marker } of entries.values()) marker.setMap(null);
      entries.clear();
      info.close();
    },
  };
}
