import {
  formatMoneyInput,
  type IncidentSettings,
  type IncidentSettingsBody,
  incidentSettingsBody,
  parseMoneyInput,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormActions } from '../../../components/form-actions';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useIncidentSettings, useUpdateIncidentSettings } from '../api/incidents';

interface FormValues {
  /** KM as typed. */
  refund_approval_threshold: string;
  driver_deductions_allowed: boolean;
}

const bodyResolver = zodResolver(incidentSettingsBody);
const resolver: Resolver<FormValues, unknown, IncidentSettingsBody> = async (values, context, options) => {
  const minor = parseMoneyInput(values.refund_approval_threshold, currentLanguage());
  const result = await bodyResolver(
    {
      refund_approval_threshold: minor ?? Number.NaN,
      driver_deductions_allowed: values.driver_deductions_allowed,
    },
    context,
    options as never,
  );
  const errors = result.errors as Record<string, unknown>;
  if (minor === null) errors.refund_approval_threshold = { type: 'validate', message: 'validation.price' };
  return result as Awaited<ReturnType<Resolver<FormValues, unknown, IncidentSettingsBody>>>;
};

const valuesOf = (s: IncidentSettings): FormValues => ({
  refund_approval_threshold: formatMoneyInput(s.refund_approval_threshold, currentLanguage()),
  driver_deductions_allowed: s.driver_deductions_allowed,
});

/** The refund rules on the incidents page, for Admins and App Managers. */
export function RefundSettings() {
  const { t } = useTranslation();
  const settings = useIncidentSettings(true);
  const title = t('incidents.settings.title');
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {settings.data ? (
          <RefundSettingsForm settings={settings.data} />
        ) : (
          <Skeleton variant="rounded" height={56} />
        )}
      </CardContent>
    </Card>
  );
}

/** Mounted once the rules are read: the fields start from them, nothing resets them under the user. */
function RefundSettingsForm({ settings }: { settings: IncidentSettings }) {
  const { t } = useTranslation();
  const update = useUpdateIncidentSettings();
  const { control, submit, busy, reset } = useApiForm({
    resolver,
    defaultValues: valuesOf(settings),
    save: update.mutateAsync,
    onSaved: (answer) => {
      toast.success(t('incidents.settings.saved'));
      reset(valuesOf(answer.data));
    },
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        alignItems: 'center',
      }}
    >
      <FormTextField
        control={control}
        name="refund_approval_threshold"
        shrinkLabel
        label={t('incidents.settings.threshold')}
        helperText={t('incidents.settings.threshold_hint')}
        inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
      />
      <FormSwitchField
        control={control}
        name="driver_deductions_allowed"
        label={t('incidents.settings.driver')}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormActions busy={busy} submitLabel={t('common.save')} />
      </Box>
    </Box>
  );
}
