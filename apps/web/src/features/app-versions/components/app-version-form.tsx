import { APP_TYPES, type AppVersion, type AppVersionBody, appVersionBody, PRIORITIES } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Stack } from '@mui/material';
import type { Control, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';

export interface AppVersionFormValues {
  app_type: string;
  version: string;
  priority: string;
  notes: string;
}

const bodyResolver = zodResolver(appVersionBody);

/** The shared `appVersionBody` checks the values; a blank select or version is reported as missing. */
export const appVersionResolver: Resolver<AppVersionFormValues, unknown, AppVersionBody> = async (
  values,
  context,
  options,
) => {
  const result = await bodyResolver(
    {
      ...values,
      app_type: (values.app_type || undefined) as AppVersionBody['app_type'],
      priority: (values.priority || undefined) as AppVersionBody['priority'],
      notes: values.notes.trim() ? values.notes : null,
    },
    context,
    options as never,
  );
  for (const field of ['app_type', 'version', 'priority'] as const) {
    if (result.errors[field] && !values[field].trim())
      result.errors[field] = { type: 'validate', message: 'validation.required' };
  }
  return result as Awaited<ReturnType<Resolver<AppVersionFormValues, unknown, AppVersionBody>>>;
};

/** The form's values of a version (blank for a new one). */
export function toFormValues(version?: AppVersion): AppVersionFormValues {
  return {
    app_type: version?.app_type ?? '',
    version: version?.version ?? '',
    priority: version?.priority ?? '',
    notes: version?.notes ?? '',
  };
}

/** The fields of a version, for the add page and the edit dialog alike. */
export function AppVersionFields({
  control,
}: {
  control: Control<AppVersionFormValues, unknown, AppVersionBody>;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <FormSelectField
        control={control}
        name="app_type"
        required
        label={t('app_versions.app_type')}
        placeholder={t('app_versions.choose_type')}
        options={APP_TYPES.map((value) => ({ value, label: t(`app_versions.types.${value}`) }))}
      />
      <FormTextField
        control={control}
        name="version"
        label={t('app_versions.version')}
        helperText={t('app_versions.version_hint')}
        autoComplete="off"
        inputProps={{ inputMode: 'decimal' }}
        required
      />
      <FormSelectField
        control={control}
        name="priority"
        required
        label={t('app_versions.priority')}
        placeholder={t('app_versions.choose_priority')}
        helperText={t('app_versions.priority_hint')}
        options={PRIORITIES.map((value) => ({ value, label: t(`app_versions.priorities.${value}`) }))}
      />
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <FormTextField
          control={control}
          name="notes"
          multiline
          minRows={3}
          label={t('app_versions.notes')}
          helperText={t('app_versions.notes_hint')}
        />
      </Box>
    </Box>
  );
}

interface AppVersionFormProps {
  /** Saves; throws the API error so a duplicate version shows under the version field. */
  onSubmit: (body: AppVersionBody) => Promise<unknown>;
  secondaryActions?: React.ReactNode;
}

/** The add page's form. */
export function AppVersionForm({ onSubmit, secondaryActions }: AppVersionFormProps) {
  const { t } = useTranslation();
  const { control, submit, busy } = useApiForm({
    resolver: appVersionResolver,
    defaultValues: toFormValues(),
    save: onSubmit,
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label={t('app_versions.add')}>
        <AppVersionFields control={control} />
        <FormActions busy={busy}>{secondaryActions}</FormActions>
      </Stack>
    </Paper>
  );
}
