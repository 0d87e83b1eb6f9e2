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

/**
 * Where a column shows on a phone, where a list is a stack of cards: the card's `title` (its first
 * line, bold), `subtitle` (under the title), `media` (an image at its start), `status` (at its top
 * right), `actions` (its buttons, at its foot), a labelled `field` in between (the default), or not at
 * all (`false`).
 */
export type CardRole = 'title' | 'subtitle' | 'media' | 'status' | 'actions' | 'field';

/**
 * A list table's column: MUI X's column, and how it gives way where room is short.
 * - `card`: its place on the phone's card (`CardRole`, `false` for none).
 * - `priority`: 1 (the default) always shows at table widths; 2 and then 3 are hidden first, 3
 *   before 2 and the rightmost first, whenever the table's box is narrower than the columns' widths,
 *   so that what stays is never cut. Give 2 or 3 only to what a user can do without (the row's
 *   actions never).
 */
export type ListColumn<R extends GridValidRowModel> = GridColDef<R> & {
  card?: CardRole | false;
  priority?: 1 | 2 | 3;
};

type Extra<R extends GridValidRowModel> = Partial<ListColumn<R>>;
export const languageOf = (language: string): Language => (language === 'bs' ? 'bs' : 'en');

/** A moment: '22.11.2026. 07:33' / '22 Nov 2026, 07:33'. */
export function dateTimeColumn<R extends GridValidRowModel>(
  field: string,
  headerName: string,
  language: string,
  extra: Extra<R> = {},
): ListColumn<R> {
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
): ListColumn<R> {
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
): ListColumn<R> {
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
): ListColumn<R> {
  return {
    field: 'actions',
    headerName,
    width: 110,
    card: 'actions',
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
