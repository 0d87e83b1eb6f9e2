import type { GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';
import type { ListColumn } from './columns';

/** The least a column takes: its fixed width, or a flexible column's `minWidth` (MUI X's defaults). */
export const leastWidth = (column: ListColumn<GridValidRowModel>): number =>
  column.flex ? (column.minWidth ?? 50) : (column.width ?? 100);

/**
 * The columns to hide so that the rest fit `available` pixels: priority 3 before 2, the rightmost of
 * a priority first, one at a time until the widths fit. Priority 1 (and a column without one) stays,
 * whatever the room; with no room measured yet (0) nothing is hidden.
 */
export function hiddenColumns<R extends GridValidRowModel>(
  columns: readonly ListColumn<R>[],
  available: number,
): GridColumnVisibilityModel {
  const hidden: GridColumnVisibilityModel = {};
  if (available <= 0) return hidden;
  let total = columns.reduce((sum, column) => sum + leastWidth(column as ListColumn<GridValidRowModel>), 0);
  const candidates = columns
    .map((column, index) => ({ column, index, priority: column.priority ?? 1 }))
    .filter((candidate) => candidate.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  for (const { column } of candidates) {
    if (total <= available) break;
    hidden[column.field] = false;
    total -= leastWidth(column as ListColumn<GridValidRowModel>);
  }
  return hidden;
}
