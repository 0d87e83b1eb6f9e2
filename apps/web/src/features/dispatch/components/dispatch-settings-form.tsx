import {
  DISPATCH_LIMITS,
  DISPATCH_MODES,
  type DispatchMode,
  type DispatchSettings,
  type DispatchSettingsBody,
  dispatchSettingsBody,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { type Resolver, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormActions } from '../../../components/form-actions';
import { FormRadioField } from '../../../components/form-radio-field';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useUpdateDispatchSettings } from '../api/dispatch';

/** What the inputs hold: the numbers as typed (a Bosnian decimal comma too). */
export interface DispatchSettingsValues {
  mode: DispatchMode;
  driver_pool: boolean;
  offer_seconds: string;
  batching: boolean;
  batch_pickup_km: string;
  batch_dropoff_km: string;
  fallback_minutes: string;
  pay_aware: boolean;
  pay_per_delivery: string;
  pay_hourly_minimum: string;
}

/** A typed number: '' stays missing (the schema says "Must be a number"), a comma is a decimal point. */
export const typedNumber = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value.trim().replace(',', '.'));

/** A distance as the language writes it: Bosnian with a decimal comma. */
const typed = (value: number, language: string) =>
  language === 'bs' ? String(value).replace('.', ',') : String(value);

export const toValues = (settings: DispatchSettings, language = 'en'): DispatchSettingsValues => ({
  mode: settings.mode,
  driver_pool: settings.driver_pool,
  offer_seconds: String(settings.offer_seconds),
  batching: settings.batching,
  batch_pickup_km: typed(settings.batch_pickup_km, language),
  batch_dropoff_km: typed(settings.batch_dropoff_km, language),
  fallback_minutes: String(settings.fallback_minutes),
  pay_aware: settings.pay_aware,
  pay_per_delivery: String(settings.pay_per_delivery),
  pay_hourly_minimum: String(settings.pay_hourly_minimum),
});

const bodyResolver = zodResolver(dispatchSettingsBody);

/** The shared `dispatchSettingsBody` checks the numbers as typed, so its messages and bounds are the API's. */
export const settingsResolver: Resolver<DispatchSettingsValues, unknown, DispatchSettingsBody> = (
  values,
  context,
  options,
) =>
  bodyResolver(
    {
      ...values,
      offer_seconds: typedNumber(values.offer_seconds),
      batch_pickup_km: typedNumber(values.batch_pickup_km),
      batch_dropoff_km: typedNumber(values.batch_dropoff_km),
      fallback_minutes: typedNumber(values.fallback_minutes),
      pay_per_delivery: typedNumber(values.pay_per_delivery),
      pay_hourly_minimum: typedNumber(values.pay_hourly_minimum),
    } as never,
    context,
    options as never,
  ) as ReturnType<Resolver<DispatchSettingsValues, unknown, DispatchSettingsBody>>;

/** The operation's dispatch settings (Admin, App Manager): mode, the driver pool, offer time and batching. */
export function DispatchSettingsForm({ settings }: { settings: DispatchSettings }) {
  const { t } = useTranslation();
  const update = useUpdateDispatchSettings();
  const { control, submit, busy, reset } = useApiForm({
    resolver: settingsResolver,
    defaultValues: toValues(settings, currentLanguage()),
    save: async (body) => (await update.mutateAsync(body)).data,
    onSaved: (saved) => {
      toast.success(t('dispatch.saved'));
      reset(toValues(saved, currentLanguage()));
    },
  });
  const batching = useWatch({ control, name: 'batching' });
  const payAware = useWatch({ control, name: 'pay_aware' });
  const limits = DISPATCH_LIMITS;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={3}
        aria-label={t('dispatch.settings_label')}
      >
        <FormRadioField
          control={control}
          name="mode"
          label={t('dispatch.mode')}
          options={DISPATCH_MODES.map((mode) => ({
            value: mode,
            label: (
              <Box>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {t(`dispatch.modes.${mode}`)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {t(`dispatch.mode_help.${mode}`)}
                </Typography>
              </Box>
            ),
          }))}
        />
        <FormSwitchField
          control={control}
          name="driver_pool"
          label={t('dispatch.driver_pool')}
          helperText={t('dispatch.driver_pool_help')}
        />
        <FormTextField
          control={control}
          name="offer_seconds"
          label={t('dispatch.offer_seconds')}
          helperText={t('dispatch.offer_seconds_help', limits.offer_seconds)}
          inputProps={{ inputMode: 'numeric' }}
          sx={{ maxWidth: 360 }}
        />
        <FormSwitchField
          control={control}
          name="batching"
          label={t('dispatch.batching')}
          helperText={t('dispatch.batching_help')}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="batch_pickup_km"
            label={t('dispatch.batch_pickup_km')}
            helperText={t('dispatch.batch_pickup_km_help')}
            inputProps={{ inputMode: 'decimal' }}
            disabled={!batching}
          />
          <FormTextField
            control={control}
            name="batch_dropoff_km"
            label={t('dispatch.batch_dropoff_km')}
            helperText={t('dispatch.batch_dropoff_km_help')}
            inputProps={{ inputMode: 'decimal' }}
            disabled={!batching}
          />
        </Box>
        <FormTextField
          control={control}
          name="fallback_minutes"
          label={t('dispatch.fallback_minutes')}
          helperText={t('dispatch.fallback_minutes_help', limits.fallback_minutes)}
          inputProps={{ inputMode: 'numeric' }}
          sx={{ maxWidth: 360 }}
        />
        <FormSwitchField
          control={control}
          name="pay_aware"
          label={t('dispatch.pay_aware')}
          helperText={t('dispatch.pay_aware_help')}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="pay_per_delivery"
            label={t('dispatch.pay_per_delivery')}
            helperText={t('dispatch.pay_per_delivery_help')}
            inputProps={{ inputMode: 'numeric' }}
            disabled={!payAware}
          />
          <FormTextField
            control={control}
            name="pay_hourly_minimum"
            label={t('dispatch.pay_hourly_minimum')}
            helperText={t('dispatch.pay_hourly_minimum_help')}
            inputProps={{ inputMode: 'numeric' }}
            disabled={!payAware}
          />
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2 }}
        >
          <Typography variant="body2" color="text.secondary">
            {settings.updated_at
              ? settings.updated_by
                ? t('dispatch.changed_by', {
                    at: formatDateTime(settings.updated_at),
                    name: settings.updated_by,
                  })
                : t('dispatch.changed_at', { at: formatDateTime(settings.updated_at) })
              : t('dispatch.never_changed')}
          </Typography>
          <FormActions busy={busy} />
        </Stack>
      </Stack>
    </Paper>
  );
}
