import { useEffect, useRef } from 'react';

interface Props {
  lat: number;
  lng: number;
  label: string;
}

/**
 * The driver's position on a Leaflet map, loaded only when there is a position to show (Leaflet and
 * its styles stay out of the page's first load); the tiles come from the server's configuration.
 */
export function DriverMap({ lat, lng, label }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const view = useRef<{ move: (lat: number, lng: number) => void; remove: () => void } | null>(null);
  const position = useRef({ lat, lng });
  position.current = { lat, lng };

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const [{ default: L }, config] = await Promise.all([
        import('leaflet'),
        fetch('/api/config')
          .then((r) => r.json() as Promise<{ map: { tile_url: string; tile_attribution: string } }>)
          .then((r) => r.map)
          .catch(() => null),
        import('leaflet/dist/leaflet.css'),
        import('../lib/leaflet-overrides.css'),
      ]);
      if (cancelled || !element.current || !config) return;
      const start = position.current;
      const map = L.map(element.current, {
        center: [start.lat, start.lng],
        zoom: 15,
        attributionControl: true,
      });
      L.tileLayer(config.tile_url, { attribution: config.tile_attribution, maxZoom: 19 }).addTo(map);
      const marker = L.circleMarker([start.lat, start.lng], {
        radius: 9,
        color: '#fff',
        weight: 3,
        fillColor: '#1565c0',
        fillOpacity: 1,
      }).addTo(map);
      view.current = {
        move: (a, b) => {
          marker.setLatLng([a, b]);
          map.panTo([a, b], { animate: true });
        },
        remove: () => map.remove(),
      };
    })();
    return () => {
      cancelled = true;
      view.current?.remove();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.move(lat, lng);
  }, [lat, lng]);

  // Leaflet makes the map itself a focusable control (keyboard panning): named by a group around it.
  return (
    <section aria-label={label}>
      <div ref={element} className="map" />
    </section>
  );
}
