import { Box, useMediaQuery, useTheme } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridLocaleText,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { enUS, hrHR } from '@mui/x-data-grid/locales';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListParams, PAGE_SIZE_OPTIONS } from '../lib/list-params';
import { CardList } from './data-table/card-list';
import type { ListColumn } from './data-table/columns';
import { hiddenColumns } from './data-table/fit-columns';
import { ErrorState } from './error-state';

interface DataTableProps<R extends GridValidRowModel> {
  /** The accessible name of the grid. */
  label: string;
  /** The columns, each saying where it goes on a phone's card and how soon it gives way (`ListColumn`). */
  columns: ListColumn<R>[];
  rows: R[] | undefined;
  total: number | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
}

function toSortModel(sort: string): GridSortModel {
  if (!sort) return [];
  return sort.startsWith('-') ? [{ field: sort.slice(1), sort: 'desc' }] : [{ field: sort, sort: 'asc' }];
}

/**
 * The width of the element `ref` is put on, followed as it changes (0 until measured). A callback ref:
 * the table's box comes and goes (a phone's cards, an error) and is measured whenever it is there.
 */
function useWidth() {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setWidth(element.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.current.observe(element);
  }, []);
  return [ref, width] as const;
}

const rowId = (row: GridValidRowModel) => row.id as string | number;

/**
 * The one list: MUI X DataGrid in server mode, its page/size/sort bound to the URL list params.
 * Shows a skeleton while loading, "Not found" when empty, and an error with a retry button.
 * One responsive rule for every list: on a phone (below `sm`) the rows are cards, each column where its
 * `card` role puts it; at table widths the columns of priority 3, then 2, give way until the rest fit
 * the box, so no column is cut and none scrolls out of sight.
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  const { label, columns, rows, total, loading, error, onRetry, params, setParams } = props;
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [box, width] = useWidth();
  const localeText = useMemo(() => {
    const base = (i18n.language === 'bs' ? hrHR : enUS).components.MuiDataGrid.defaultProps.localeText;
    return { ...base, noRowsLabel: t('common.not_found'), noResultsOverlayLabel: t('common.not_found') };
  }, [i18n.language, t]);
  // The grid's two borders are inside the box. The same model while the same columns hide: a new one
  // at every pixel of a resize would make the grid apply it again.
  const hidden = hiddenColumns(columns, width - 2);
  const hiddenKey = Object.keys(hidden).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for `hidden`.
  const columnVisibilityModel = useMemo(() => hidden, [hiddenKey]);
  const gridColumns = useMemo(
    () => columns.map(({ card: _card, priority: _priority, ...column }) => column as GridColDef<R>),
    [columns],
  );

  if (error && !rows) return <ErrorState onRetry={onRetry} />;

  if (phone)
    return (
      <CardList
        label={label}
        columns={columns}
        rows={rows}
        total={total}
        loading={loading}
        params={params}
        setParams={setParams}
        localeText={localeText}
        getRowId={rowId}
      />
    );

  return (
    <Box ref={box} sx={{ minWidth: 0 }}>
      <DataTableGrid
        {...props}
        columns={gridColumns}
        columnVisibilityModel={columnVisibilityModel}
        localeText={localeText}
      />
    </Box>
  );
}

function DataTableGrid<R extends GridValidRowModel>(
  props: Omit<DataTableProps<R>, 'columns' | 'error' | 'onRetry'> & {
    columns: GridColDef<R>[];
    columnVisibilityModel: Record<string, boolean>;
    localeText: Partial<GridLocaleText>;
  },
) {
  const { label, columns, rows, total, loading, params, setParams, columnVisibilityModel, localeText } =
    props;
  return (
    <DataGrid
      aria-label={label}
      columns={columns}
      columnVisibilityModel={columnVisibilityModel}
      rows={rows ?? []}
      rowCount={total ?? 0}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableRowSelectionOnClick
      disableColumnMenu
      sortingOrder={['asc', 'desc']}
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      paginationModel={{ page: params.page - 1, pageSize: params.per_page }}
      onPaginationModelChange={(model) => {
        if (model.pageSize !== params.per_page) setParams({ per_page: model.pageSize });
        else setParams({ page: model.page + 1 });
      }}
      sortModel={toSortModel(params.sort)}
      onSortModelChange={(model) => {
        const first = model[0];
        setParams({ sort: first ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : '' });
      }}
      localeText={localeText}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{ minHeight: 320, bgcolor: 'background.paper' }}
    />
  );
}
