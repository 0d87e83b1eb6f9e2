import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/bus.js';
import { announceOrders } from '../orders/orders-announce.js';
import { recordEtaChanges } from '../webhooks/webhooks-outbox.js';
import { refreshModels } from './eta-models.js';
import { predictOrders } from './eta-predictions.js';

/** How often the learned models are recomputed from history, and the active orders re-predicted. */
export const MODELS_EVERY_MS = 15 * 60_000;
export const PREDICTIONS_EVERY_MS = 30_000;

/**
 * Keeps the learned times and the predictions fresh in this instance: the models at start-up and every
 * 15 minutes, the active orders every 30 seconds (drivers move, kitchens run late). A timer is enough
 * here, not the job queue: nothing is owed later — a missed round is made good by the next, every
 * run is an idempotent upsert, and the prediction pass takes an advisory lock so that one instance of
 * several does each round (decision 0021).
 */
export function startEtaRefresh(
  db: Db,
  bus: EventBus,
  timeZone: string,
  warn: (error: unknown, what: string) => void,
): () => void {
  const models = () => refreshModels(db, timeZone).catch((error) => warn(error, 'eta models refresh failed'));
  const predictions = () =>
    refreshPredictions(db, bus, timeZone).catch((error) => warn(error, 'eta predictions refresh failed'));
  void models().then(predictions);
  const timers = [setInterval(models, MODELS_EVERY_MS), setInterval(predictions, PREDICTIONS_EVERY_MS)];
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}

/**
 * The periodic pass over every active order (drivers move, kitchens run late): one instance at a time
 * (a transaction-scoped advisory lock; the others skip this round), the moved orders announced like
 * any order change so the boards update. It lives here, not beside predictOrders: the order commands
 * import the prediction, and this pass imports the orders' announcer (no import cycle).
 */
export async function refreshPredictions(db: Db, bus: EventBus, timeZone: string) {
  const changed = await db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ ok: sql<boolean>`pg_try_advisory_xact_lock(hashtext('eta.predictions'))` })
      .from(sql`(select 1) as one`);
    if (!lock?.ok) return [];
    const moved = await predictOrders(tx, { timeZone });
    // Integrators hear of the new ETAs (issue 40), in the pass's own transaction.
    await recordEtaChanges(
      tx,
      moved.map((c) => c.id),
    );
    return moved;
  });
  // Each moved order goes out as its list row, so an open board patches the row in place instead of
  // refetching its lists once per pass (decision 0008). Its status and driver did not move; its risk
  // did, perhaps: `previous` carries the risk it had.
  await announceOrders(
    db,
    bus,
    changed.map((c) => ({
      id: c.id,
      previous: { unmoved: { risk_reason: c.risk_reason } },
      note: { eta: true },
    })),
  );
  return changed.length;
}
