import { can, type PayoutRequest, printIban, type Restaurant } from '@dostava/shared';
import Block from '@mui/icons-material/Block';
import Check from '@mui/icons-material/Check';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Alert, AlertTitle, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { ReasonDialog } from '../../../components/reason-dialog';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';
import { useDecidePayoutRequest, usePayoutRequests } from '../api/restaurants';
import { PayoutRequestDialog } from './payout-request-dialog';

/**
 * The restaurant's payout account and its change requests: the manager asks for a change, the staff
 * see that one is waiting (what, by whom, when) and how the last one was decided; Admin and App
 * Manager approve or reject it. Until approval the settlements pay the current account.
 */
export function PayoutAccount({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const titleId = useId();
  const query = usePayoutRequests(restaurant.id);
  const [asking, setAsking] = useState(false);
  const decides = can(user, 'restaurants.payout', restaurant.id);
  const files = can(user, 'restaurants.payout_request', restaurant.id);
  const latest = query.data?.data[0];
  const pending = latest?.status === 'pending' ? latest : undefined;
  // Admins change the account in the form itself: the section is theirs when a request exists.
  if (decides && query.isSuccess && !latest) return null;

  const name = (person: PayoutRequest['requested_by']) => person?.name || t('restaurants.payout.someone');
  const when = (value: string | null) => formatDateTime(value);

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Stack spacing={2}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('restaurants.payout.title')}
        </Typography>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('restaurants.payout.current')}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {restaurant.iban ? printIban(restaurant.iban) : t('restaurants.payout.none')}
          </Typography>
        </Box>
        {query.isPending ? <Skeleton variant="rounded" height={64} /> : null}
        {query.isError ? <ErrorState onRetry={() => void query.refetch()} /> : null}
        {pending ? (
          <Alert severity="warning">
            <AlertTitle>{t('restaurants.payout.pending')}</AlertTitle>
            <Box sx={{ overflowWrap: 'anywhere' }}>
              {t('restaurants.payout.pending_detail', {
                iban: printIban(pending.iban),
                name: name(pending.requested_by),
                when: when(pending.requested_at),
              })}
            </Box>
            <Box sx={{ mt: 0.5 }}>{t('restaurants.payout.pending_wait')}</Box>
          </Alert>
        ) : latest ? (
          <Alert severity={latest.status === 'approved' ? 'success' : 'info'}>
            <Box sx={{ overflowWrap: 'anywhere' }}>
              {t(
                latest.status === 'approved'
                  ? 'restaurants.payout.last_approved'
                  : 'restaurants.payout.last_rejected',
                {
                  iban: printIban(latest.iban),
                  name: name(latest.decided_by),
                  when: when(latest.decided_at),
                  reason: latest.reason ?? '',
                },
              )}
            </Box>
          </Alert>
        ) : null}
        {pending && decides ? <PayoutDecision restaurant={restaurant} request={pending} /> : null}
        {files && query.isSuccess && !pending ? (
          <Box>
            <Button variant="outlined" startIcon={<SwapHoriz />} onClick={() => setAsking(true)}>
              {t('restaurants.payout.request_change')}
            </Button>
          </Box>
        ) : null}
      </Stack>
      {files ? (
        <PayoutRequestDialog restaurantId={restaurant.id} open={asking} onClose={() => setAsking(false)} />
      ) : null}
    </Paper>
  );
}

/** Approve (after a confirmation naming both accounts) or reject with a reason. */
function PayoutDecision({ restaurant, request }: { restaurant: Restaurant; request: PayoutRequest }) {
  const { t } = useTranslation();
  const decide = useDecidePayoutRequest(restaurant.id, request.id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);

  // mutateAsync, not mutate's own callbacks: those are dropped when this component unmounts first, and
  // it does as soon as the refreshed requests show none pending (a race the toast used to lose).
  async function approve() {
    try {
      await decide.mutateAsync({ action: 'approve' });
      toast.success(t('restaurants.payout.approved'));
    } catch {
      // The HTTP client has toasted the refusal (409 payout_changed …): the dialog closes on the new state.
    } finally {
      setDialog(null);
    }
  }

  async function reject(reason: string | undefined) {
    try {
      await decide.mutateAsync({ action: 'reject', reason: reason ?? '' });
      toast.success(t('restaurants.payout.rejected'));
      setDialog(null);
    } catch (error) {
      // A field error stays in the dialog; anything else (409) was toasted: close and show the new state.
      if (!(isApiError(error) && error.status === 400)) setDialog(null);
      throw error;
    }
  }

  const previous = restaurant.iban ? printIban(restaurant.iban) : t('restaurants.payout.no_account');
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        variant="outlined"
        color="error"
        startIcon={<Block />}
        onClick={() => setDialog('reject')}
        disabled={decide.isPending}
      >
        {t('restaurants.payout.reject')}
      </Button>
      <Button
        variant="contained"
        startIcon={<Check />}
        onClick={() => setDialog('approve')}
        disabled={decide.isPending}
      >
        {t('restaurants.payout.approve')}
      </Button>
      <ConfirmDialog
        open={dialog === 'approve'}
        title={t('restaurants.payout.approve_title')}
        message={t('restaurants.payout.approve_confirm', { iban: printIban(request.iban), previous })}
        confirmLabel={t('restaurants.payout.approve')}
        busy={decide.isPending}
        onConfirm={approve}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        title={t('restaurants.payout.reject_title')}
        message={t('restaurants.payout.reject_message')}
        confirmLabel={t('restaurants.payout.reject')}
        reason="required"
        destructive
        busy={decide.isPending}
        onConfirm={reject}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
