import {
  Box,
  Card,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import type { GridLocaleText, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../lib/list-params';
import type { CardRole, ListColumn } from './columns';

interface CardListProps<R extends GridValidRowModel> {
  label: string;
  columns: readonly ListColumn<R>[];
  rows: R[] | undefined;
  total: number | undefined;
  loading: boolean;
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  localeText: Partial<GridLocaleText>;
  getRowId: (row: R) => string | number;
}

const roleOf = (column: ListColumn<GridValidRowModel>): CardRole | false =>
  column.card ?? (column.field === 'actions' ? 'actions' : 'field');

/**
 * What a column shows for a row outside the grid: its `renderCell` (given the row, the value and the
 * formatted value, which is all the kit's cells read), else its formatted value, '—' for nothing.
 */
function cellOf<R extends GridValidRowModel>(column: ListColumn<R>, row: R, id: string | number): ReactNode {
  // The columns' getters and formatters read the value and the row only; they get no grid API here.
  const api = { current: null } as never;
  const raw = row[column.field as keyof R];
  const value = column.valueGetter ? column.valueGetter(raw as never, row, column, api) : raw;
  const formatted = column.valueFormatter ? column.valueFormatter(value as never, row, column, api) : value;
  if (column.renderCell) {
    const params = { row, value, formattedValue: formatted, field: column.field, id, colDef: column };
    return column.renderCell(params as unknown as GridRenderCellParams<R>);
  }
  return formatted === null || formatted === undefined || formatted === '' ? '—' : String(formatted);
}

/** The sort choices of a phone's list: each sortable column, ascending and descending. */
function SortSelect<R extends GridValidRowModel>(props: {
  columns: readonly ListColumn<R>[];
  sort: string;
  onChange: (sort: string) => void;
}) {
  const { t } = useTranslation();
  const sortable = props.columns.filter((column) => column.sortable !== false && column.field !== 'actions');
  if (sortable.length === 0) return null;
  const values = sortable.flatMap((column) => [column.field, `-${column.field}`]);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('common.sort_by')}
      value={values.includes(props.sort) ? props.sort : ''}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {values.includes(props.sort) ? null : <option value="">{t('common.sort_default')}</option>}
      {sortable.flatMap((column) => {
        const name = column.headerName ?? column.field;
        return [
          <option key={column.field} value={column.field}>
            {t('common.sort_asc', { column: name })}
          </option>,
          <option key={`-${column.field}`} value={`-${column.field}`}>
            {t('common.sort_desc', { column: name })}
          </option>,
        ];
      })}
    </TextField>
  );
}

function RowCard<R extends GridValidRowModel>({
  columns,
  row,
  id,
}: {
  columns: readonly ListColumn<R>[];
  row: R;
  id: string | number;
}) {
  const of = (role: CardRole) =>
    columns.filter((column) => roleOf(column as ListColumn<GridValidRowModel>) === role);
  const [title, ...otherTitles] = of('title');
  const subtitles = [...otherTitles, ...of('subtitle')];
  const media = of('media');
  const status = of('status');
  const fields = of('field');
  const actions = of('actions');
  return (
    <Card component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none', minWidth: 0 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        {media.map((column) => (
          <Box key={column.field} sx={{ flexShrink: 0 }}>
            {cellOf(column, row, id)}
          </Box>
        ))}
        <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title ? (
            <Typography component="div" sx={{ fontWeight: 600 }}>
              {cellOf(title, row, id)}
            </Typography>
          ) : null}
          {subtitles.map((column) => (
            <Typography key={column.field} component="div" variant="body2" color="text.secondary">
              {cellOf(column, row, id)}
            </Typography>
          ))}
        </Box>
        {status.length > 0 ? (
          <Stack spacing={0.5} sx={{ flexShrink: 0, alignItems: 'flex-end', maxWidth: '50%' }}>
            {status.map((column) => (
              <Box key={column.field}>{cellOf(column, row, id)}</Box>
            ))}
          </Stack>
        ) : null}
      </Stack>
      {fields.length > 0 ? (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
            columnGap: 1.5,
            rowGap: 0.5,
            m: 0,
            mt: 1,
            typography: 'body2',
          }}
        >
          {fields.map((column) => (
            <Box key={column.field} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {column.headerName}
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {cellOf(column, row, id)}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
      {actions.map((column) => (
        <Stack
          key={column.field}
          direction="row"
          sx={{ mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap', '& > *': { height: 'auto' } }}
        >
          {cellOf(column, row, id)}
        </Stack>
      ))}
    </Card>
  );
}

/**
 * A list on a phone: one card per row, each column where its `card` role puts it; a sort choice above
 * and the pages below, bound to the same URL list params as the table.
 */
export function CardList<R extends GridValidRowModel>(props: CardListProps<R>) {
  const { label, columns, rows, total, loading, params, setParams, localeText, getRowId } = props;
  const { t } = useTranslation();
  return (
    <Box data-list-cards sx={{ minWidth: 0 }}>
      {/* Room above for the select's label, which a screen's box may clip. */}
      <Box sx={{ pt: 1, mb: 1.5 }}>
        <SortSelect columns={columns} sort={params.sort} onChange={(sort) => setParams({ sort })} />
      </Box>
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label={t('common.loading')} /> : null}</Box>
      {rows && rows.length > 0 ? (
        <Stack
          component="ul"
          aria-label={label}
          // The cards shown are the previous page's, dimmed, until the new one lands.
          aria-busy={loading}
          spacing={1}
          sx={{ p: 0, m: 0, opacity: loading ? 0.6 : 1, transition: 'opacity 0.2s' }}
        >
          {rows.map((row) => (
            <RowCard key={getRowId(row)} columns={columns} row={row} id={getRowId(row)} />
          ))}
        </Stack>
      ) : loading ? (
        <Stack spacing={1} aria-hidden>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={112} />
          ))}
        </Stack>
      ) : (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('common.not_found')}</Typography>
        </Paper>
      )}
      <TablePagination
        component="div"
        count={total ?? 0}
        page={total ? params.page - 1 : 0}
        rowsPerPage={params.per_page}
        rowsPerPageOptions={[]}
        onPageChange={(_event, page) => setParams({ page: page + 1 })}
        labelDisplayedRows={(shown) =>
          localeText.paginationDisplayedRows?.({ ...shown, estimated: undefined }) ??
          `${shown.from}–${shown.to} / ${shown.count}`
        }
        getItemAriaLabel={(type) => localeText.paginationItemAriaLabel?.(type) ?? type}
        sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
      />
    </Box>
  );
}
