import { DISPATCH_MODES, type DispatchMode, type Restaurant } from '@dostava/shared';
import { Paper, Stack, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useDispatchSettings } from '../../../api/dispatch/dispatch';
import { useSetRestaurantDispatchMode } from '../api/dispatch';

/** The option of following the operation: '' in the select, null on the wire. */
const FOLLOW = '';

/**
 * A restaurant's own dispatch mode (Admin, App Manager): follow the operation, or manual, suggest or
 * automatic for this restaurant's orders. Saved on choosing, with a toast.
 */
export function RestaurantDispatchMode({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const titleId = useId();
  const settings = useDispatchSettings();
  const set = useSetRestaurantDispatchMode(restaurant.id);
  const current = restaurant.dispatch_mode;
  const operation = settings.data ? t(`dispatch.modes.${settings.data.mode}`) : '…';
  const label = t('dispatch.restaurant_mode');

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Stack spacing={2}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('dispatch.restaurant_title')}
        </Typography>
        <TextField
          select
          label={label}
          value={
            set.isPending && set.variables !== undefined ? (set.variables ?? FOLLOW) : (current ?? FOLLOW)
          }
          disabled={set.isPending}
          onChange={(event) => {
            const mode = event.target.value === FOLLOW ? null : (event.target.value as DispatchMode);
            set.mutate(mode, {
              onSuccess: ({ data: saved }) =>
                toast.success(
                  t('dispatch.restaurant_mode_saved', {
                    name: saved.name,
                    mode: saved.dispatch_mode
                      ? t(`dispatch.modes.${saved.dispatch_mode}`)
                      : t('dispatch.follow_operation', { mode: operation }),
                  }),
                ),
            });
          }}
          helperText={t('dispatch.restaurant_mode_help')}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'aria-label': label },
          }}
          sx={{ maxWidth: 420 }}
        >
          <option value={FOLLOW}>{t('dispatch.follow_operation', { mode: operation })}</option>
          {DISPATCH_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`dispatch.modes.${mode}`)}
            </option>
          ))}
        </TextField>
      </Stack>
    </Paper>
  );
}
