import type { Driver, DriverLocation } from '@dostava/shared';
import { Box, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShiftEndChips } from '../../../components/shift-end-chips';
import { formatDateTime } from '../../../lib/format';
import { formatAge } from '../../../lib/location-age';
import { isLocated } from '../live/driver-store';
import { CLOCK_PATH } from '../map/map-view';
import { driverName, driverStateText, isStale, type MapOrder } from '../selectors';
import { StateBadge } from './state-badge';

/** Words that flag a stale location: bold, dark, with the clock sign, never color alone. */
export function StaleFlag() {
  const { t } = useTranslation();
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ fontWeight: 700, color: '#8a2c0d', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={CLOCK_PATH} />
      </svg>
      {t('drivers_map.stale')}
    </Typography>
  );
}

interface DriverDetailsProps {
  driver: DriverLocation;
  now: number;
  staleMs: number;
  /** From GET /drivers/:id: undefined while it loads. */
  phone: string | null | undefined;
  /** From GET /drivers/:id too: the planned end of the shift, and whether they asked to end it. */
  shiftEnd?: Pick<Driver, 'planned_end_at' | 'end_shift_requested'> | undefined;
  /** The driver's active orders on the map. */
  orders: readonly MapOrder[];
  isLate: (order: MapOrder) => boolean;
  /** Opens an order on the map (its popup). */
  onShowOrder?: (id: number) => void;
}

/** A driver's details: the map popup's content (or the panel for a driver who is not on the map). */
export function DriverDetails({
  driver,
  now,
  staleMs,
  phone,
  shiftEnd,
  orders,
  isLate,
  onShowOrder,
}: DriverDetailsProps) {
  const { t } = useTranslation();
  const state = driver.state === 'off_shift' ? null : driver.state;
  const stale = isStale(driver, now, staleMs);
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
        {state ? <StateBadge state={state} stale={stale} /> : null}
        <Typography variant="subtitle2" component="p" sx={{ m: 0, fontWeight: 600 }}>
          {driverName(driver)}
        </Typography>
      </Box>
      {row(t('drivers.shift_state'), driverStateText(t, driver))}
      {shiftEnd?.planned_end_at && !driver.end_shift_requested
        ? row(t('drivers.planned_end'), <ShiftEndChips driver={shiftEnd} />)
        : null}
      {row(
        t('drivers_map.phone'),
        phone === undefined ? (
          <Skeleton width={110} sx={{ display: 'inline-block' }} />
        ) : phone ? (
          <MuiLink href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</MuiLink>
        ) : (
          t('drivers_map.no_phone')
        ),
      )}
      {row(
        t('drivers.vehicle'),
        driver.vehicle
          ? `${t(`vehicles.types.${driver.vehicle.type}`)} · ${driver.vehicle.plate_number}`
          : t('drivers.no_vehicle'),
      )}
      {isLocated(driver) ? (
        <>
          {row(
            t('drivers.last_location'),
            <>
              {stale ? (
                <>
                  <StaleFlag />
                  <br />
                </>
              ) : null}
              <span title={formatDateTime(driver.last_location_at)}>
                {formatAge(driver.last_location_at, now)}
              </span>
            </>,
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
      <Typography variant="body2" color="text.secondary" component="p" sx={{ mt: 0.75, mb: 0.25 }}>
        {t('drivers_map.active_orders')}
      </Typography>
      {orders.length === 0 ? (
        <Typography variant="body2">{t('drivers_map.no_active_orders')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={`${t('drivers_map.active_orders')}: ${driverName(driver)}`}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {orders.map((order) => (
            <Box
              component="li"
              key={order.id}
              sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', py: 0.25 }}
            >
              <MuiLink component={Link} to={`/orders/${order.id}`} sx={{ fontWeight: 600 }}>
                {order.order_number}
              </MuiLink>
              <Typography variant="body2" component="span">
                {t(`order_status.${order.status}`)}
                {isLate(order) ? ` · ${t('orders.late')}` : ''}
              </Typography>
              {onShowOrder ? (
                <MuiLink
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => onShowOrder(order.id)}
                  aria-label={t('drivers_map.show_on_map', { number: order.order_number })}
                >
                  {t('drivers.map')}
                </MuiLink>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ mt: 0.75 }}>
        <MuiLink component={Link} to={`/drivers/${driver.id}/breaks`}>
          {t('drivers.breaks_of', { name: driverName(driver) })}
        </MuiLink>
      </Box>
    </Box>
  );
}
