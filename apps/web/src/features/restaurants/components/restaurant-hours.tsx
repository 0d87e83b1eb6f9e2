import { Paper, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { useRestaurantHours, useUpdateRestaurantHours } from '../api/restaurants';
import { HoursForm } from './hours-form';

/** The restaurant's opening hours on its page: editable by its manager, an Admin or an App Manager. */
export function RestaurantHours({ id, editable }: { id: number; editable: boolean }) {
  const { t } = useTranslation();
  const query = useRestaurantHours(id);
  const update = useUpdateRestaurantHours(id);
  if (query.isError) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <ErrorState message={t('common.load_failed')} onRetry={() => void query.refetch()} />
      </Paper>
    );
  }
  if (!query.data) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={t('restaurants.hours.title')}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return (
    <HoursForm
      hours={query.data}
      readOnly={!editable}
      onSubmit={async (body) => (await update.mutateAsync(body)).data}
    />
  );
}
