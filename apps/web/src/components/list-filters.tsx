import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, type SxProps, TextField, type Theme } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import type { ListParams } from '../lib/list-params';
import { oneOf, useSearchInput, useUrlFilters } from '../lib/url-filters';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** A list's toolbar: its filters as cells of a grid, `columns` its `gridTemplateColumns` per breakpoint. */
export function FilterBar(props: {
  columns: Partial<Record<Breakpoint, string>>;
  mb?: number;
  children: ReactNode;
}) {
  return (
    <Box sx={{ mb: props.mb ?? 2, display: 'grid', gap: 1.5, gridTemplateColumns: props.columns }}>
      {props.children}
    </Box>
  );
}

/** The list's search box, debounced into the URL's `q` (`useSearchInput`). */
export function SearchFilter(props: {
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  label: string;
  placeholder: string;
  sx?: SxProps<Theme>;
}) {
  const [search, setSearch] = useSearchInput(props.params, props.setParams);
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      value={search}
      onChange={(event) => setSearch(event.target.value)}
      placeholder={props.placeholder}
      sx={props.sx}
      slotProps={{
        htmlInput: { 'aria-label': props.label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A native select bound to the URL parameter `param`: "all" (no parameter) first, then `options`. A value
 * in the URL that is not among the options shows as "all"; a choice starts again from the first page.
 */
export function SelectFilter({
  param,
  label,
  allLabel,
  options,
}: {
  param: string;
  label: string;
  allLabel: string;
  options: readonly FilterOption[];
}) {
  const values = options.map((option) => option.value).join('\n');
  const allowed = useMemo(() => ({ [param]: oneOf(values.split('\n')) }), [param, values]);
  const { filters, setFilter } = useUrlFilters(allowed);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={filters[param] ?? ''}
      onChange={(event) => setFilter(param, event.target.value)}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'aria-label': label },
      }}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** Options of a select filter from a list of values and their label. */
export const optionsOf = (values: readonly string[], label: (value: string) => string): FilterOption[] =>
  values.map((value) => ({ value, label: label(value) }));
