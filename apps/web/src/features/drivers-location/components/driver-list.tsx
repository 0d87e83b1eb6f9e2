import type { DriverLocation } from '@dostava/shared';
import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAge } from '../../../lib/location-age';
import { isLocated } from '../live/driver-store';
import { driverName, driverStateText } from '../selectors';
import { StaleFlag } from './driver-details';
import { StateBadge } from './state-badge';

interface DriverListProps {
  drivers: DriverLocation[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  now: number;
  /** Which drivers' locations are older than the configured age. */
  isStale: (driver: DriverLocation) => boolean;
}

/** The drivers on shift beside the map: pick one to focus it. */
export function DriverList({ drivers, selectedId, onSelect, now, isStale }: DriverListProps) {
  const { t } = useTranslation();
  if (drivers.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('common.not_found')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={t('drivers_map.list_label')}>
      {drivers.map((driver) => (
        <DriverRow
          key={driver.id}
          driver={driver}
          selected={driver.id === selectedId}
          onSelect={onSelect}
          stale={isStale(driver)}
          // Ages move on with the clock; other rows re-render only when their driver changed.
          now={now}
        />
      ))}
    </List>
  );
}

const DriverRow = memo(function DriverRow({
  driver,
  selected,
  onSelect,
  stale,
  now,
}: {
  driver: DriverLocation;
  selected: boolean;
  onSelect: (id: number) => void;
  stale: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const state = driver.state === 'off_shift' ? null : driver.state;
  const vehicle = driver.vehicle
    ? `${t(`vehicles.types.${driver.vehicle.type}`)} · ${driver.vehicle.plate_number}`
    : t('drivers.no_vehicle');
  const where = isLocated(driver)
    ? t('drivers_map.updated', { age: formatAge(driver.last_location_at, now) })
    : t('errors.driver_no_location');
  return (
    <li>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(driver.id)}
        sx={{ gap: 1.5, alignItems: 'flex-start' }}
      >
        {state ? (
          <Box sx={{ pt: 0.75 }}>
            <StateBadge state={state} stale={stale} />
          </Box>
        ) : null}
        <ListItemText
          primary={driverName(driver)}
          secondary={
            <>
              <span>
                {driverStateText(t, driver)} · {vehicle}
              </span>
              <br />
              {stale ? (
                <>
                  <StaleFlag /> ·{' '}
                </>
              ) : null}
              <span>{where}</span>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: 500 } } }}
        />
      </ListItemButton>
    </li>
  );
});
