import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('nav.dashboard'));
  // Dispatchers have no dashboard: their home is the active orders.
  if (user.role === 'dispatcher') return <Navigate to="/active-orders" replace />;
  return (
    <>
      <PageHeader
        title={t('nav.dashboard')}
        subtitle={t('dashboard.welcome', { name: user.first_name, role: t(`roles.${user.role}`) })}
      />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2 }}>
        <Typography color="text.secondary">{t('common.coming_soon')}</Typography>
      </Paper>
    </>
  );
}
