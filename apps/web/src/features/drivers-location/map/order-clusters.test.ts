import { describe, expect, it } from 'vitest';
import type { OrderPoint } from './map-view';
import { createOrderClusters } from './order-clusters';

const point = (id: number, lat: number, lng: number, late = false, highlighted = false): OrderPoint => ({
  id,
  lat,
  lng,
  late,
  highlighted,
  label: `D${id}`,
});

/** Sarajevo and around. */
const WORLD: [number, number, number, number] = [18, 43.5, 19, 44.2];

describe('createOrderClusters', () => {
  // 300 drop-offs on time within a few streets, 5 late ones among them, one of the selected driver's.
  const crowd = Array.from({ length: 300 }, (_, i) =>
    point(i + 1, 43.855 + (i % 20) * 0.0005, 18.41 + Math.floor(i / 20) * 0.0005),
  );
  const late = [1, 2, 3, 4, 5].map((i) => point(1000 + i, 43.86 + i * 0.0001, 18.415, true));
  const selected = point(2000, 43.86, 18.416, false, true);

  it('draws hundreds of drop-offs as a few counted clusters when zoomed out, late ones counted', () => {
    const clusters = createOrderClusters();
    clusters.load([...crowd, ...late, selected]);
    const at12 = clusters.at(WORLD, 12);
    expect(at12.clusters.length).toBeGreaterThan(0);
    expect(at12.clusters.length).toBeLessThan(10);
    const counted = at12.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    expect(counted + at12.points.filter((p) => !p.highlighted).length).toBe(305);
    // The five late ones are in the counts, each cluster saying how many of its own are late.
    expect(at12.clusters.reduce((sum, cluster) => sum + cluster.late, 0)).toBe(5);
    expect(at12.clusters.every((cluster) => cluster.late <= cluster.count)).toBe(true);
    // A cluster's click zooms in past the zoom it was drawn at.
    expect(at12.clusters.every((cluster) => cluster.expansionZoom > 12)).toBe(true);
  });

  it('every late drop-off is counted at every zoom: in a cluster’s late count or on its own', () => {
    const clusters = createOrderClusters();
    clusters.load([...crowd, ...late, selected]);
    for (const zoom of [3, 8, 12, 15, 18]) {
      const { clusters: drawn, points } = clusters.at(WORLD, zoom);
      const lateAlone = points.filter((p) => p.late).length;
      expect(drawn.reduce((sum, cluster) => sum + cluster.late, 0) + lateAlone).toBe(late.length);
    }
  });

  it('two hundred late drop-offs close together are a few clusters zoomed out, not a red mass', () => {
    const clusters = createOrderClusters();
    const lateCrowd = Array.from({ length: 200 }, (_, i) =>
      point(5000 + i, 43.85 + (i % 100) * 0.0002, 18.4 + Math.floor(i / 2) * 0.0003, true),
    );
    clusters.load([...lateCrowd, ...crowd.slice(0, 50)]);
    const at13 = clusters.at(WORLD, 13);
    expect(at13.points.filter((p) => p.late).length).toBeLessThan(10);
    expect(at13.clusters.reduce((sum, cluster) => sum + cluster.late, 0)).toBe(
      200 - at13.points.filter((p) => p.late).length,
    );
    // At street level they come apart again, each on its own.
    expect(clusters.at(WORLD, 18).points.filter((p) => p.late)).toHaveLength(200);
  });

  it('never puts the selected driver’s drop-offs in a cluster, at any zoom', () => {
    const clusters = createOrderClusters();
    clusters.load([...crowd, ...late, selected]);
    for (const zoom of [3, 8, 12, 15, 18]) {
      const ids = clusters.at(WORLD, zoom).points.map((p) => p.id);
      expect(ids).toContain(selected.id);
    }
  });

  it('draws nothing before the first orders arrive (the map moves first)', () => {
    expect(createOrderClusters().at(WORLD, 13)).toEqual({ clusters: [], points: [] });
  });

  it('draws every drop-off on its own at street zoom', () => {
    const clusters = createOrderClusters();
    clusters.load(crowd.slice(0, 10));
    const at18 = clusters.at(WORLD, 18);
    expect(at18.clusters).toEqual([]);
    expect(at18.points).toHaveLength(10);
  });
});
