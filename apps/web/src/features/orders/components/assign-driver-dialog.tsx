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
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAppConfig } from '../../../api/app-config/get-app-config';
import { DriverStateChip } from '../../../components/driver-state-chip';
import { ErrorState } from '../../../components/error-state';
import { formatNumber } from '../../../lib/format';
import { formatAge } from '../../../lib/location-age';
import { useAssignDriver } from '../api/assign-driver';
import { useDriverCandidates } from '../api/driver-candidates';

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
  const list = candidates.data ?? [];
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
        ) : !candidates.data ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Stack>
        ) : list.length === 0 ? (
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
                label={<CandidateLabel candidate={candidate} staleMinutes={staleMinutes} />}
              />
            ))}
          </RadioGroup>
        )}
        {driver && busy ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('orders.busy_warning', { name: nameOf(driver), count: driver.active_orders })}
          </Alert>
        ) : null}
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
        <DriverStateChip state={candidate.state} activeOrders={candidate.active_orders} />
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
