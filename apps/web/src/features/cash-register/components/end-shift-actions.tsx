import { can, formatMoney } from '@dostava/shared';
import Block from '@mui/icons-material/Block';
import PointOfSale from '@mui/icons-material/PointOfSale';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ReasonDialog } from '../../../components/reason-dialog';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import type { EndShiftRequestDetail } from '../api/cash-register';
import { useCollectEndShiftRequest, useRejectEndShiftRequest } from '../api/cash-register';

/**
 * 'End shift' (the cash is received) and 'Reject' (with a reason) of a pending request, for those who
 * handle the cash. A 409 (someone handled it first) is toasted by the http client; the request refetches.
 */
export function EndShiftActions({ request }: { request: EndShiftRequestDetail }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const collect = useCollectEndShiftRequest(request.id);
  const reject = useRejectEndShiftRequest(request.id);
  const [dialog, setDialog] = useState<'collect' | 'reject' | null>(null);
  if (!can(user, 'cash.handle') || request.status !== 'pending') return null;
  const driver = `${request.driver.first_name} ${request.driver.last_name}`.trim();

  function confirmCollect() {
    collect.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('cash_register.collected', { driver }));
        setDialog(null);
      },
      onError: () => setDialog(null),
    });
  }

  async function confirmReject(reason: string | undefined) {
    try {
      await reject.mutateAsync(reason ?? '');
      toast.success(t('cash_register.rejected'));
      setDialog(null);
    } catch (error) {
      // A field error stays in the dialog; anything else (409) was toasted: close and show the new state.
      if (!(error && typeof error === 'object' && 'status' in error && error.status === 400)) setDialog(null);
      throw error;
    }
  }

  const busy = collect.isPending || reject.isPending;
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<Block />}
        onClick={() => setDialog('reject')}
        disabled={busy}
      >
        {t('cash_register.reject')}
      </Button>
      <Button
        variant="contained"
        startIcon={<PointOfSale />}
        onClick={() => setDialog('collect')}
        disabled={busy}
      >
        {t('cash_register.end_shift')}
      </Button>
      <ConfirmDialog
        open={dialog === 'collect'}
        title={t('cash_register.end_shift_title')}
        message={t('cash_register.end_shift_confirm', {
          driver,
          amount: formatMoney(request.declared_amount, currentLanguage()),
        })}
        confirmLabel={t('cash_register.end_shift')}
        busy={collect.isPending}
        onConfirm={confirmCollect}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        title={t('cash_register.reject_title')}
        message={t('cash_register.reject_message')}
        confirmLabel={t('cash_register.reject')}
        reason="required"
        destructive
        busy={reject.isPending}
        onConfirm={confirmReject}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
