import { type Language, parseMoneyInput, type Simulation, zonedInstant } from '@dostava/shared';
import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRestaurants } from '../../../api/restaurants/restaurants';
import { useZones } from '../../../api/zones/zones';
import { ApiError } from '../../../lib/http';
import { translateMessage } from '../../../lib/i18n';
import { operationTimeZone, zonedParts } from '../../../lib/time-zone';
import { toasts } from '../../../lib/toast';
import { useSimulate } from '../api/zones';
import { QuoteBreakdown } from './quote-breakdown';
import { ZonesMap } from './zones-map';

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DDTHH:mm` of now on the operation's clock (the time the rules' windows are in). */
const localNow = () => {
  const p = zonedParts(new Date());
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
};

/**
 * The quote simulator (Admin, App Manager): a point picked on the map or typed, a restaurant, a time
 * and a basket give the zones there, the rule that prices it and the breakdown, or the refusal.
 */
export function QuoteSimulator() {
  const { t, i18n } = useTranslation();
  const zones = useZones();
  const restaurants = useRestaurants({ page: 1, per_page: 100, sort: 'name' });
  const simulate = useSimulate();
  const [restaurantId, setRestaurantId] = useState('');
  const [lat, setLat] = useState('43.8563');
  const [lng, setLng] = useState('18.4131');
  const [basket, setBasket] = useState('20');
  const [at, setAt] = useState(localNow);
  const [rush, setRush] = useState<'' | 'on' | 'off'>('');
  const [result, setResult] = useState<Simulation | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const point =
    Number.isFinite(Number(lat)) && Number.isFinite(Number(lng))
      ? { lat: Number(lat), lng: Number(lng) }
      : null;
  const onPick = useCallback((p: { lat: number; lng: number }) => {
    setLat(String(p.lat));
    setLng(String(p.lng));
  }, []);

  const run = async () => {
    const amount = parseMoneyInput(basket, i18n.language as Language);
    const local: Record<string, string> = {};
    if (!restaurantId) local.restaurant_id = t('validation.required');
    if (amount === null) local.basket = t('zones.fees.not_a_number');
    if (!point || lat.trim() === '' || lng.trim() === '') local.lat = t('validation.required');
    setErrors(local);
    if (Object.keys(local).length || amount === null || !point) return;
    try {
      const answer = await simulate.mutateAsync({
        restaurant_id: Number(restaurantId),
        lat: point.lat,
        lng: point.lng,
        basket: amount,
        // The time typed is the operation's wall clock, whatever the browser's zone.
        at: new Date(zonedInstant(at.slice(0, 10), at.slice(11, 16), operationTimeZone())).toISOString(),
        rush_active: rush === '' ? null : rush === 'on',
      });
      setResult(answer.data);
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

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(300px, 1fr)' },
      }}
    >
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">
          {t('zones.simulator.pick_hint')}
        </Typography>
        <ZonesMap zones={zones.data ?? []} onPick={onPick} point={point} />
      </Stack>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            component="form"
            spacing={2}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void run();
            }}
          >
            <TextField
              select
              required
              label={t('zones.simulator.restaurant')}
              value={restaurantId}
              onChange={(e) => setRestaurantId(e.target.value)}
              error={Boolean(errors.restaurant_id)}
              helperText={errors.restaurant_id}
            >
              {(restaurants.data?.data ?? []).map((r) => (
                <MenuItem key={r.id} value={String(r.id)}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={1}>
              <TextField
                label={t('zones.simulator.lat')}
                value={lat}
                onChange={(e) => setLat(e.target.value)}
                error={Boolean(errors.lat)}
                helperText={errors.lat}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                label={t('zones.simulator.lng')}
                value={lng}
                onChange={(e) => setLng(e.target.value)}
                error={Boolean(errors.lng)}
                helperText={errors.lng}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
            <TextField
              label={t('zones.simulator.basket')}
              value={basket}
              onChange={(e) => setBasket(e.target.value)}
              error={Boolean(errors.basket)}
              helperText={errors.basket}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label={t('zones.simulator.at')}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label={t('zones.simulator.rush')}
              value={rush}
              onChange={(e) => setRush(e.target.value as '' | 'on' | 'off')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('zones.simulator.rush_as_is')}</MenuItem>
              <MenuItem value="on">{t('zones.fees.on')}</MenuItem>
              <MenuItem value="off">{t('zones.fees.off')}</MenuItem>
            </TextField>
            <Box>
              <Button type="submit" variant="contained" loading={simulate.isPending}>
                {t('zones.simulator.run')}
              </Button>
            </Box>
          </Stack>
        </Paper>
        {result ? (
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('zones.simulator.total')}>
            <Typography variant="subtitle1" component="h2">
              {t('zones.simulator.zones_here')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
              {result.zones.length === 0 ? (
                <Typography variant="body2">{t('zones.simulator.none_here')}</Typography>
              ) : (
                result.zones.map((z) => (
                  <Chip key={z.id} label={`${z.name} · ${t(`zones.kinds.${z.kind}`)} · ${z.priority}`} />
                ))
              )}
            </Stack>
            {result.quote ? (
              <QuoteBreakdown quote={result.quote} caption={t('zones.simulator.total')} />
            ) : (
              <Alert severity="error" role="alert">
                <strong>{t('zones.simulator.refused')}:</strong> {result.message}
              </Alert>
            )}
          </Paper>
        ) : null}
      </Stack>
    </Box>
  );
}
