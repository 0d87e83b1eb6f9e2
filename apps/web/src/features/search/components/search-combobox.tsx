import { SEARCH_KINDS, type SearchHit } from '@dostava/shared';
import SearchIcon from '@mui/icons-material/Search';
import {
  Autocomplete,
  Box,
  ClickAwayListener,
  InputAdornment,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearch } from '../api/search';

/** The open header search: a combobox of records the role may see (loaded when the search opens). */
export function SearchCombobox({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 300);
  const results = useSearch(q);
  // Grouped by kind (the list must be sorted by group for Autocomplete to show one header per kind).
  // Hits of an older text are not offered: Enter must never open a record the typed text did not find.
  const stale = input.trim() !== q || results.isPlaceholderData;
  const hits = useMemo(() => {
    if (!q || stale) return [];
    return [...(results.data ?? [])].sort(
      (a, b) => SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind),
    );
  }, [q, stale, results.data]);

  function close() {
    setInput('');
    onClose();
  }

  function openHit(hit: SearchHit | null) {
    if (!hit) return;
    close();
    navigate(hit.path);
  }

  return (
    <ClickAwayListener onClickAway={close}>
      <Box sx={{ width: { xs: '100%', sm: 320 }, maxWidth: 420, minWidth: 0 }}>
        <Autocomplete<SearchHit, false, false, false>
          open={input.trim().length > 0}
          options={hits}
          value={null}
          inputValue={input}
          onInputChange={(_event, value, reason) => {
            if (reason !== 'reset') setInput(value);
          }}
          onChange={(_event, hit) => openHit(hit)}
          filterOptions={(options) => options}
          groupBy={(hit) => t(`search_kinds.${hit.kind}`)}
          // Each kind is a labelled group of options (listbox > group > option), not a list inside the listbox.
          renderGroup={(params) => (
            <li key={params.key} role="presentation">
              <ListSubheader component="div" id={`search-group-${params.key}`} sx={{ lineHeight: '32px' }}>
                {params.group}
              </ListSubheader>
              <Box
                component="ul"
                role="group"
                aria-labelledby={`search-group-${params.key}`}
                sx={{ p: 0, m: 0, listStyle: 'none' }}
              >
                {params.children}
              </Box>
            </li>
          )}
          getOptionLabel={(hit) => hit.title}
          getOptionKey={(hit) => `${hit.kind}:${hit.id}`}
          isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
          loading={results.isFetching || stale}
          loadingText={t('common.loading')}
          noOptionsText={t('header.search_empty')}
          clearOnBlur={false}
          handleHomeEndKeys
          autoHighlight
          size="small"
          renderOption={(props, hit) => {
            const { key, ...rest } = props;
            return (
              <li key={key} {...rest}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    {hit.title}
                  </Typography>
                  {hit.subtitle ? (
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {hit.subtitle}
                    </Typography>
                  ) : null}
                </Box>
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              placeholder={t('header.search_placeholder')}
              onKeyDown={(event) => {
                if (event.key === 'Escape') close();
              }}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('header.search') },
                input: {
                  ...params.slotProps.input,
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
        />
      </Box>
    </ClickAwayListener>
  );
}
