import Supercluster from 'supercluster';
import type { OrderPoint } from './map-view';

/**
 * Drop-offs that lie close together at the map's zoom, drawn as one marker with their count and how
 * many of them are late (late ones cluster too: two hundred late orders are a few red-badged clusters,
 * not a red mass).
 */
export interface OrderCluster {
  /** Supercluster's id of the cluster (stable for one load and zoom). */
  id: number;
  lat: number;
  lng: number;
  count: number;
  /** How many of the `count` are late. */
  late: number;
  /** The zoom at which the cluster falls apart: a click zooms there. */
  expansionZoom: number;
}

/** West, south, east, north. */
export type Bounds = [number, number, number, number];

/** Cluster radius in pixels; past `MAX_ZOOM` (streets) every drop-off stands alone. */
const RADIUS = 60;
const MAX_ZOOM = 16;

interface PointProps {
  id: number;
  late: number;
}
/** What a cluster adds up from its points: how many are late. */
interface ClusterProps {
  late: number;
}

/**
 * The drop-offs' clustering, whatever the map provider: every drop-off clusters (Supercluster), each
 * cluster counting its late ones (its label and badge say so); only the selected driver's stand alone,
 * lit, with their routes.
 */
export function createOrderClusters() {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: RADIUS,
    maxZoom: MAX_ZOOM,
    map: (props) => ({ late: props.late }),
    reduce: (sum, props) => {
      sum.late += props.late;
    },
  });
  let alone: OrderPoint[] = [];
  let byId = new Map<number, OrderPoint>();
  // Supercluster has no trees before its first load: the map moves before the orders arrive.
  let loaded = false;

  return {
    load(points: readonly OrderPoint[]) {
      loaded = true;
      alone = points.filter((point) => point.highlighted);
      byId = new Map(points.map((point) => [point.id, point]));
      index.load(
        points
          .filter((point) => !point.highlighted)
          .map((point) => ({
            type: 'Feature' as const,
            properties: { id: point.id, late: point.late ? 1 : 0 },
            geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
          })),
      );
    },
    /** What to draw in `bounds` at `zoom`: clusters, and the drop-offs drawn one by one. */
    at(bounds: Bounds, zoom: number): { clusters: OrderCluster[]; points: OrderPoint[] } {
      const clusters: OrderCluster[] = [];
      const points: OrderPoint[] = [...alone];
      if (!loaded || !Number.isFinite(zoom)) return { clusters, points };
      for (const feature of index.getClusters(bounds, Math.round(zoom))) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties as {
          cluster?: boolean;
          point_count?: number;
          id?: number;
          late?: number;
        };
        if (properties.cluster) {
          const id = feature.id as number;
          clusters.push({
            id,
            lat,
            lng,
            count: properties.point_count ?? 0,
            late: properties.late ?? 0,
            expansionZoom: Math.min(index.getClusterExpansionZoom(id), MAX_ZOOM + 1),
          });
        } else {
          const point = byId.get(properties.id as number);
          if (point) points.push(point);
        }
      }
      return { clusters, points };
    },
  };
}
