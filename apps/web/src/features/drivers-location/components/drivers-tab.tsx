import type { DriverLocation } from '@dostava/shared';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DriverList } from './driver-list';
import { ListSkeleton } from './side-panel';
import { MAP_STATES } from './state-badge';

interface DriversTabProps {
  /** The search box's text (the list filters by its debounced form). */
  search: string;
  onSearch: (search: string) => void;
  /** A MapState, or '' for every state. */
  stateFilter: string;
  onStateFilter: (state: string) => void;
  /** The drivers the filters leave, sorted by name; null while the list loads. */
  drivers: DriverLocation[] | null;
  /** How many of them have a marker. */
  located: number;
  selectedId: number | null;
  onSelect: (id: number) => void;
  now: number;
  isStale: (driver: DriverLocation) => boolean;
}

/** The drivers tab: the search and state filters, how many drivers they leave, and the list. */
export function DriversTab(props: DriversTabProps) {
  const { search, onSearch, stateFilter, onStateFilter, drivers, located } = props;
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ p: 1.5, display: 'grid', gap: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          type="search"
          size="small"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t('drivers_map.search_placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('drivers_map.search_label') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('drivers.shift_state')}
          value={stateFilter}
          onChange={(event) => onStateFilter(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('drivers.all_shift_states')}</option>
          {MAP_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`driver_states.${state}`)}
            </option>
          ))}
        </TextField>
        {drivers ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('drivers_map.shown', { shown: drivers.length, located })}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
        {drivers ? (
          <DriverList
            drivers={drivers}
            selectedId={props.selectedId}
            onSelect={props.onSelect}
            now={props.now}
            isStale={props.isStale}
          />
        ) : (
          <ListSkeleton />
        )}
      </Box>
    </>
  );
}
