import { formatMoney, type Language } from '@dostava/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/format';

/*
 * Column factories of the list tables. The ones whose cells follow the language take it
 * (`i18n.language`), so a table's `useMemo` lists it as the input it is.
 */

type Extra<R extends GridValidRowModel> = Partial<GridColDef<R>>;
export const languageOf = (language: string): Language => (language === 'bs' ? 'bs' : 'en');

/** A moment: '22.11.2026. 07:33' / '22 Nov 2026, 07:33'. */
export function dateTimeColumn<R extends GridValidRowModel>(
  field: string,
  headerName: string,
  language: string,
  extra: Extra<R> = {},
): GridColDef<R> {
  return {
    field,
    headerName,
    width: 170,
    valueFormatter: (value: string) => formatDateTime(value, languageOf(language)),
    ...extra,
  };
}

/** A calendar day: '22.11.2026.' / '22 Nov 2026'. */
export function dateColumn<R extends GridValidRowModel>(
  field: string,
  headerName: string,
  language: string,
  extra: Extra<R> = {},
): GridColDef<R> {
  return {
    field,
    headerName,
    width: 140,
    valueFormatter: (value: string) => formatDate(value, languageOf(language)),
    ...extra,
  };
}

/** An amount in minor units, right-aligned. */
export function moneyColumn<R extends GridValidRowModel>(
  field: string,
  headerName: string,
  language: string,
  extra: Extra<R> = {},
): GridColDef<R> {
  return {
    field,
    headerName,
    width: 120,
    type: 'number',
    valueFormatter: (value: number) => formatMoney(value, languageOf(language)),
    ...extra,
  };
}

/** The row's buttons (`EditAction`, `DeleteAction`, …), right-aligned in the last column. */
export function actionsColumn<R extends GridValidRowModel>(
  headerName: string,
  render: (row: R) => ReactNode,
  extra: Extra<R> = {},
): GridColDef<R> {
  return {
    field: 'actions',
    headerName,
    width: 110,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => (
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ height: '100%', alignItems: 'center', justifyContent: 'flex-end' }}
      >
        {render(row)}
      </Stack>
    ),
    ...extra,
  };
}

interface ActionProps {
  /** The accessible name ("Edit Pizza"). */
  label: string;
  /** Shown on hover ("Edit"). */
  tooltip: string;
}

/** A row's link to another screen, drawn as `icon`. */
export function LinkAction({ to, label, tooltip, icon }: ActionProps & { to: string; icon: ReactNode }) {
  return (
    <Tooltip title={tooltip}>
      <IconButton component={Link} to={to} aria-label={label} size="small">
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** A row's edit link. */
export function EditAction(props: ActionProps & { to: string }) {
  return <LinkAction {...props} icon={<EditOutlined fontSize="small" />} />;
}

/** A row's delete button; `onClick` asks first (`useRowDelete().ask`). */
export function DeleteAction({ label, tooltip, onClick }: ActionProps & { onClick: () => void }) {
  return (
    <Tooltip title={tooltip}>
      <IconButton aria-label={label} size="small" color="error" onClick={onClick}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
