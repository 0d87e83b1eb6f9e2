import type { DispatchMode, DispatchSuggestion, OrderListItem } from '@dostava/shared';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { currentLanguage } from '../../../lib/i18n';
import { useNow } from '../../../lib/use-now';
import { useAcceptSuggestion, useDispatchLock } from '../api/orders';
import { countdown, reasonsInWords } from './dispatch-words';
import { ASSIGNABLE_STATUSES } from './order-time';

/** The order's effective mode (its restaurant's, or the operation's). */
export const modeOf = (order: Pick<OrderListItem, 'dispatch_mode'>): DispatchMode => order.dispatch_mode;

/** Still waiting for a driver: no driver and not yet out of the restaurant. */
export const needsDriver = (order: Pick<OrderListItem, 'driver' | 'status'>) =>
  !order.driver && ASSIGNABLE_STATUSES.includes(order.status);

/** Locked out of automatic dispatch while it waits for a driver: a dispatcher assigns it. */
export const isLocked = (order: OrderListItem) =>
  order.dispatch_locked && modeOf(order) === 'automatic' && needsDriver(order);

/**
 * Whether the board shows a dispatch line under the order: why no driver fits, a pending offer, or
 * (suggest mode) the suggested driver. Nothing in manual mode without a problem: those rows stay one line.
 */
export function hasDispatchLine(
  order: OrderListItem,
  suggestion: DispatchSuggestion | undefined,
  mayDispatch: boolean,
): boolean {
  if (order.dispatch_problem || order.offer) return true;
  if (isLocked(order)) return true;
  return mayDispatch && modeOf(order) === 'suggest' && needsDriver(order) && suggestion !== undefined;
}

/** The operation's mode in the board's header: "Dispatch: automatic". */
export function DispatchModeChip({ mode }: { mode: DispatchMode }) {
  const { t } = useTranslation();
  const label = t('dispatch.board_chip', { mode: t(`dispatch.modes.${mode}`) });
  return (
    <Tooltip title={t('dispatch.board_chip_title')}>
      <Chip
        size="small"
        variant={mode === 'manual' ? 'outlined' : 'filled'}
        color={mode === 'manual' ? 'default' : 'primary'}
        label={label}
        sx={{ fontWeight: 600 }}
      />
    </Tooltip>
  );
}

/** "Offered to Amir H., expires in 0:32", counting down each second. */
function OfferCountdown({ offer }: { offer: NonNullable<OrderListItem['offer']> }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const left = Date.parse(offer.expires_at) - now;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <SendOutlined fontSize="small" color="primary" aria-hidden />
      <Typography variant="body2" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {left > 0
          ? t('dispatch.offered_to', { name: offer.driver.name, time: countdown(offer.expires_at, now) })
          : t('dispatch.offer_ending', { name: offer.driver.name })}
      </Typography>
    </Stack>
  );
}

/** The suggested driver with the reasons in words, and one click to accept. */
function SuggestionLine({ order, suggestion }: { order: OrderListItem; suggestion: DispatchSuggestion }) {
  const { t } = useTranslation();
  const accept = useAcceptSuggestion();
  const now = useNow();
  const name = suggestion.driver.name;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap', minWidth: 0 }}
    >
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {t('dispatch.suggested', { name })}
      </Typography>
      <Typography variant="body2" component="span" color="text.secondary" sx={{ minWidth: 0 }}>
        {reasonsInWords(suggestion.reasons, now, t, currentLanguage())}
      </Typography>
      <Button
        size="small"
        variant="contained"
        disableElevation
        loading={accept.isPending}
        disabled={accept.isPending}
        aria-label={t('dispatch.accept_label', { name, number: order.order_number })}
        onClick={() =>
          // The toast follows the promise: the order leaves the lane (this row unmounts) on its event,
          // often before the answer. A refusal (the suggestion moved, none any more) is toasted by the
          // client in the user's language, and the board asks again for the rows and the suggestions.
          accept
            .mutateAsync({ id: order.id, driver_id: suggestion.driver.id })
            .then(() =>
              toast.success(t('dispatch.accepted', { name, number: order.order_number }), {
                toastId: `accepted:${order.id}`,
              }),
            )
            .catch(() => undefined)
        }
        sx={{ py: 0.25 }}
      >
        {t('dispatch.accept')}
      </Button>
    </Stack>
  );
}

/** What dispatch says about an order on the board: its problem, its pending offer or its suggestion. */
export function DispatchLine({
  order,
  suggestion,
  mayDispatch,
}: {
  order: OrderListItem;
  suggestion: DispatchSuggestion | undefined;
  mayDispatch: boolean;
}) {
  const { t } = useTranslation();
  if (!hasDispatchLine(order, suggestion, mayDispatch)) return null;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0, whiteSpace: 'normal' }}>
      {order.dispatch_problem ? (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <ReportProblemOutlined fontSize="small" color="error" aria-hidden />
          <Typography variant="body2" component="span" sx={{ color: 'error.dark', fontWeight: 600 }}>
            {t('dispatch.problem', { reason: t(`dispatch.problems.${order.dispatch_problem}`) })}
          </Typography>
        </Stack>
      ) : null}
      {isLocked(order) ? (
        <Box>
          <Chip size="small" variant="outlined" icon={<LockIcon />} label={t('dispatch.locked_chip')} />
        </Box>
      ) : null}
      {order.offer ? <OfferCountdown offer={order.offer} /> : null}
      {!order.offer && suggestion && mayDispatch && modeOf(order) === 'suggest' && needsDriver(order) ? (
        <SuggestionLine order={order} suggestion={suggestion} />
      ) : null}
    </Stack>
  );
}

/**
 * Locks an order out of automatic dispatch (a dispatcher assigns it by hand) or returns it: an icon
 * button beside the row's actions, pressed while locked.
 */
export function DispatchLockButton({ order }: { order: OrderListItem }) {
  const { t } = useTranslation();
  const lock = useDispatchLock();
  if (modeOf(order) !== 'automatic' || !needsDriver(order)) return null;
  const locked = order.dispatch_locked;
  const label = t(locked ? 'dispatch.unlock_label' : 'dispatch.lock_label', { number: order.order_number });
  return (
    <Tooltip title={locked ? t('dispatch.locked_chip') : label}>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={locked}
          color={locked ? 'primary' : 'default'}
          disabled={lock.isPending}
          onClick={() =>
            lock
              .mutateAsync({ id: order.id, locked: !locked })
              .then(() =>
                toast.success(
                  t(locked ? 'dispatch.unlocked_done' : 'dispatch.locked_done', {
                    number: order.order_number,
                  }),
                ),
              )
              .catch(() => undefined)
          }
        >
          {locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
        </IconButton>
      </Box>
    </Tooltip>
  );
}
