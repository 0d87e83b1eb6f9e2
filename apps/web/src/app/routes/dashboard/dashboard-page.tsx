import { can, isRestaurantRole } from '@dostava/shared/roles';
import { Alert, Box, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useDashboard } from '../../../features/dashboard/api/dashboard';
import { DashboardSkeleton, DashboardView } from '../../../features/dashboard/components/dashboard-view';
import { PeriodPicker } from '../../../features/dashboard/components/period-picker';
import { useDashboardPeriod } from '../../../features/dashboard/components/use-dashboard-period';
import { IncidentAnalyticsCard } from '../../../features/incidents/components/incident-analytics';
import { useRestaurant } from '../../../features/restaurants/api/restaurants';
import { RestaurantState } from '../../../features/restaurants/components/restaurant-state';
import { RatingsCard } from '../../../features/tracking/components/ratings-card';
import { formatDate } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('nav.dashboard'));
  const period = useDashboardPeriod();
  const ownRestaurant = isRestaurantRole(user.role) ? (user.restaurant_id ?? 0) : 0;
  const restaurant = useRestaurant(ownRestaurant);
  const dashboard = useDashboard(period.query, user.role !== 'dispatcher' && !period.error);
  // Dispatchers have no dashboard: their home is the active orders.
  if (user.role === 'dispatcher') return <Navigate to="/active-orders" replace />;

  const data = dashboard.data;
  const range = !data
    ? null
    : data.period.from === data.period.to
      ? formatDate(data.period.from)
      : t('dashboard.range', { from: formatDate(data.period.from), to: formatDate(data.period.to) });
  const subtitle = [
    ownRestaurant && restaurant.data
      ? t('dashboard.restaurant_subtitle', { restaurant: restaurant.data.name })
      : t('dashboard.welcome', { name: user.first_name, role: t(`roles.${user.role}`) }),
    range,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <PageContainer>
      <PageHeader
        title={t('nav.dashboard')}
        subtitle={subtitle}
        actions={
          <>
            {ownRestaurant ? <RestaurantState restaurantId={ownRestaurant} /> : null}
            <PeriodPicker {...period} />
          </>
        }
      />
      <Box sx={{ height: 4, mb: 1 }}>
        {dashboard.isFetching && data ? <LinearProgress aria-label={t('common.loading')} /> : null}
      </Box>
      {period.error ? (
        // Said where the figures would be, not only under the field: the page is not left empty.
        <Alert severity="warning" role="alert">
          {translateMessage(period.error)}
        </Alert>
      ) : dashboard.isError && !data ? (
        <ErrorState onRetry={() => void dashboard.refetch()} />
      ) : data ? (
        <>
          <DashboardView data={data} byZone={!ownRestaurant} />
          {/* The customers' ratings from the tracking page (issue 39). */}
          <Box sx={{ mt: 2 }}>
            <RatingsCard />
          </Box>
          {/* What went wrong in the period and who paid for it (issue 38). */}
          {can(user, 'incidents.read') ? (
            <Box sx={{ mt: 2 }}>
              <IncidentAnalyticsCard query={period.query} />
            </Box>
          ) : null}
        </>
      ) : (
        <DashboardSkeleton />
      )}
    </PageContainer>
  );
}
