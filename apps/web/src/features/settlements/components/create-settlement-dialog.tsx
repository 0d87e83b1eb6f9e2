import { periodDays, type SettlementBody, settlementBody } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { type Resolver, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FormDateField } from '../../../components/form-date-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormRestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { useApiForm } from '../../../lib/form';
import { isDay } from '../../../lib/format';
import { useCreateSettlement } from '../api/settlements';

interface FormValues {
  restaurant_id: string;
  from: string;
  to: string;
}

const bodyResolver = zodResolver(settlementBody);

/** The shared `settlementBody` (7–31 days) checks the values; blanks read "This field is required". */
const resolver: Resolver<FormValues, unknown, SettlementBody> = async (values, context, options) => {
  const result = await bodyResolver(values, context, options as never);
  const errors = result.errors as Record<string, { type: string; message: string } | undefined>;
  for (const key of ['restaurant_id', 'from', 'to'] as const) {
    if (!values[key]) errors[key] = { type: 'required', message: 'validation.required' };
  }
  return result as Awaited<ReturnType<Resolver<FormValues, unknown, SettlementBody>>>;
};

const EMPTY: FormValues = { restaurant_id: '', from: '', to: '' };

export function CreateSettlementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSettlement();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    resolver,
    defaultValues: EMPTY,
    save: (body) => {
      setRefusal(null);
      return create.mutateAsync(body).then((answer) => answer.data);
    },
    onSaved: (settlement) => {
      toast.success(t('settlements.created'));
      onClose();
      void navigate(`/settlements/${settlement.id}`);
    },
    // An overlapping period is refused in the dialog, beside the fields.
    onRefusal: setRefusal,
  });
  const [from, to] = useWatch({ control, name: ['from', 'to'] });
  const days = isDay(from) && isDay(to) ? periodDays(from, to) : null;

  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setRefusal(null);
    }
  }, [open, reset]);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={t('settlements.create')}
      submitLabel={t('settlements.create')}
      maxWidth="xs"
    >
      <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <FormRestaurantPicker
          control={control}
          name="restaurant_id"
          required
          label={t('settlements.restaurant')}
          placeholder={t('settlements.choose_restaurant')}
        />
        <FormDateField control={control} name="from" required label={t('settlements.from')} />
        <FormDateField
          control={control}
          name="to"
          required
          label={t('settlements.to')}
          helperText={
            days !== null && days > 0
              ? `${t('settlements.period_days', { count: days })} · ${t('settlements.period_hint')}`
              : t('settlements.period_hint')
          }
          min={isDay(from) ? from : undefined}
        />
      </Box>
    </FormDialog>
  );
}
