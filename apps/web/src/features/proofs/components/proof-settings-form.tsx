import {
  formatMoneyInput,
  PROOF_KINDS,
  type ProofKind,
  type ProofSettings,
  type ProofSettingsBody,
  parseMoneyInput,
  proofSettingsBody,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { type Resolver, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useRestaurants } from '../../../api/restaurants/restaurants';
import { Section } from '../../../components/facts';
import { FormActions } from '../../../components/form-actions';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useUpdateProofSettings } from '../api/proofs';

interface FormValues {
  default_kind: ProofKind;
  /** KM as typed; empty: no rule by value. */
  value_threshold: string;
  value_kind: ProofKind;
  photo_grace_minutes: string;
  retention_days: string;
  restaurants: { restaurant_id: string; kind: ProofKind }[];
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const bodyResolver = zodResolver(proofSettingsBody);
const resolver: Resolver<FormValues, unknown, ProofSettingsBody> = async (values, context, options) => {
  const threshold = values.value_threshold.trim();
  const minor = threshold === '' ? null : parseMoneyInput(threshold, currentLanguage());
  const result = await bodyResolver(
    {
      default_kind: values.default_kind,
      value_threshold: threshold !== '' && minor === null ? Number.NaN : minor,
      value_kind: values.value_kind,
      photo_grace_minutes: number(values.photo_grace_minutes),
      retention_days: number(values.retention_days),
      restaurants: values.restaurants.map((r) => ({
        restaurant_id: number(r.restaurant_id),
        kind: r.kind,
      })),
    },
    context,
    options as never,
  );
  const errors = result.errors as Record<string, unknown>;
  if (threshold !== '' && minor === null)
    errors.value_threshold = { type: 'validate', message: 'validation.price' };
  return result as Awaited<ReturnType<Resolver<FormValues, unknown, ProofSettingsBody>>>;
};

const valuesOf = (s: ProofSettings): FormValues => ({
  default_kind: s.default_kind,
  value_threshold: s.value_threshold === null ? '' : formatMoneyInput(s.value_threshold, currentLanguage()),
  value_kind: s.value_kind,
  photo_grace_minutes: String(s.photo_grace_minutes),
  retention_days: String(s.retention_days),
  restaurants: s.restaurants.map((r) => ({ restaurant_id: String(r.restaurant_id), kind: r.kind })),
});

/** What a delivery needs, for the operation, by order value and per restaurant; how long images are kept. */
export function ProofSettingsForm({ settings }: { settings: ProofSettings }) {
  const { t } = useTranslation();
  const update = useUpdateProofSettings();
  const restaurants = useRestaurants({ page: 1, per_page: 100, sort: 'name' });
  const { control, submit, busy, reset } = useApiForm({
    resolver,
    defaultValues: valuesOf(settings),
    save: update.mutateAsync,
    onSaved: (answer) => {
      toast.success(t('proofs.saved'));
      reset(valuesOf(answer.data));
    },
  });
  const own = useFieldArray({ control, name: 'restaurants' });
  const chosen = useWatch({ control, name: 'restaurants' });
  const kinds = PROOF_KINDS.map((k) => ({ value: k, label: t(`proofs.kind.${k}`) }));
  const restaurantOptions = (restaurants.data?.data ?? []).map((r) => ({
    value: String(r.id),
    label: r.name,
  }));
  const nameOf = (id: string) => restaurantOptions.find((r) => r.value === id)?.label ?? id;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Section title={t('proofs.settings_title')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormSelectField
            control={control}
            name="default_kind"
            label={t('proofs.default_kind')}
            placeholder={t('proofs.default_kind')}
            options={kinds}
          />
          <Box />
          <FormTextField
            control={control}
            name="value_threshold"
            shrinkLabel
            label={t('proofs.value_threshold')}
            helperText={t('proofs.value_threshold_help')}
            inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
          />
          <FormSelectField
            control={control}
            name="value_kind"
            label={t('proofs.value_kind')}
            placeholder={t('proofs.value_kind')}
            options={kinds}
          />
          <FormTextField
            control={control}
            name="photo_grace_minutes"
            shrinkLabel
            label={t('proofs.photo_grace_minutes')}
            inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
          />
          <FormTextField
            control={control}
            name="retention_days"
            shrinkLabel
            label={t('proofs.retention_days')}
            inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
          />
        </Box>
      </Section>
      <Section title={t('proofs.restaurants')}>
        <Stack spacing={2}>
          {own.fields.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('proofs.restaurants_empty')}
            </Typography>
          ) : null}
          {own.fields.map((field, index) => (
            <Box
              key={field.id}
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr auto', md: '2fr 1fr auto' },
                alignItems: 'start',
              }}
            >
              <FormSelectField
                control={control}
                name={`restaurants.${index}.restaurant_id`}
                label={t('proofs.restaurant')}
                placeholder={t('proofs.restaurant')}
                options={restaurantOptions}
              />
              <Box sx={{ gridRow: { xs: 2, md: 'auto' } }}>
                <FormSelectField
                  control={control}
                  name={`restaurants.${index}.kind`}
                  label={t('proofs.required')}
                  placeholder={t('proofs.required')}
                  options={kinds}
                />
              </Box>
              <IconButton
                aria-label={t('proofs.remove_restaurant', {
                  name: nameOf(chosen?.[index]?.restaurant_id ?? ''),
                })}
                onClick={() => own.remove(index)}
                sx={{ mt: 1 }}
              >
                <Delete />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button startIcon={<Add />} onClick={() => own.append({ restaurant_id: '', kind: 'pin' })}>
              {t('proofs.add_restaurant')}
            </Button>
          </Box>
        </Stack>
      </Section>
      <FormActions busy={busy} submitLabel={t('common.save')} />
    </Stack>
  );
}
