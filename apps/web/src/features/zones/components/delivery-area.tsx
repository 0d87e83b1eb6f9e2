import type { Zone } from '@dostava/shared';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZones } from '../../../api/zones/zones';
import { ApiError } from '../../../lib/http';
import { translateMessage } from '../../../lib/i18n';
import { toasts } from '../../../lib/toast';
import { useDeliveryArea, usePutDeliveryArea } from '../api/zones';
import { ZonesMap } from './zones-map';

/**
 * A restaurant's delivery area on its page: a zone, a radius, or both. Admin and App Manager set it;
 * the restaurant's staff see it read-only, with the zone drawn on a map.
 */
export function DeliveryArea({ restaurantId, editable }: { restaurantId: number; editable: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const area = useDeliveryArea(restaurantId);
  const zones = useZones(editable);
  const put = usePutDeliveryArea(restaurantId);
  const [zoneId, setZoneId] = useState('');
  const [radius, setRadius] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!area.data) return;
    setZoneId(area.data.zone_id === null ? '' : String(area.data.zone_id));
    setRadius(area.data.radius_m === null ? '' : String(area.data.radius_m));
  }, [area.data]);
  const data = area.data;
  const shown: Zone[] =
    data?.geometry && data.zone_id !== null
      ? [
          {
            id: data.zone_id,
            name: data.zone_name ?? '',
            kind: 'service_area',
            priority: 0,
            active: true,
            geometry: data.geometry,
            area_m2: 0,
            created_at: '',
            updated_at: '',
          },
        ]
      : [];

  const save = async () => {
    try {
      await put.mutateAsync({
        zone_id: zoneId === '' ? null : Number(zoneId),
        radius_m: radius.trim() === '' ? null : Number.parseInt(radius, 10),
      });
      setErrors({});
      toasts.success(t('zones.area.saved'));
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
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t('zones.area.title')}
      </Typography>
      {data ? (
        <Stack spacing={1.5}>
          {data.zone_id === null && data.radius_m === null ? (
            <Typography variant="body2">{t('zones.area.none')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {data.zone_name ? <li>{t('zones.area.summary_zone', { name: data.zone_name })}</li> : null}
              {data.radius_m !== null ? (
                <li>{t('zones.area.summary_radius', { km: (data.radius_m / 1000).toFixed(1) })}</li>
              ) : null}
            </Box>
          )}
          <Typography variant="body2" color="text.secondary">
            {editable ? t('zones.area.both') : t('zones.area.read_only')}
          </Typography>
          {shown.length ? (
            <ZonesMap
              zones={shown}
              point={data.lat !== null && data.lng !== null ? { lat: data.lat, lng: data.lng } : null}
              height={260}
            />
          ) : null}
          {editable ? (
            <Stack
              component="form"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <TextField
                select
                label={t('zones.area.zone')}
                value={zoneId}
                onChange={(e) => setZoneId(e.target.value)}
                sx={{ minWidth: 220 }}
                error={Boolean(errors.zone_id)}
                helperText={errors.zone_id}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('zones.area.no_zone')}</MenuItem>
                {(zones.data ?? [])
                  .filter((z) => z.kind !== 'exclusion')
                  .map((z) => (
                    <MenuItem key={z.id} value={String(z.id)}>
                      {z.name}
                    </MenuItem>
                  ))}
              </TextField>
              <TextField
                label={t('zones.area.radius')}
                type="number"
                value={radius}
                onChange={(e) => setRadius(e.target.value)}
                error={Boolean(errors.radius_m)}
                helperText={errors.radius_m}
              />
              <Box>
                <Button type="submit" variant="contained" loading={put.isPending}>
                  {t('zones.area.save')}
                </Button>
              </Box>
            </Stack>
          ) : null}
        </Stack>
      ) : area.isError ? (
        <Alert severity="error">{t('errors.unexpected')}</Alert>
      ) : null}
    </Paper>
  );
}
