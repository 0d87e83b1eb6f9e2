import 'leaflet/dist/leaflet.css';
import '../../../lib/leaflet-overrides.css';
import './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { Zone, ZoneGeometry } from '@dostava/shared';
import { Box } from '@mui/material';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { useAppConfig } from '../../../api/app-config/get-app-config';
import { KIND_COLORS } from '../../../components/zone-colors';

/** Sarajevo, where the demo operation delivers; the map fits the zones once it has them. */
const CENTER: [number, number] = [43.856, 18.41];

export interface ZonesMapProps {
  zones: readonly Zone[];
  /** The zone being edited (drawn as the draft instead). */
  editingId?: number | null;
  /** The outline being drawn or edited; null when nothing is. */
  draft?: ZoneGeometry | null;
  /** Drawing tools (Admin): a new outline, edited vertices, a hole cut. */
  onDraft?: (geometry: ZoneGeometry) => void;
  /** The simulator: a click picks the customer's point. */
  onPick?: (point: { lat: number; lng: number }) => void;
  point?: { lat: number; lng: number } | null;
  /** Draw the zones faintly (a backdrop to other things). */
  faint?: boolean;
  height?: Record<string, number | string> | number | string;
}

const geometryOf = (layer: L.Layer): ZoneGeometry | null => {
  const feature = (layer as L.Polygon).toGeoJSON?.();
  const geometry = feature?.geometry;
  return geometry && (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')
    ? (geometry as ZoneGeometry)
    : null;
};

function Layers({ zones, editingId, draft, onDraft, onPick, point, faint }: ZonesMapProps) {
  const map = useMap();
  const { t, i18n } = useTranslation();
  const zonesLayer = useRef<L.LayerGroup | null>(null);
  const draftLayer = useRef<L.LayerGroup | null>(null);
  const pointLayer = useRef<L.LayerGroup | null>(null);
  /** The draft this map emitted itself: not drawn again (the layer being edited is already it). */
  const emitted = useRef<ZoneGeometry | null>(null);
  const fitted = useRef(false);
  const onDraftRef = useRef(onDraft);
  onDraftRef.current = onDraft;

  useEffect(() => {
    zonesLayer.current = L.layerGroup().addTo(map);
    draftLayer.current = L.layerGroup().addTo(map);
    pointLayer.current = L.layerGroup().addTo(map);
    return () => {
      zonesLayer.current?.remove();
      draftLayer.current?.remove();
      pointLayer.current?.remove();
    };
  }, [map]);

  const editable = onDraft !== undefined;
  const language = i18n.language;
  const tRef = useRef(t);
  tRef.current = t;

  // Geoman's toolbar, in the page's language (its own has no Bosnian: the catalogue gives it). Set up
  // once per map and language: setting it again would end a drawing under way.
  useEffect(() => {
    if (!editable) return;
    const tr = tRef.current;
    map.pm.setLang(
      language === 'bs' ? ('bs' as 'en') : 'en',
      {
        buttonTitles: {
          drawPolyButton: tr('zones.geoman.draw'),
          editButton: tr('zones.geoman.edit'),
          cutButton: tr('zones.geoman.cut'),
          snappingButton: tr('zones.geoman.snapping'),
        },
        actions: {
          finish: tr('zones.geoman.finish'),
          cancel: tr('common.cancel'),
          removeLastVertex: tr('zones.geoman.remove_last'),
        },
        tooltips: {
          firstVertex: tr('zones.geoman.first_vertex'),
          continueLine: tr('zones.geoman.continue'),
          finishPoly: tr('zones.geoman.close'),
        },
      },
      'en',
    );
    map.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawRectangle: false,
      drawCircle: false,
      drawText: false,
      editMode: false,
      dragMode: false,
      cutPolygon: true,
      removalMode: false,
      rotateMode: false,
    });
    map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: true, snapDistance: 15 });
    // Geoman titles the container, not the link a keyboard and a screen reader reach: name the link;
    // and the vertex handles it adds are keyboard-reachable markers: each gets a name too.
    const vertex = tr('zones.geoman.vertex');
    const name = () => {
      for (const container of map.getContainer().querySelectorAll<HTMLElement>('.button-container[title]')) {
        const link = container.querySelector('a.leaflet-buttons-control-button');
        if (link && link.getAttribute('aria-label') !== container.title)
          link.setAttribute('aria-label', container.title);
      }
      for (const marker of map
        .getContainer()
        .querySelectorAll<HTMLElement>('.marker-icon:not([aria-label])')) {
        marker.setAttribute('aria-label', vertex);
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(map.getContainer(), { childList: true, subtree: true });
    const created = (event: { layer: L.Layer }) => {
      const geometry = geometryOf(event.layer);
      event.layer.remove();
      if (geometry) onDraftRef.current?.(geometry);
    };
    const cut = (event: { layer: L.Layer; originalLayer: L.Layer }) => {
      const geometry = geometryOf(event.layer);
      event.layer.remove();
      if (geometry) onDraftRef.current?.(geometry);
    };
    map.on('pm:create', created as never);
    map.on('pm:cut', cut as never);
    return () => {
      map.off('pm:create', created as never);
      map.off('pm:cut', cut as never);
      map.pm.removeControls();
      observer.disconnect();
    };
  }, [map, editable, language]);

  useEffect(() => {
    const group = zonesLayer.current;
    if (!group) return;
    group.clearLayers();
    for (const zone of zones) {
      if (zone.id === editingId) continue;
      const color = KIND_COLORS[zone.kind];
      const layer = L.geoJSON(
        zone.geometry as GeoJSON.Geometry,
        {
          pmIgnore: true,
          style: {
            color,
            weight: faint ? 1 : 2,
            opacity: faint ? 0.5 : zone.active ? 0.9 : 0.4,
            dashArray: zone.active ? undefined : '4 4',
            fillColor: color,
            fillOpacity: faint ? 0.04 : zone.kind === 'exclusion' ? 0.3 : 0.12,
          },
        } as L.GeoJSONOptions,
      );
      layer.bindTooltip(`${zone.name} · ${t(`zones.kinds.${zone.kind}`)}`, { sticky: true });
      group.addLayer(layer);
    }
    if (!fitted.current && zones.length > 0) {
      const bounds = L.geoJSON({
        type: 'FeatureCollection',
        features: zones.map((z) => ({ type: 'Feature', properties: {}, geometry: z.geometry })),
      } as GeoJSON.FeatureCollection).getBounds();
      if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16] });
      fitted.current = true;
    }
  }, [map, zones, editingId, faint, t]);

  useEffect(() => {
    const group = draftLayer.current;
    if (!group) return;
    if (draft && draft === emitted.current) return;
    group.clearLayers();
    if (!draft) return;
    const geo = L.geoJSON(draft as GeoJSON.Geometry, {
      style: { color: '#6a1b9a', weight: 3, fillOpacity: 0.2 },
    });
    for (const layer of geo.getLayers()) {
      group.addLayer(layer);
      if (!onDraftRef.current) continue;
      (layer as L.Polygon).pm.enable({ allowSelfIntersection: false, snappable: true });
      const changed = () => {
        const geometry = geometryOf(layer);
        if (!geometry) return;
        emitted.current = geometry;
        onDraftRef.current?.(geometry);
      };
      layer.on('pm:edit', changed);
      layer.on('pm:cut', changed);
    }
  }, [draft]);

  useEffect(() => {
    if (!onPick) return;
    const click = (event: L.LeafletMouseEvent) =>
      onPick({ lat: Number(event.latlng.lat.toFixed(6)), lng: Number(event.latlng.lng.toFixed(6)) });
    map.on('click', click);
    return () => {
      map.off('click', click);
    };
  }, [map, onPick]);

  useEffect(() => {
    const group = pointLayer.current;
    if (!group) return;
    group.clearLayers();
    if (point) {
      group.addLayer(
        L.circleMarker([point.lat, point.lng], {
          radius: 8,
          color: '#fff',
          weight: 2,
          fillColor: '#2e7d32',
          fillOpacity: 1,
        }).bindTooltip(t('zones.simulator.customer')),
      );
    }
  }, [point, t]);

  return null;
}

/** The zones on a Leaflet map, with Geoman's drawing tools when `onDraft` is given. */
export function ZonesMap(props: ZonesMapProps) {
  const { t } = useTranslation();
  const config = useAppConfig().data?.map;
  return (
    <Box
      role="region"
      aria-label={t('zones.map_label')}
      sx={{ height: props.height ?? { xs: 360, md: 560 }, borderRadius: 1, overflow: 'hidden' }}
    >
      <MapContainer center={CENTER} zoom={12} zoomControl={false} style={{ height: '100%', width: '100%' }}>
        <ZoomControl position="topleft" zoomInTitle={t('zones.zoom_in')} zoomOutTitle={t('zones.zoom_out')} />
        {config ? <TileLayer url={config.tile_url} attribution={config.tile_attribution} /> : null}
        <Layers {...props} />
      </MapContainer>
    </Box>
  );
}
