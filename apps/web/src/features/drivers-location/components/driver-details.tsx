import type { DriverLocation } from '@dostava/shared';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { formatAge } from '../../drivers/components/location-age';
import { isLocated } from '../live/live-drivers';
import { StateBadge } from './state-badge';

export const driverName = (driver: Pick<DriverLocation, 'first_name' | 'last_name'>) =>
  `${driver.first_name} ${driver.last_name}`;

/** A driver's details: the map popup's content. */
export function DriverDetails({ driver, now }: { driver: DriverLocation; now: number }) {
  const { t } = useTranslation();
  const state = driver.shift_state === 'off_shift' ? null : driver.shift_state;
  const row = (label: string, value: React.ReactNode) => (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label}
      </Typography>
      <Typography variant="body2" component="span" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box sx={{ minWidth: 200, fontFamily: 'Roboto, Arial, sans-serif' }} data-testid="driver-details">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        {state ? <StateBadge state={state} /> : null}
        <Typography variant="subtitle2" component="p" sx={{ m: 0, fontWeight: 600 }}>
          {driverName(driver)}
        </Typography>
      </Box>
      {row(t('drivers.shift_state'), t(`drivers.shift_states.${driver.shift_state}`))}
      {row(
        t('drivers.vehicle'),
        driver.vehicle
          ? `${t(`vehicles.types.${driver.vehicle.type}`)} · ${driver.vehicle.plate_number}`
          : t('drivers.no_vehicle'),
      )}
      {row(
        t('drivers.current_order'),
        driver.current_order ? (
          <MuiLink component={Link} to={`/orders/${driver.current_order.id}`}>
            {driver.current_order.order_number}
          </MuiLink>
        ) : (
          t('drivers_map.no_order')
        ),
      )}
      {isLocated(driver) ? (
        <>
          {row(
            t('drivers.last_location'),
            <span title={formatDateTime(driver.last_location_at)}>
              {formatAge(driver.last_location_at, now)}
            </span>,
          )}
          {row(
            t('drivers_map.coordinates'),
            `${driver.location.lat.toFixed(5)}, ${driver.location.lng.toFixed(5)}`,
          )}
        </>
      ) : (
        <Typography variant="body2" sx={{ py: 0.25 }}>
          {t('errors.driver_no_location')}
        </Typography>
      )}
      <Box sx={{ mt: 0.5 }}>
        <MuiLink component={Link} to={`/drivers/${driver.id}/breaks`}>
          {t('drivers.breaks_of', { name: driverName(driver) })}
        </MuiLink>
      </Box>
    </Box>
  );
}
