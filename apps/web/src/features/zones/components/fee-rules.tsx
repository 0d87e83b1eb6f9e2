import { FEE_FIELDS, type FeeRule, formatMoney, type Language } from '@dostava/shared';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRestaurants } from '../../../api/restaurants/restaurants';
import { useZones } from '../../../api/zones/zones';
import { useFeeRules, useRemoveFeeRule } from '../api/zones';
import { FeeRuleDialog, type FeeRuleTarget } from './fee-rule-dialog';

const MONEY = new Set([
  'base_fee',
  'min_order',
  'small_basket_below',
  'small_basket_fee',
  'free_above',
  'rush_fee',
  'cap',
  'rounding',
]);

/** What a rule sets, in words: the fields it does not inherit. */
function useSummary() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (rule: FeeRule): string[] =>
    FEE_FIELDS.flatMap((field) => {
      const value = rule[field];
      if (value === null) return [];
      if (MONEY.has(field)) return [`${t(`zones.fees.${field}`)}: ${formatMoney(value as number, language)}`];
      if (field === 'rush_active')
        return [`${t('zones.fees.rush_active')}: ${t(value ? 'zones.fees.on' : 'zones.fees.off')}`];
      if (field === 'distance_bands')
        return [
          `${t('zones.fees.bands')}: ${(rule.distance_bands ?? [])
            .map((b) => `≤ ${b.up_to_m} m ${formatMoney(b.amount, language)}`)
            .join(', ')}`,
        ];
      return [
        `${t('zones.fees.windows')}: ${(rule.peak_windows ?? [])
          .map(
            (w) =>
              `${w.days.map((d) => t(`zones.weekdays.${d}`)).join(' ')} ${w.from}–${w.to} +${formatMoney(w.amount, language)}`,
          )
          .join('; ')}`,
      ];
    });
}

/** The fee rules: the operation's, each zone's and each restaurant's, with a dialog to set one. */
export function FeeRules() {
  const { t } = useTranslation();
  const rules = useFeeRules();
  const zones = useZones();
  const restaurants = useRestaurants({ page: 1, per_page: 100, sort: 'name' });
  const remove = useRemoveFeeRule();
  const summary = useSummary();
  const [editing, setEditing] = useState<FeeRuleTarget | null>(null);
  const list = rules.data ?? [];
  const global = list.find((r) => r.scope === 'global') ?? null;
  const titleOf = (rule: FeeRule) =>
    rule.scope === 'global'
      ? t('zones.fees.global')
      : t(`zones.fees.${rule.scope}`, { name: rule.name ?? '' });
  const targetOf = (rule: FeeRule): FeeRuleTarget => ({
    scope: rule.scope,
    target: rule.scope === 'global' ? 0 : ((rule.zone_id ?? rule.restaurant_id) as number),
    title: titleOf(rule),
    rule,
  });
  const withRule = new Set(list.map((r) => `${r.scope}:${r.zone_id ?? r.restaurant_id ?? 0}`));

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('zones.fees.precedence')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('zones.fees.add_zone')}
          value=""
          sx={{ minWidth: 240 }}
          onChange={(e) => {
            const zone = zones.data?.find((z) => z.id === Number(e.target.value));
            if (zone)
              setEditing({
                scope: 'zone',
                target: zone.id,
                title: t('zones.fees.zone', { name: zone.name }),
                rule: null,
              });
          }}
        >
          {(zones.data ?? [])
            .filter((z) => z.kind !== 'exclusion' && !withRule.has(`zone:${z.id}`))
            .map((z) => (
              <MenuItem key={z.id} value={z.id}>
                {z.name}
              </MenuItem>
            ))}
        </TextField>
        <TextField
          select
          label={t('zones.fees.add_restaurant')}
          value=""
          sx={{ minWidth: 240 }}
          onChange={(e) => {
            const restaurant = restaurants.data?.data.find((r) => r.id === Number(e.target.value));
            if (restaurant)
              setEditing({
                scope: 'restaurant',
                target: restaurant.id,
                title: t('zones.fees.restaurant', { name: restaurant.name }),
                rule: null,
              });
          }}
        >
          {(restaurants.data?.data ?? [])
            .filter((r) => !withRule.has(`restaurant:${r.id}`))
            .map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
        </TextField>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {global ? null : (
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('zones.fees.global')}
              </Typography>
            </CardContent>
            <CardActions>
              <Button
                onClick={() =>
                  setEditing({ scope: 'global', target: 0, title: t('zones.fees.global'), rule: null })
                }
              >
                {t('common.edit')}
              </Button>
            </CardActions>
          </Card>
        )}
        {list.map((rule) => (
          <Card key={rule.id} variant="outlined" component="section" aria-label={titleOf(rule)}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {titleOf(rule)}
              </Typography>
              {summary(rule).map((line) => (
                <Typography key={line} variant="body2">
                  {line}
                </Typography>
              ))}
            </CardContent>
            <CardActions>
              <Button onClick={() => setEditing(targetOf(rule))}>{t('common.edit')}</Button>
              {rule.scope === 'global' ? null : (
                <Button
                  color="error"
                  onClick={() => remove.mutate({ scope: rule.scope, target: targetOf(rule).target })}
                >
                  {t('zones.fees.remove_rule')}
                </Button>
              )}
            </CardActions>
          </Card>
        ))}
      </Box>
      {editing ? <FeeRuleDialog target={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
