import { afterEach, describe, expect, it } from 'vitest';
import type { GoogleMapsApi } from './google-loader';
import { createGoogleView } from './google-view';
import type { OrderPoint } from './map-view';

/**
 * The Google view draws the same clusters as the Leaflet one: a stand-in for the Google Maps script
 * records the markers on the map (Google's own script needs a key and the network).
 */
type Fake = { options: Record<string, unknown>; map: unknown; listeners: Record<string, () => void> };
function fakeGoogle(zoom: number) {
  const markers: Fake[] = [];
  let idle: (() => void) | undefined;
  let currentZoom = zoom;
  const map = {
    panTo() {},
    addListener(_event: string, handler: () => void) {
      idle = handler;
    },
    getBounds: () => ({ extend() {}, toJSON: () => ({ west: 18, south: 43.5, east: 19, north: 44.2 }) }),
    getZoom: () => currentZoom,
    setZoom(next: number) {
      currentZoom = next;
    },
    fitBounds() {},
  };
  class Marker {
    fake: Fake;
    constructor(options: Record<string, unknown>) {
      this.fake = { options, map: options.map, listeners: {} };
      markers.push(this.fake);
    }
    addListener(event: string, handler: () => void) {
      this.fake.listeners[event] = handler;
    }
    setPosition() {}
    setOptions(options: Record<string, unknown>) {
      this.fake.options = { ...this.fake.options, ...options };
    }
    setMap(next: unknown) {
      this.fake.map = next;
    }
    getPosition() {
      return this.fake.options.position as { lat: number; lng: number };
    }
  }
  class InfoWindow {
    addListener() {}
    setContent() {}
    open() {}
    close() {}
  }
  const api = {
    Map: function FakeMap() {
      return map;
    },
    InfoWindow,
    Marker,
    LatLngBounds: class {
      extend() {}
    },
    SymbolPath: { CIRCLE: 0 },
  } as unknown as GoogleMapsApi;
  window.google = { maps: api };
  return { markers, shown: () => markers.filter((m) => m.map), idle: () => idle?.(), map };
}

const point = (id: number, lat: number, lng: number, late = false): OrderPoint => ({
  id,
  lat,
  lng,
  late,
  highlighted: false,
  label: `D${id}`,
});
const callbacks = {
  onMarkerClick() {},
  onPopupClose() {},
  onOrderClick() {},
  onOrderPopupClose() {},
  orderClusterLabel: (count: number, late: number) =>
    late > 0 ? `${count} orders, ${late} late: zoom in` : `${count} orders on time: zoom in`,
};

afterEach(() => {
  window.google = undefined;
});

describe('createGoogleView', () => {
  it('draws hundreds of drop-offs as a few counted clusters, the late ones counted in theirs', () => {
    const google = fakeGoogle(12);
    const view = createGoogleView(document.createElement('div'), callbacks);
    const crowd = Array.from({ length: 300 }, (_, i) =>
      point(i + 1, 43.855 + (i % 20) * 0.0005, 18.41 + Math.floor(i / 20) * 0.0005),
    );
    const late = [1, 2, 3].map((i) => point(1000 + i, 43.86 + i * 0.0001, 18.415, true));
    view.setOrders([...crowd, ...late]);
    const shown = google.shown();
    const clusters = shown.filter((m) => String(m.options.title).endsWith('zoom in'));
    const alone = shown.filter((m) => /^D\d+$/.test(String(m.options.title)));
    expect(clusters.length).toBeGreaterThan(0);
    expect(clusters.length).toBeLessThan(10);
    expect(alone).toEqual([]);
    // The three late ones are counted in their cluster's name and drawn in the late color.
    const withLate = clusters.filter((m) => / 3 late: /.test(String(m.options.title)));
    expect(withLate).toHaveLength(1);
    expect((withLate[0]?.options.icon as { fillColor: string } | undefined)?.fillColor).toBe('#c62828');
    // A cluster's click zooms in; at street level every drop-off stands alone.
    clusters[0]?.listeners.click?.();
    google.map.setZoom(18);
    google.idle();
    expect(google.shown().filter((m) => /^D\d+$/.test(String(m.options.title)))).toHaveLength(303);
    view.destroy();
    expect(google.shown()).toHaveLength(0);
  });
});
