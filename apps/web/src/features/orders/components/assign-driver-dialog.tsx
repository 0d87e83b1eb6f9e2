import { BUSY_DRIVER_STATES, DEFAULT_STALE_LOCATION_MINUTES, type OrderListItem } from '@dostava/shared';
import {
  Alert,
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
import { ErrorState } from '../../../components/error-state';
import { useAssignDriver, useDriverCandidates } from '../api/orders';
import { CandidateLabel, nameOf, useHeldCandidates } from './assign-driver-candidates';

interface AssignDriverDialogProps {
  order: Pick<OrderListItem, 'id' | 'order_number' | 'restaurant'>;
  open: boolean;
  onClose: () => void;
}

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
