import { isRestaurantRole } from '@dostava/shared/roles';
import { Box, List, ListItem, ListItemText, Rating, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/facts';
import { formatNumber } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { RATINGS_DAYS, ratingsQueryOptions } from '../api/ratings';

/** The dashboard's customer ratings from the tracking page: per restaurant, and per driver for the operation. */
export function RatingsCard() {
  const { t } = useTranslation();
  const query = useQuery(ratingsQueryOptions());
  const data = query.data;
  // Restaurant staff get no drivers' list at all (the API sends them none).
  const operation = !isRestaurantRole(useCurrentUser().role);
  const list = (title: string, rows: { id: number; name: string; count: number; average: number }[]) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tracking_staff.ratings_empty')}
        </Typography>
      ) : (
        <List dense aria-label={title}>
          {rows.map((row) => (
            <ListItem key={row.id} disableGutters>
              <ListItemText
                primary={row.name}
                secondary={t('tracking_staff.ratings_row', {
                  average: formatNumber(row.average, 1),
                  count: row.count,
                })}
              />
              <Rating value={row.average} precision={0.1} readOnly size="small" aria-hidden />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
  return (
    <Section title={t('tracking_staff.ratings_title', { days: RATINGS_DAYS })}>
      {!data ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: operation ? '1fr 1fr' : '1fr' },
          }}
        >
          {list(t('tracking_staff.ratings_restaurants'), data.restaurants)}
          {operation ? list(t('tracking_staff.ratings_drivers'), data.drivers) : null}
        </Box>
      )}
    </Section>
  );
}
