import { allowedTransitions, type OrderListItem, type OrderStatus, REASON_REQUIRED } from '@dostava/shared';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useCurrentUser } from '../../../lib/session';
import { useChangeOrderStatus } from '../api/change-status';
import { ReasonDialog } from './reason-dialog';

type ReasonStatus = 'cancelled' | 'declined' | 'returned';
const needsReason = (status: OrderStatus): status is ReasonStatus => REASON_REQUIRED.includes(status);

interface StatusActionsProps {
  order: Pick<OrderListItem, 'id' | 'order_number' | 'status' | 'version' | 'driver'>;
  size?: 'small' | 'medium';
  /** Called after a change succeeded. */
  onChanged?: (status: OrderStatus) => void;
}

/**
 * One button per status the signed-in role may move the order to (the shared `allowedTransitions`);
 * cancelling, declining and returning ask for confirmation and a reason first.
 */
export function StatusActions({ order, size = 'small', onChanged }: StatusActionsProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const change = useChangeOrderStatus();
  const [asking, setAsking] = useState<ReasonStatus | null>(null);

  // Out for delivery needs a driver: without one the button could only fail.
  const targets = allowedTransitions(me.role, order.status).filter(
    (to) => !(to === 'in_delivery' && !order.driver),
  );
  if (targets.length === 0) return null;
  // Forward moves first, the irreversible ones after.
  const ordered = [...targets.filter((to) => !needsReason(to)), ...targets.filter(needsReason)];

  function run(status: OrderStatus, reason?: string) {
    return change.mutateAsync(
      { id: order.id, status, reason, version: order.version },
      {
        onSuccess: () => {
          toast.success(status === 'cancelled' ? t('orders.cancelled') : t('orders.status_changed'));
          setAsking(null);
          onChanged?.(status);
        },
      },
    );
  }

  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {ordered.map((to) => {
          const label = t(`orders.actions.${to}`);
          return (
            <Button
              key={to}
              size={size}
              variant={needsReason(to) ? 'outlined' : 'contained'}
              color={needsReason(to) ? 'error' : 'primary'}
              disabled={change.isPending}
              loading={change.isPending && change.variables?.status === to}
              aria-label={
                size === 'small'
                  ? t('orders.action_on', { action: label, number: order.order_number })
                  : undefined
              }
              onClick={() => (needsReason(to) ? setAsking(to) : void run(to).catch(() => undefined))}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {label}
            </Button>
          );
        })}
      </Stack>
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`orders.reason_titles.${asking}`) : ''}
        message={asking ? t(`orders.reason_texts.${asking}`, { number: order.order_number }) : ''}
        confirmLabel={asking ? t(`orders.actions.${asking}`) : ''}
        cancelLabel={t('orders.keep')}
        reason="required"
        destructive
        busy={change.isPending}
        onConfirm={(reason) => (asking ? run(asking, reason) : Promise.resolve())}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
