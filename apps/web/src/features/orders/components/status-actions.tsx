import { allowedTransitions, type OrderListItem, type OrderStatus, REASON_REQUIRED } from '@dostava/shared';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, IconButton, Menu, MenuItem, Stack } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useCurrentUser } from '../../../lib/session';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useChangeOrderStatus } from '../api/orders';

type ReasonStatus = 'cancelled' | 'declined' | 'returned';
const needsReason = (status: OrderStatus): status is ReasonStatus => REASON_REQUIRED.includes(status);
/** Final moves without a reason still ask first: a mis-click on "Delivered" cannot be taken back. */
const CONFIRMED: readonly OrderStatus[] = ['delivered'];

interface StatusActionsProps {
  order: Pick<OrderListItem, 'id' | 'order_number' | 'status' | 'version' | 'driver'>;
  size?: 'small' | 'medium';
  /** One button for the next step, the other moves in a menu (a board row on one line). */
  compact?: boolean;
  /** Called after a change succeeded. */
  onChanged?: (status: OrderStatus) => void;
}

/**
 * The statuses the signed-in role may move the order to (the shared `allowedTransitions`). Cancelling,
 * declining and returning ask for a reason, delivering for a confirmation; every change ends in a toast.
 */
export function StatusActions({ order, size = 'small', compact, onChanged }: StatusActionsProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const change = useChangeOrderStatus();
  const menuId = useId();
  const [asking, setAsking] = useState<ReasonStatus | null>(null);
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const menuOpened = useOpenedOnce(menu !== null);
  const asked = useOpenedOnce(asking !== null);
  const confirmed = useOpenedOnce(confirming !== null);

  // Out for delivery needs a driver: without one the button could only fail.
  const targets = allowedTransitions(me.role, order.status).filter(
    (to) => !(to === 'in_delivery' && !order.driver),
  );
  if (targets.length === 0) return null;
  // Forward moves first, the irreversible ones after.
  const ordered = [...targets.filter((to) => !needsReason(to)), ...targets.filter(needsReason)];
  const [first] = ordered;
  const buttons = compact && first && !needsReason(first) ? [first] : compact ? [] : ordered;
  const overflow = compact ? ordered.filter((to) => !buttons.includes(to)) : [];

  /** The toast follows the promise: the refetch after a change may unmount this row (it left the lane). */
  function run(status: OrderStatus, reason?: string) {
    return change.mutateAsync({ id: order.id, status, reason, version: order.version }).then(() => {
      toast.success(
        status === 'cancelled'
          ? t('orders.cancelled')
          : t('orders.status_changed_to', {
              number: order.order_number,
              status: t(`order_status.${status}`),
            }),
      );
      setAsking(null);
      setConfirming(null);
      onChanged?.(status);
    });
  }

  function start(to: OrderStatus) {
    setMenu(null);
    if (needsReason(to)) setAsking(to);
    else if (CONFIRMED.includes(to)) setConfirming(to);
    else void run(to).catch(() => undefined);
  }

  const label = (to: OrderStatus) => t(`orders.actions.${to}`);
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: compact ? 'nowrap' : 'wrap', gap: 0.75, alignItems: 'center' }}>
        {buttons.map((to) => (
          <Button
            key={to}
            size={size}
            variant={needsReason(to) ? 'outlined' : 'contained'}
            color={needsReason(to) ? 'error' : 'primary'}
            disabled={change.isPending}
            loading={change.isPending && change.variables?.status === to}
            aria-label={
              size === 'small'
                ? t('orders.action_on', { action: label(to), number: order.order_number })
                : undefined
            }
            onClick={() => start(to)}
            title={compact ? label(to) : undefined}
            // In a table row the button never spills out of its cell: a long label ends in '…'.
            sx={{
              whiteSpace: 'nowrap',
              ...(compact && { minWidth: 0, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }),
            }}
          >
            {label(to)}
          </Button>
        ))}
        {overflow.length ? (
          <>
            <IconButton
              size="small"
              aria-label={t('orders.more_actions', { number: order.order_number })}
              aria-haspopup="menu"
              aria-controls={menu ? menuId : undefined}
              aria-expanded={menu ? 'true' : undefined}
              disabled={change.isPending}
              onClick={(event) => setMenu(event.currentTarget)}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
            {menuOpened ? (
              <Menu id={menuId} anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
                {overflow.map((to) => (
                  <MenuItem
                    key={to}
                    onClick={() => start(to)}
                    sx={needsReason(to) ? { color: 'error.main' } : undefined}
                  >
                    {label(to)}
                  </MenuItem>
                ))}
              </Menu>
            ) : null}
          </>
        ) : null}
      </Stack>
      {asked ? (
        <ReasonDialog
          open={asking !== null}
          title={asking ? t(`orders.reason_titles.${asking}`) : ''}
          message={asking ? t(`orders.reason_texts.${asking}`, { number: order.order_number }) : ''}
          confirmLabel={asking ? label(asking) : ''}
          cancelLabel={t('orders.keep')}
          reason="required"
          destructive
          busy={change.isPending}
          onConfirm={(reason) => (asking ? run(asking, reason) : Promise.resolve())}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {confirmed ? (
        <ConfirmDialog
          open={confirming !== null}
          title={t('orders.confirm_delivered_title')}
          message={t('orders.confirm_delivered', { number: order.order_number })}
          confirmLabel={confirming ? label(confirming) : ''}
          busy={change.isPending}
          onConfirm={() => (confirming ? void run(confirming).catch(() => undefined) : undefined)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
