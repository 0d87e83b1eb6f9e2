import type { DriverCandidate } from '@dostava/shared';
import { Box, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DriverStatusChips } from '../../../components/shift-end-chips';
import { eventStream, isOrderEvent } from '../../../lib/event-stream';
import { formatNumber } from '../../../lib/format';
import { formatAge } from '../../../lib/location-age';
import { orderChangeOf } from '../live/board-cache';

export const nameOf = (driver: Pick<DriverCandidate, 'first_name' | 'last_name'>) =>
  `${driver.first_name} ${driver.last_name}`.trim();

/**
 * The candidates as first fetched, held in their order while the dialog is open: a driver does not jump
 * to the top as the pointer reaches another. An order or driver event while open says the list may be
 * out of date (`changed`); `refresh` fetches it again and shows the new order.
 */
export function useHeldCandidates(
  candidates: { data: DriverCandidate[] | undefined; refetch: () => Promise<{ data?: DriverCandidate[] }> },
  open: boolean,
) {
  const [held, setHeld] = useState<DriverCandidate[] | null>(null);
  const [changed, setChanged] = useState(false);
  if (held === null && candidates.data) setHeld(candidates.data);
  useEffect(() => {
    if (!open) return;
    return eventStream.listen((message) => {
      if (message.kind === 'resync') return setChanged(true);
      const { event } = message;
      if (event.type === 'driver.updated') {
        // A location ping moves a driver a little; a change of state (a break, a shift) reorders.
        if (!('location' in event.data)) setChanged(true);
        return;
      }
      // An order changes who is free only when a driver is on it, before or after.
      const change = isOrderEvent(event) ? orderChangeOf(event.data) : null;
      if (!change || change.order.driver || change.previous?.driver_id) setChanged(true);
    });
  }, [open]);
  const refresh = () => {
    void candidates.refetch().then((result) => {
      if (result.data) setHeld(result.data);
      setChanged(false);
    });
  };
  return { list: held, changed: changed && held !== null, refresh };
}

export function CandidateLabel({
  candidate,
  staleMinutes,
}: {
  candidate: DriverCandidate;
  staleMinutes: number;
}) {
  const { t } = useTranslation();
  const age = candidate.last_location_at ? Date.now() - Date.parse(candidate.last_location_at) : null;
  const stale = age === null || age > staleMinutes * 60_000;
  return (
    <Box sx={{ py: 0.25 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {nameOf(candidate)}
        </Typography>
        <DriverStatusChips driver={candidate} />
      </Stack>
      <Typography variant="body2" color="text.secondary" component="span">
        {[
          candidate.distance_km === null
            ? t('orders.distance_unknown')
            : t('orders.distance_km', { km: formatNumber(candidate.distance_km, 1) }),
          candidate.vehicle_type ? t(`vehicles.types.${candidate.vehicle_type}`) : null,
          candidate.last_location_at
            ? `${t('orders.location_age', { age: formatAge(candidate.last_location_at) })}${stale ? ` · ${t('orders.location_stale')}` : ''}`
            : t('orders.no_location'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Box>
  );
}
