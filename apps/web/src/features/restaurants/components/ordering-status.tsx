import type { OrderingState } from '@dostava/shared';
import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { orderingLabels } from '../ordering-status';

/** Whether the restaurant takes orders now, as chips: "Open" / "Closed until 11:00" …, "Busy +20 min". */
export function OrderingStatus({
  ordering,
  size = 'small',
  named,
  hideBusy,
}: {
  ordering: OrderingState;
  size?: 'small' | 'medium';
  /** Said as the restaurant's state ("Restaurant: Closed until 08:00"), beside controls of the kitchen. */
  named?: boolean;
  /** Busy minutes not shown (the kitchen's capacity button beside says them). */
  hideBusy?: boolean;
}) {
  const { t } = useTranslation();
  const labels = orderingLabels(ordering, t);
  const status = labels.status;
  const busy = hideBusy ? null : labels.busy;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      {...(named
        ? {
            role: 'status',
            'aria-label': t('restaurants.capacity.state_label', {
              state: busy ? `${status}, ${busy}` : status,
            }),
          }
        : {})}
    >
      <Chip
        size={size}
        label={status}
        color={ordering.takes_orders ? 'success' : ordering.reason === 'paused' ? 'warning' : 'default'}
        variant={ordering.takes_orders ? 'outlined' : 'filled'}
      />
      {busy ? <Chip size={size} label={busy} color="warning" variant="outlined" /> : null}
    </Stack>
  );
}
