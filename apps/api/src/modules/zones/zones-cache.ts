import { ETA_DEFAULTS, FEE_FIELDS, type FeeFields } from '@dostava/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feeRules, restaurantDeliveryAreas, travelTimeModel, zones } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/bus.js';
import { readTogether } from '../../lib/sql.js';
import { bboxOf, type ZoneShape } from './zones-geometry.js';

/** Everything a quote reads besides the restaurant and its menu: held in memory by each instance. */
export interface ZoneSnapshot {
  /** Every zone, active or not (a restaurant's area may name an inactive one). */
  zones: ZoneShape[];
  byId: Map<number, ZoneShape>;
  globalFees: Partial<FeeFields> | null;
  zoneFees: Map<number, Partial<FeeFields>>;
  restaurantFees: Map<number, Partial<FeeFields>>;
  areas: Map<number, { zone_id: number | null; radius_m: number | null }>;
  /** The travel model's detour factor ('any'): road = straight line × this, as the ETA rides. */
  detour: number;
}

/**
 * A change on another instance arrives over the bus; should a notice be lost (Redis down or hung),
 * the snapshot is read again after this long anyway. The detour factor is relearned every 15 minutes,
 * so a minute's staleness of it is nothing.
 */
export const SNAPSHOT_MAX_AGE_MS = 60_000;

async function load(db: Db): Promise<ZoneSnapshot> {
  const [zoneRows, ruleRows, areaRows, [travel]] = await readTogether(db, [
    () => db.select().from(zones),
    () => db.select().from(feeRules),
    () => db.select().from(restaurantDeliveryAreas),
    () =>
      db
        .select({ detour: travelTimeModel.detour_factor })
        .from(travelTimeModel)
        .where(eq(travelTimeModel.vehicle_type, 'any')),
  ]);
  const shapes = zoneRows.map(
    (z): ZoneShape => ({
      id: z.id,
      name: z.name,
      kind: z.kind,
      priority: z.priority,
      active: z.active,
      area_m2: z.area_m2,
      geometry: z.geometry,
      bbox: bboxOf(z.geometry),
    }),
  );
  const fieldsOf = (row: (typeof ruleRows)[number]): Partial<FeeFields> =>
    Object.fromEntries(FEE_FIELDS.map((k) => [k, row[k]]));
  const snapshot: ZoneSnapshot = {
    zones: shapes,
    byId: new Map(shapes.map((z) => [z.id, z])),
    globalFees: null,
    zoneFees: new Map(),
    restaurantFees: new Map(),
    areas: new Map(areaRows.map((a) => [a.restaurant_id, { zone_id: a.zone_id, radius_m: a.radius_m }])),
    detour: travel?.detour ?? ETA_DEFAULTS.detour_factor,
  };
  for (const row of ruleRows) {
    if (row.scope === 'global') snapshot.globalFees = fieldsOf(row);
    else if (row.scope === 'zone' && row.zone_id !== null) snapshot.zoneFees.set(row.zone_id, fieldsOf(row));
    else if (row.restaurant_id !== null) snapshot.restaurantFees.set(row.restaurant_id, fieldsOf(row));
  }
  return snapshot;
}

/**
 * The zones, fee rules and delivery areas in memory, so a quote reads no polygon from the database.
 * Any write (here or on another instance, told over the bus) drops the snapshot; the next quote reads
 * it again, once, whoever asks meanwhile waits for the same read.
 */
export class ZoneCache {
  private current: { at: number; snapshot: Promise<ZoneSnapshot> } | null = null;
  private generation = 0;

  constructor(private readonly db: Db) {}

  snapshot(): Promise<ZoneSnapshot> {
    const now = Date.now();
    if (this.current && now - this.current.at < SNAPSHOT_MAX_AGE_MS) return this.current.snapshot;
    const generation = this.generation;
    const snapshot = load(this.db);
    this.current = { at: now, snapshot };
    // A failed read is not kept: the next caller tries again.
    snapshot.catch(() => {
      if (this.generation === generation) this.current = null;
    });
    return snapshot;
  }

  invalidate(): void {
    this.generation++;
    this.current = null;
  }
}

const caches = new WeakMap<Db, ZoneCache>();

/** The cache of this database handle (one per API instance; each test's app has its own). */
export function zoneCache(db: Db): ZoneCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ZoneCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/** After a committed change: this instance drops its snapshot at once, every other one over the bus. */
export async function zonesChanged(db: Db, bus: EventBus): Promise<void> {
  zoneCache(db).invalidate();
  await bus.publishControl({ type: 'zones.changed' });
}
