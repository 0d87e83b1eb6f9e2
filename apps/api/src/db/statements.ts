/**
 * What both statement caches share (PGlite's, pglite-statements.ts; node-postgres', pg-statements.ts):
 * how many statements one connection keeps prepared, and which texts are never kept.
 */

/** Statements kept prepared at once on one connection; the least recently used is closed past this. */
export const KEPT = 300;

/** Texts PostgreSQL must plan for each call's values (`planEachCall`): never kept prepared. */
const plannedEachCall = new Set<string>();

/**
 * Marks a statement's text to be planned afresh at each call, with its values: a trigram search
 * planned once for any pattern could not choose its index well (`preparedShape`).
 */
export function planEachCall(text: string): void {
  plannedEachCall.add(text);
}

/** Whether `text` was marked by `planEachCall`. */
export const isPlannedEachCall = (text: string): boolean => plannedEachCall.has(text);
