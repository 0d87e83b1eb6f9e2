import { type PayoutRequestInput, payoutRequestBody } from '@dostava/shared';
import { Button, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormActions } from '../../../components/form-actions';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { useFilePayoutRequest } from '../api/file-payout-request';

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
  const titleId = useId();
  const textId = useId();
  const file = useFilePayoutRequest(restaurantId);
  const { control, submit, busy, reset } = useApiForm({
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
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{t('restaurants.payout.request_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={textId}>{t('restaurants.payout.request_hint')}</DialogContentText>
          <FormTextField
            control={control}
            name="iban"
            label={t('restaurants.payout.new_iban')}
            helperText={t('restaurants.iban_hint')}
            autoComplete="off"
            autoFocus
            required
          />
        </Stack>
      </DialogContent>
      <FormActions dialog busy={busy} submitLabel={t('restaurants.payout.send')}>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </FormActions>
    </Dialog>
  );
}
