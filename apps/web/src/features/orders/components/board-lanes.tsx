import { BOARD_LANES, type BoardCounts, type BoardLane } from '@dostava/shared';
import { Alert, Chip, darken, FormControlLabel, Stack, Switch, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { WRAP_LANES } from './lane-tabs-sx';

/** Suggest mode's switch: only the orders dispatch suggests a driver for (back to the first page). */
export function OnlySuggestedSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      sx={{ mb: 1, ml: 0 }}
      control={<Switch size="small" checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={t('orders.only_suggested')}
    />
  );
}

/** A search's note in place of the lanes: how many it found, and where it looked. */
export function SearchNote({ dispatch, total }: { dispatch: boolean; total: number }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" sx={{ mb: 1.5 }}>
      {dispatch ? t('orders.search_recent', { count: total }) : t('orders.search_active', { count: total })}
    </Alert>
  );
}

/** The lanes as tabs, each with its live count. */
export function BoardLanes({
  lane,
  counts,
  onLane,
}: {
  lane: BoardLane;
  counts: BoardCounts | undefined;
  onLane: (lane: BoardLane) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={lane}
      onChange={(_event, next: BoardLane) => onLane(next)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('orders.lanes_label')}
      sx={{ mb: 1.5, borderBottom: 1, borderColor: 'divider', minHeight: 40, ...WRAP_LANES }}
    >
      {BOARD_LANES.map((key) => (
        <Tab
          key={key}
          value={key}
          sx={{ minHeight: 40, py: 0.5, px: 1.5, textTransform: 'none' }}
          label={
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <span>{t(`orders.lanes.${key}`)}</span>
              <Chip
                size="small"
                label={counts ? counts[key] : '…'}
                color={key === 'problems' && (counts?.problems ?? 0) > 0 ? 'error' : 'default'}
                sx={(theme) => ({
                  height: 20,
                  '& .MuiChip-label': { px: 0.75 },
                  ...(key === 'at_risk' && (counts?.at_risk ?? 0) > 0
                    ? { color: '#fff', bgcolor: darken(theme.palette.warning.main, 0.4) }
                    : {}),
                })}
              />
            </Stack>
          }
        />
      ))}
    </Tabs>
  );
}
