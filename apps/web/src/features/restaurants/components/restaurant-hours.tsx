import { Alert, Button, Paper, Skeleton, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { formatTime } from '../../../lib/format';
import { useCapacityEvents, useChangesByOthers } from '../api/capacity';
import { useRestaurantHours, useUpdateRestaurantHours } from '../api/restaurants';
import { HoursForm } from './hours-form';

/** Someone else saved these hours while they were open here: who, when, and whether theirs are shown. */
interface Notice {
  name: string;
  at: string;
  /** The form had unsaved input: it was kept, and their hours wait behind a button. */
  kept: boolean;
}

/** The restaurant's opening hours on its page: editable by its manager, an Admin or an App Manager. */
export function RestaurantHours({ id, editable }: { id: number; editable: boolean }) {
  const { t } = useTranslation();
  const query = useRestaurantHours(id);
  const update = useUpdateRestaurantHours(id);
  // A new form (their hours as its values) each time the saved hours are to be shown afresh.
  const [version, setVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The page's state chip (open, closed until …) follows changes made elsewhere.
  useCapacityEvents();
  useChangesByOthers(id, (change) => {
    if (change.kind !== 'hours') return;
    const name = change.by
      ? change.by.name || t('restaurants.capacity.someone')
      : t('restaurants.capacity.system');
    void query.refetch().then(() => {
      if (!dirty) setVersion((v) => v + 1);
      setNotice({ name, at: change.at, kept: dirty });
    });
  });

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
  const changed = notice ? (
    <Alert
      severity="warning"
      onClose={() => setNotice(null)}
      action={
        notice.kept ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              setVersion((v) => v + 1);
              setNotice({ ...notice, kept: false });
            }}
          >
            {t('restaurants.hours.show_theirs')}
          </Button>
        ) : undefined
      }
    >
      {t('restaurants.hours.changed_by', { name: notice.name, time: formatTime(notice.at) })}{' '}
      {notice.kept ? t('restaurants.hours.changed_kept') : t('restaurants.hours.changed_shown')}
    </Alert>
  ) : null;
  return (
    <HoursForm
      key={version}
      hours={query.data}
      readOnly={!editable}
      notice={changed}
      onDirty={setDirty}
      onSubmit={async (body) => (await update.mutateAsync(body)).data}
    />
  );
}
