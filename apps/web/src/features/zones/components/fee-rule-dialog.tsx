import {
  type DistanceBand,
  type FeeRule,
  type FeeRuleBody,
  type FeeScope,
  formatMoneyInput,
  type Language,
  type PeakWindow,
  parseMoneyInput,
} from '@dostava/shared';
import Delete from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { translateMessage } from '../../../lib/i18n';
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

interface BandRow {
  up_to_m: string;
  amount: string;
}
interface WindowRow {
  days: number[];
  from: string;
  to: string;
  amount: string;
}

export interface FeeRuleTarget {
  scope: FeeScope;
  target: number;
  title: string;
  rule: FeeRule | null;
}

/**
 * One fee rule: each amount in KM (empty inherits from the less specific rule), the distance bands,
 * the surcharges by day and hour, the rush switch. Saved with PUT; the API's field errors show here.
 */
export function FeeRuleDialog({ target, onClose }: { target: FeeRuleTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const put = usePutFeeRule();
  const titleId = useId();
  const rule = target.rule;
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : formatMoneyInput(value, language);
  const [values, setValues] = useState<Record<MoneyField, string>>(
    () => Object.fromEntries(MONEY_FIELDS.map((f) => [f, money(rule?.[f])])) as Record<MoneyField, string>,
  );
  const [rush, setRush] = useState<'' | 'on' | 'off'>(
    rule?.rush_active === null || rule?.rush_active === undefined ? '' : rule.rush_active ? 'on' : 'off',
  );
  const [bands, setBands] = useState<BandRow[] | null>(
    rule?.distance_bands?.map((b) => ({ up_to_m: String(b.up_to_m), amount: money(b.amount) })) ?? null,
  );
  const [windows, setWindows] = useState<WindowRow[] | null>(
    rule?.peak_windows?.map((w) => ({ ...w, amount: money(w.amount) })) ?? null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    const local: Record<string, string> = {};
    const amount = (field: string, text: string): number | null => {
      if (text.trim() === '') return null;
      const parsed = parseMoneyInput(text, language);
      if (parsed === null) local[field] = t('zones.fees.not_a_number');
      return parsed;
    };
    const body: FeeRuleBody = {};
    for (const field of MONEY_FIELDS) body[field] = amount(field, values[field]);
    body.rush_active = rush === '' ? null : rush === 'on';
    body.distance_bands =
      bands?.map(
        (b, i): DistanceBand => ({
          up_to_m: Number.parseInt(b.up_to_m, 10),
          amount: amount(`distance_bands.${i}.amount`, b.amount) ?? 0,
        }),
      ) ?? null;
    body.peak_windows =
      windows?.map(
        (w, i): PeakWindow => ({
          days: w.days,
          from: w.from,
          to: w.to,
          amount: amount(`peak_windows.${i}.amount`, w.amount) ?? 0,
        }),
      ) ?? null;
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    try {
      await put.mutateAsync({ scope: target.scope, target: target.target, body });
      toasts.success(t('zones.fees.saved'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([k, v]) => [k, translateMessage(v[0]) ?? '']),
          ),
        );
      } else toasts.error(error instanceof Error ? error.message : String(error));
    }
  };

  const errorFor = (prefix: string) =>
    Object.entries(errors)
      .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
      .map(([, v]) => v)[0];

  return (
    <Dialog
      open
      onClose={put.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>{target.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('zones.fees.precedence')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
            }}
          >
            {MONEY_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`zones.fees.${field}`)}
                value={values[field]}
                placeholder={t('zones.fees.inherit')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal' } }}
                onChange={(e) => setValues({ ...values, [field]: e.target.value })}
                error={Boolean(errors[field])}
                helperText={errors[field]}
              />
            ))}
            <TextField
              select
              label={t('zones.fees.rush_active')}
              value={rush}
              onChange={(e) => setRush(e.target.value as '' | 'on' | 'off')}
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
          {errorFor('distance_bands') ? <Alert severity="error">{errorFor('distance_bands')}</Alert> : null}
          {(bands ?? []).map((band, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={t('zones.fees.band_up_to')}
                value={band.up_to_m}
                type="number"
                onChange={(e) =>
                  setBands((bands ?? []).map((b, i) => (i === index ? { ...b, up_to_m: e.target.value } : b)))
                }
              />
              <TextField
                label={t('zones.fees.band_amount')}
                value={band.amount}
                onChange={(e) =>
                  setBands((bands ?? []).map((b, i) => (i === index ? { ...b, amount: e.target.value } : b)))
                }
              />
              <IconButton
                aria-label={t('zones.fees.remove')}
                onClick={() => setBands((bands ?? []).filter((_, i) => i !== index))}
              >
                <Delete />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button onClick={() => setBands([...(bands ?? []), { up_to_m: '', amount: '' }])}>
              {t('zones.fees.add_band')}
            </Button>
          </Box>

          <Typography variant="subtitle1" component="h3">
            {t('zones.fees.windows')}
          </Typography>
          {errorFor('peak_windows') ? <Alert severity="error">{errorFor('peak_windows')}</Alert> : null}
          {(windows ?? []).map((window, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <Stack key={index} spacing={1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
              <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                  <FormControlLabel
                    key={day}
                    label={t(`zones.weekdays.${day}`)}
                    control={
                      <Checkbox
                        checked={window.days.includes(day)}
                        onChange={(e) =>
                          setWindows(
                            (windows ?? []).map((w, i) =>
                              i === index
                                ? {
                                    ...w,
                                    days: e.target.checked
                                      ? [...w.days, day].sort()
                                      : w.days.filter((d) => d !== day),
                                  }
                                : w,
                            ),
                          )
                        }
                      />
                    }
                  />
                ))}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                {(['from', 'to'] as const).map((edge) => (
                  <TextField
                    key={edge}
                    label={t(`zones.fees.window_${edge}`)}
                    type="time"
                    value={window[edge]}
                    slotProps={{ inputLabel: { shrink: true } }}
                    onChange={(e) =>
                      setWindows(
                        (windows ?? []).map((w, i) => (i === index ? { ...w, [edge]: e.target.value } : w)),
                      )
                    }
                  />
                ))}
                <TextField
                  label={t('zones.fees.window_amount')}
                  value={window.amount}
                  onChange={(e) =>
                    setWindows(
                      (windows ?? []).map((w, i) => (i === index ? { ...w, amount: e.target.value } : w)),
                    )
                  }
                />
                <IconButton
                  aria-label={t('zones.fees.remove')}
                  onClick={() => setWindows((windows ?? []).filter((_, i) => i !== index))}
                >
                  <Delete />
                </IconButton>
              </Stack>
            </Stack>
          ))}
          <Box>
            <Button
              onClick={() =>
                setWindows([...(windows ?? []), { days: [5], from: '19:00', to: '23:00', amount: '' }])
              }
            >
              {t('zones.fees.add_window')}
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={put.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" loading={put.isPending} onClick={() => void save()}>
          {t('zones.fees.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
