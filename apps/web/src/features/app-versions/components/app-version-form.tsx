import { APP_TYPES, type AppVersion, type AppVersionBody, appVersionBody, PRIORITIES } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Stack, TextField } from '@mui/material';
import { type Control, Controller, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';

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
  const select = (name: 'app_type' | 'priority', label: string, placeholder: string, hint?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          fullWidth
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={translateMessage(fieldState.error?.message) ?? hint}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'aria-label': label },
          }}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {(name === 'app_type' ? APP_TYPES : PRIORITIES).map((value) => (
            <option key={value} value={value}>
              {name === 'app_type' ? t(`app_versions.types.${value}`) : t(`app_versions.priorities.${value}`)}
            </option>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {select('app_type', t('app_versions.app_type'), t('app_versions.choose_type'))}
      <FormTextField
        control={control}
        name="version"
        label={t('app_versions.version')}
        helperText={t('app_versions.version_hint')}
        autoComplete="off"
        inputProps={{ inputMode: 'decimal' }}
        required
      />
      {select(
        'priority',
        t('app_versions.priority'),
        t('app_versions.choose_priority'),
        t('app_versions.priority_hint'),
      )}
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Controller
          control={control}
          name="notes"
          render={({ field, fieldState }) => (
            <TextField
              fullWidth
              multiline
              minRows={3}
              label={t('app_versions.notes')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={translateMessage(fieldState.error?.message) ?? t('app_versions.notes_hint')}
            />
          )}
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
