import {
  type FeeRule,
  type FeeRuleBody,
  type FeeScope,
  feeRuleBody,
  formatMoneyInput,
  type Language,
  parseMoneyInput,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Delete from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useController, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { type ApiForm, useApiForm } from '../../../lib/form';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { toasts } from '../../../lib/toast';
import { usePutFeeRule } from '../api/zones';

const MONEY_FIELDS = [
  'base_fee',
  'min_order',
  'small_basket_below',
  'small_basket_fee',
  'free_above',
  'rush_fee',
  'cap',
  'rounding',
] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];

/**
 * What the inputs hold: amounts as typed in KM (empty inherits), the rush switch as a choice, the
 * bands and windows as rows. Their names are the body's, so a field error of the shared schema or of
 * the API (`distance_bands.0.amount`) lands on its input.
 */
type FormValues = Record<MoneyField, string> & {
  rush_active: '' | 'on' | 'off';
  distance_bands: { up_to_m: string; amount: string }[];
  peak_windows: { days: number[]; from: string; to: string; amount: string }[];
  /** False: the list is inherited; once a row is added the list (even emptied) is this rule's own. */
  bands_set: boolean;
  windows_set: boolean;
};

const NOT_A_NUMBER = 'zones.fees.not_a_number';
const bodyResolver = zodResolver(feeRuleBody);

/** The KM an input holds in minor units: null when empty, NaN when it is no amount. */
const minor = (text: string, language: Language) =>
  text.trim() === '' ? null : (parseMoneyInput(text, language) ?? Number.NaN);

function toBody(values: FormValues, language: Language): FeeRuleBody {
  const body: FeeRuleBody = {};
  for (const field of MONEY_FIELDS) body[field] = minor(values[field], language);
  body.rush_active = values.rush_active === '' ? null : values.rush_active === 'on';
  body.distance_bands = values.bands_set
    ? values.distance_bands.map((b) => ({
        up_to_m: b.up_to_m.trim() === '' ? Number.NaN : Number(b.up_to_m),
        amount: minor(b.amount, language) ?? 0,
      }))
    : null;
  body.peak_windows = values.windows_set
    ? values.peak_windows.map((w) => ({ ...w, amount: minor(w.amount, language) ?? 0 }))
    : null;
  return body;
}

/** The shared schema on the body the inputs make; an amount that is no number is said so, by name. */
const resolver: Resolver<FormValues, unknown, FeeRuleBody> = async (values, context, options) => {
  const language = currentLanguage();
  const body = toBody(values, language);
  const result = await bodyResolver(body as never, context, options as never);
  const errors = result.errors as Record<string, unknown>;
  const notANumber = { type: 'validate', message: NOT_A_NUMBER };
  for (const field of MONEY_FIELDS) {
    if (Number.isNaN(body[field])) errors[field] = notANumber;
  }
  const rows = (name: 'distance_bands' | 'peak_windows', items: { amount: string }[]) => {
    const byIndex = (errors[name] ?? {}) as Record<number, Record<string, unknown>>;
    items.forEach((row, i) => {
      if (row.amount.trim() !== '' && parseMoneyInput(row.amount, language) === null)
        byIndex[i] = { ...byIndex[i], amount: notANumber };
    });
    if (Object.keys(byIndex).length) errors[name] = byIndex;
  };
  rows('distance_bands', values.distance_bands);
  rows('peak_windows', values.peak_windows);
  if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<FormValues> };
  return { values: body, errors: {} };
};

export interface FeeRuleTarget {
  scope: FeeScope;
  target: number;
  title: string;
  rule: FeeRule | null;
}

function initial(rule: FeeRule | null, language: Language): FormValues {
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : formatMoneyInput(value, language);
  return {
    ...(Object.fromEntries(MONEY_FIELDS.map((f) => [f, money(rule?.[f])])) as Record<MoneyField, string>),
    rush_active:
      rule?.rush_active === null || rule?.rush_active === undefined ? '' : rule.rush_active ? 'on' : 'off',
    distance_bands:
      rule?.distance_bands?.map((b) => ({ up_to_m: String(b.up_to_m), amount: money(b.amount) })) ?? [],
    peak_windows: rule?.peak_windows?.map((w) => ({ ...w, amount: money(w.amount) })) ?? [],
    bands_set: Boolean(rule?.distance_bands),
    windows_set: Boolean(rule?.peak_windows),
  };
}

/** A list's own error (not a row's): "bands must ascend", said above the rows. */
function ListError({ form, name }: { form: ApiForm<FormValues, FeeRuleBody>; name: keyof FormValues }) {
  const error = form.formState.errors[name] as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return message ? <Alert severity="error">{translateMessage(message)}</Alert> : null;
}

/**
 * One fee rule: each amount in KM (empty inherits from the less specific rule), the distance bands,
 * the surcharges by day and hour, the rush switch. Saved with PUT through the form hook, so the shared
 * schema's and the API's field errors show under their inputs, the rows' ones too.
 */
export function FeeRuleDialog({ target, onClose }: { target: FeeRuleTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const put = usePutFeeRule();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [defaultValues] = useState(() => initial(target.rule, i18n.language as Language));
  const form = useApiForm<FormValues, FeeRuleBody>({
    resolver,
    defaultValues,
    save: (body) => put.mutateAsync({ scope: target.scope, target: target.target, body }),
    onRefusal: setRefusal,
    onSaved: () => {
      toasts.success(t('zones.fees.saved'));
      onClose();
    },
  });
  const { control } = form;
  const bands = useFieldArray({ control, name: 'distance_bands' });
  const windows = useFieldArray({ control, name: 'peak_windows' });
  const rush = useController({ control, name: 'rush_active' });

  return (
    <FormDialog
      open
      onClose={onClose}
      busy={form.busy}
      onSubmit={form.submit}
      title={target.title}
      submitLabel={t('zones.fees.save')}
      maxWidth="md"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('zones.fees.precedence')}
        </Typography>
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
          }}
        >
          {MONEY_FIELDS.map((field) => (
            <FormTextField
              key={field}
              control={control}
              name={field}
              label={t(`zones.fees.${field}`)}
              placeholder={t('zones.fees.inherit')}
              shrinkLabel
              inputProps={{ inputMode: 'decimal' }}
            />
          ))}
          <TextField
            select
            label={t('zones.fees.rush_active')}
            name={rush.field.name}
            value={rush.field.value}
            onChange={rush.field.onChange}
            onBlur={rush.field.onBlur}
            inputRef={rush.field.ref}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('zones.fees.inherit')}</MenuItem>
            <MenuItem value="on">{t('zones.fees.on')}</MenuItem>
            <MenuItem value="off">{t('zones.fees.off')}</MenuItem>
          </TextField>
        </Box>

        <Typography variant="subtitle1" component="h3">
          {t('zones.fees.bands')}
        </Typography>
        <ListError form={form} name="distance_bands" />
        {bands.fields.map((row, index) => (
          <Stack key={row.id} direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
            <FormTextField
              control={control}
              name={`distance_bands.${index}.up_to_m`}
              label={t('zones.fees.band_up_to')}
              type="number"
            />
            <FormTextField
              control={control}
              name={`distance_bands.${index}.amount`}
              label={t('zones.fees.band_amount')}
              inputProps={{ inputMode: 'decimal' }}
            />
            <IconButton aria-label={t('zones.fees.remove')} onClick={() => bands.remove(index)}>
              <Delete />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button
            onClick={() => {
              form.setValue('bands_set', true);
              bands.append({ up_to_m: '', amount: '' });
            }}
          >
            {t('zones.fees.add_band')}
          </Button>
        </Box>

        <Typography variant="subtitle1" component="h3">
          {t('zones.fees.windows')}
        </Typography>
        <ListError form={form} name="peak_windows" />
        {windows.fields.map((row, index) => (
          <Stack key={row.id} spacing={1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            <WindowDays form={form} index={index} />
            <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
              {(['from', 'to'] as const).map((edge) => (
                <FormTextField
                  key={edge}
                  control={control}
                  name={`peak_windows.${index}.${edge}`}
                  label={t(`zones.fees.window_${edge}`)}
                  type="time"
                  shrinkLabel
                />
              ))}
              <FormTextField
                control={control}
                name={`peak_windows.${index}.amount`}
                label={t('zones.fees.window_amount')}
                inputProps={{ inputMode: 'decimal' }}
              />
              <IconButton aria-label={t('zones.fees.remove')} onClick={() => windows.remove(index)}>
                <Delete />
              </IconButton>
            </Stack>
          </Stack>
        ))}
        <Box>
          <Button
            onClick={() => {
              form.setValue('windows_set', true);
              windows.append({ days: [5], from: '19:00', to: '23:00', amount: '' });
            }}
          >
            {t('zones.fees.add_window')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}

/** A window's weekdays as checkboxes; "pick at least one day" said under them. */
function WindowDays({ form, index }: { form: ApiForm<FormValues, FeeRuleBody>; index: number }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: form.control, name: `peak_windows.${index}.days` });
  const days = (field.value ?? []) as number[];
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        {[1, 2, 3, 4, 5, 6, 7].map((day) => (
          <FormControlLabel
            key={day}
            label={t(`zones.weekdays.${day}`)}
            control={
              <Checkbox
                checked={days.includes(day)}
                onChange={(e) =>
                  field.onChange(e.target.checked ? [...days, day].sort() : days.filter((d) => d !== day))
                }
              />
            }
          />
        ))}
      </Stack>
      {fieldState.error?.message ? (
        <Typography variant="caption" color="error" role="alert">
          {translateMessage(fieldState.error.message)}
        </Typography>
      ) : null}
    </Box>
  );
}
