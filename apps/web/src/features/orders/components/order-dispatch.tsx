import { can, type OfferStatus, type Order, type OrderDispatch } from '@dostava/shared';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useDispatchLock } from '../api/orders';
import { reasonsInWords } from './dispatch-words';
import { ASSIGNABLE_STATUSES } from './order-time';

type Offer = OrderDispatch['offers'][number];

const OFFER_TONES: Record<OfferStatus, 'primary' | 'success' | 'error' | 'default'> = {
  pending: 'primary',
  accepted: 'success',
  declined: 'error',
  expired: 'default',
  withdrawn: 'default',
};

/** "Offered automatically to Amir H.: free, 0.8 km away, …" with the times counted from the offer. */
export const offerSentence = (offer: Offer, t: TFunction) =>
  t('dispatch.offered_automatically', {
    name: offer.driver.name,
    reasons: reasonsInWords(offer.reasons, Date.parse(offer.created_at), t, currentLanguage()),
  });

export function OfferStatusChip({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  const tone = OFFER_TONES[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`dispatch.offer_statuses.${status}`)}
      sx={(theme) =>
        tone === 'default'
          ? { color: 'text.secondary' }
          : { color: theme.palette[tone].dark, borderColor: theme.palette[tone].main }
      }
    />
  );
}

/** When the offer was made and answered (or until when it waits). */
function offerTimes(offer: Offer, t: TFunction) {
  const at = formatTime(offer.created_at);
  if (offer.status === 'pending')
    return t('dispatch.offer_times', { at, until: formatTime(offer.expires_at) });
  return `${at} → ${formatTime(offer.decided_at ?? offer.expires_at)}`;
}

/**
 * How the order is dispatched (decision 0024): its mode, whether a dispatcher locked it out of
 * automatic dispatch, why no driver fits, and every offer with its driver, outcome, times and reasons.
 */
export function OrderDispatchSection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const lock = useDispatchLock();
  const dispatch = order.dispatch;
  const title = t('dispatch.section');
  const mayLock =
    can(me, 'orders.dispatch') &&
    dispatch.mode === 'automatic' &&
    !order.driver &&
    ASSIGNABLE_STATUSES.includes(order.status);
  const offers = [...dispatch.offers].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const facts: [string, string][] = [
    [t('dispatch.mode'), t(`dispatch.modes.${dispatch.mode}`)],
    [t('dispatch.locked'), dispatch.locked ? t('dispatch.locked_yes') : t('dispatch.locked_no')],
    [
      t('dispatch.problem_label'),
      dispatch.problem
        ? t('dispatch.problem', { reason: t(`dispatch.problems.${dispatch.problem}`) })
        : t('dispatch.no_problem'),
    ],
  ];
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(110px, auto) 1fr',
            columnGap: 2,
            rowGap: 1,
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{
                  m: 0,
                  overflowWrap: 'anywhere',
                  ...(label === t('dispatch.problem_label') && dispatch.problem
                    ? { color: 'error.dark', fontWeight: 600 }
                    : {}),
                }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {mayLock ? (
          <Button
            variant="outlined"
            sx={{ mt: 1.5 }}
            loading={lock.isPending}
            disabled={lock.isPending}
            onClick={() =>
              lock.mutate(
                { id: order.id, locked: !dispatch.locked },
                {
                  onSuccess: () =>
                    toast.success(
                      t(dispatch.locked ? 'dispatch.unlocked_done' : 'dispatch.locked_done', {
                        number: order.order_number,
                      }),
                    ),
                },
              )
            }
          >
            {dispatch.locked ? t('dispatch.unlock') : t('dispatch.lock')}
          </Button>
        ) : null}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
          {t('dispatch.offers')}
        </Typography>
        {offers.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('dispatch.no_offers')}
          </Typography>
        ) : (
          <Stack
            component="ol"
            spacing={1.5}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            aria-label={t('dispatch.offers')}
          >
            {offers.map((offer) => (
              <Box component="li" key={offer.id}>
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {offer.driver.name}
                  </Typography>
                  <OfferStatusChip status={offer.status} />
                  <Typography variant="body2" color="text.secondary">
                    {offerTimes(offer, t)}
                  </Typography>
                </Stack>
                <Typography variant="body2" sx={{ mt: 0.25 }}>
                  {t('dispatch.offered_reasons', {
                    reasons: reasonsInWords(
                      offer.reasons,
                      Date.parse(offer.created_at),
                      t,
                      currentLanguage(),
                    ),
                  })}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
