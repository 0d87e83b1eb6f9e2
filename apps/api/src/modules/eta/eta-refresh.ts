import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/bus.js';
import { refreshModels } from './eta-models.js';
import { refreshPredictions } from './eta-predictions.js';

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
