import { DataGrid, type GridColDef, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { enUS, hrHR } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListParams, PAGE_SIZE_OPTIONS } from '../lib/list-params';
import { ErrorState } from './error-state';

interface DataTableProps<R extends GridValidRowModel> {
  /** The accessible name of the grid. */
  label: string;
  columns: GridColDef<R>[];
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
 * The one list table: MUI X DataGrid in server mode, its page/size/sort bound to the URL list params.
 * Shows a skeleton while loading, "Not found" when empty, and an error with a retry button.
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  const { label, columns, rows, total, loading, error, onRetry, params, setParams } = props;
  const { t, i18n } = useTranslation();
  const localeText = useMemo(() => {
    const base = (i18n.language === 'bs' ? hrHR : enUS).components.MuiDataGrid.defaultProps.localeText;
    return { ...base, noRowsLabel: t('common.not_found'), noResultsOverlayLabel: t('common.not_found') };
  }, [i18n.language, t]);

  if (error && !rows) return <ErrorState onRetry={onRetry} />;

  return (
    <DataGrid
      aria-label={label}
      columns={columns}
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
