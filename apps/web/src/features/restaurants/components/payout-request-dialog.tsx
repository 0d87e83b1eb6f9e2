import { type PayoutRequestInput, payoutRequestBody } from '@dostava/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { useFilePayoutRequest } from '../api/restaurants';

const empty = (): PayoutRequestInput => ({ iban: '' });

/** The manager asks for a new payout account; the API's refusals (one already waiting) are toasted. */
export function PayoutRequestDialog({
  restaurantId,
  open,
  onClose,
}: {
  restaurantId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const file = useFilePayoutRequest(restaurantId);
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    schema: payoutRequestBody,
    defaultValues: empty(),
    save: file.mutateAsync,
    onSaved: () => {
      toast.success(t('restaurants.payout.requested'));
      onClose();
    },
  });

  useEffect(() => {
    if (open) reset(empty());
  }, [open, reset]);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={t('restaurants.payout.request_title')}
      description={t('restaurants.payout.request_hint')}
      submitLabel={t('restaurants.payout.send')}
    >
      <FormTextField
        control={control}
        name="iban"
        label={t('restaurants.payout.new_iban')}
        helperText={t('restaurants.iban_hint')}
        autoComplete="off"
        autoFocus
        required
      />
    </FormDialog>
  );
}
