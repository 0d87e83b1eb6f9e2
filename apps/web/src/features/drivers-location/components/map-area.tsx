import { Box, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import type { MapLayer } from '../map/map-view';
import { DriversMap, type DriversMapProps } from './drivers-map';
import { LayerToggles, MapLegend } from './state-badge';

/** The map's height; the side panel is no taller beside it. */
export const MAP_HEIGHT = { xs: 380, md: 'calc(100dvh - 300px)' };

interface MapAreaProps {
  /** What stands above the map about the focused driver (focus-notice.tsx). */
  notice: ReactNode;
  /** The map's props, or null while its config or the drivers load (a placeholder stands in). */
  map: Omit<DriversMapProps, 'height' | 'layers'> | null;
  layers: Record<MapLayer, boolean>;
  onLayerChange: (layer: MapLayer, shown: boolean) => void;
}

/** The page's main column: the focused driver's notice, the map, and under it the layers and legend. */
export function MapArea({ notice, map, layers, onLayerChange }: MapAreaProps) {
  return (
    <Box sx={{ minWidth: 0, display: 'grid', gap: 1 }}>
      {notice}
      {map ? (
        <DriversMap {...map} layers={layers} height={MAP_HEIGHT} />
      ) : (
        <Skeleton variant="rectangular" sx={{ height: MAP_HEIGHT, borderRadius: 1 }} />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3, rowGap: 1 }}>
        <LayerToggles layers={layers} onChange={onLayerChange} />
        <MapLegend />
      </Box>
    </Box>
  );
}
