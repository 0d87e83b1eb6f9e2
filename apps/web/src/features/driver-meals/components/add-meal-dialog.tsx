import { type DriverMealBody, driverMealBody, parseMoneyInput } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useEffect } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDateField } from '../../../components/form-date-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { type DriverOption, FormDriverAutocomplete } from '../../../components/pickers/driver-autocomplete';
import { FormRestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { useApiForm } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { operationToday } from '../../../lib/time-zone';
import { useCreateDriverMeal } from '../api/driver-meals';

interface FormValues {
  driver_id: DriverOption | null;
  restaurant_id: string;
  date: string;
  /** KM as typed: '12,50'. */
  amount: string;
  note: string;
}

const bodyResolver = zodResolver(driverMealBody);

/** The shared `driverMealBody` checks the body; the amount is read from KM with parseMoneyInput. */
const resolver: Resolver<FormValues, unknown, DriverMealBody> = async (values, context, options) => {
  const minor = values.amount.trim() ? parseMoneyInput(values.amount, currentLanguage()) : null;
  const result = await bodyResolver(
    {
      driver_id: values.driver_id?.id,
      restaurant_id: values.restaurant_id || undefined,
      date: values.date,
      // No number read is NaN, which the schema refuses; the message is chosen below.
      amount: minor ?? Number.NaN,
      note: values.note,
    },
    context,
    options as never,
  );
  const errors = result.errors as Record<string, { type: string; message: string } | undefined>;
  if (!values.driver_id) errors.driver_id = { type: 'required', message: 'validation.required' };
  if (!values.restaurant_id) errors.restaurant_id = { type: 'required', message: 'validation.required' };
  if (!values.date) errors.date = { type: 'required', message: 'validation.required' };
  if (!values.amount.trim()) errors.amount = { type: 'required', message: 'validation.required' };
  else if (minor === null || errors.amount)
    errors.amount = { type: 'validate', message: 'driver_meals.amount_invalid' };
  return result as Awaited<ReturnType<Resolver<FormValues, unknown, DriverMealBody>>>;
};

const empty = (): FormValues => ({
  driver_id: null,
  restaurant_id: '',
  date: operationToday(),
  amount: '',
  note: '',
});

export function AddMealDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDriverMeal();
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    resolver,
    defaultValues: empty(),
    save: create.mutateAsync,
    onSaved: () => {
      toast.success(t('driver_meals.added'));
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
      title={t('driver_meals.add')}
      submitLabel={t('driver_meals.add')}
    >
      <Box sx={{ display: 'grid', gap: 2.5, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormDriverAutocomplete
            control={control}
            name="driver_id"
            required
            label={t('driver_meals.driver')}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormRestaurantPicker
            control={control}
            name="restaurant_id"
            required
            label={t('driver_meals.restaurant')}
            placeholder={t('driver_meals.choose_restaurant')}
          />
        </Box>
        <FormDateField
          control={control}
          name="date"
          required
          label={t('driver_meals.date')}
          max={operationToday()}
        />
        <FormTextField
          control={control}
          name="amount"
          required
          shrinkLabel
          label={t('driver_meals.amount_km')}
          helperText={t('driver_meals.amount_hint')}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField
            control={control}
            name="note"
            multiline
            minRows={2}
            label={t('driver_meals.note')}
            inputProps={{ maxLength: 300 }}
          />
        </Box>
      </Box>
    </FormDialog>
  );
}
