import {
  BUSY_DRIVER_STATES,
  DEFAULT_STALE_LOCATION_MINUTES,
  type DriverCandidate,
  type OrderListItem,
} from '@dostava/shared';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAppConfig } from '../../../api/app-config/get-app-config';
import { ErrorState } from '../../../components/error-state';
import { DriverStatusChips } from '../../../components/shift-end-chips';
import { eventStream, isOrderEvent } from '../../../lib/event-stream';
import { formatNumber } from '../../../lib/format';
import { formatAge } from '../../../lib/location-age';
import { useAssignDriver, useDriverCandidates } from '../api/orders';
import { orderChangeOf } from '../live/board-cache';

interface AssignDriverDialogProps {
  order: Pick<OrderListItem, 'id' | 'order_number' | 'restaurant'>;
  open: boolean;
  onClose: () => void;
}

const nameOf = (driver: Pick<DriverCandidate, 'first_name' | 'last_name'>) =>
  `${driver.first_name} ${driver.last_name}`.trim();

/**
 * Choosing a driver for an order: the candidates fittest first (free before busy, near before far) with
 * their state, load, distance to the restaurant and location age; the assignment happens on the
 * confirm button, and a busy driver needs an explicit "Assign anyway".
 */
export function AssignDriverDialog({ order, open, onClose }: AssignDriverDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const candidates = useDriverCandidates(order.id, open);
  const config = useAppConfig();
  const assign = useAssignDriver();
  const [chosen, setChosen] = useState('');
  const staleMinutes = config.data?.map.stale_location_minutes ?? DEFAULT_STALE_LOCATION_MINUTES;
  const { list: held, changed, refresh } = useHeldCandidates(candidates, open);
  const list = held ?? [];
  const driver = list.find((c) => String(c.id) === chosen);
  const busy = driver ? BUSY_DRIVER_STATES.includes(driver.state) : false;

  function close() {
    setChosen('');
    onClose();
  }

  function submit() {
    if (!driver) return;
    // On the promise, not in mutate's callbacks: the refetch that follows the assignment can take the
    // order out of the lane on screen, and callbacks of an unmounted row are dropped with it.
    assign
      .mutateAsync({ id: order.id, driver_id: driver.id, allow_busy: busy })
      .then(() => {
        toast.success(t('orders.driver_assigned_to', { name: nameOf(driver), number: order.order_number }));
        close();
      })
      .catch(() => undefined);
  }

  return (
    <Dialog
      open={open}
      onClose={assign.isPending ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {t('orders.assign_title', { number: order.order_number })}
        <Typography variant="body2" color="text.secondary">
          {order.restaurant.name}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        {candidates.isError ? (
          <ErrorState onRetry={() => void candidates.refetch()} />
        ) : !held ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Stack>
        ) : null}
        {changed ? (
          <Alert
            severity="info"
            sx={{ mb: 1.5 }}
            action={
              <Button color="inherit" size="small" onClick={refresh} loading={candidates.isFetching}>
                {t('orders.drivers_refresh')}
              </Button>
            }
          >
            {t('orders.drivers_changed')}
          </Alert>
        ) : null}
        {!held || candidates.isError ? null : list.length === 0 ? (
          <Typography color="text.secondary">{t('orders.no_available_drivers')}</Typography>
        ) : (
          <RadioGroup
            aria-label={t('orders.choose_driver')}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            {list.map((candidate) => (
              <FormControlLabel
                key={candidate.id}
                value={String(candidate.id)}
                control={<Radio size="small" />}
                sx={{ mx: 0, py: 0.5, borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start' }}
                label={
                  <>
                    <CandidateLabel candidate={candidate} staleMinutes={staleMinutes} />
                    {candidate === driver && busy ? (
                      // At the choice, not under a list of 30 drivers.
                      <Alert severity="warning" sx={{ mt: 0.5, py: 0 }}>
                        {t('orders.busy_warning', { name: nameOf(driver), count: driver.active_orders })}
                      </Alert>
                    ) : null}
                  </>
                }
              />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={assign.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={busy ? 'error' : 'primary'}
          disabled={!driver}
          loading={assign.isPending}
          onClick={submit}
        >
          {busy ? t('orders.assign_anyway') : t('orders.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The candidates as first fetched, held in their order while the dialog is open: a driver does not jump
 * to the top as the pointer reaches another. An order or driver event while open says the list may be
 * out of date (`changed`); `refresh` fetches it again and shows the new order.
 */
function useHeldCandidates(
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

function CandidateLabel({ candidate, staleMinutes }: { candidate: DriverCandidate; staleMinutes: number }) {
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
