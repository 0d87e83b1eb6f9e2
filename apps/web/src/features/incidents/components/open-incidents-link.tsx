import { can } from '@dostava/shared';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useIncidentCounts } from '../api/incidents';

/**
 * The dispatch board's counter of open incidents, a link to them. Incidents send no live event yet:
 * the count is asked again every half minute and after every incident write.
 */
export function OpenIncidentsLink() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const allowed = can(me, 'incidents.read');
  const counts = useIncidentCounts(allowed);
  if (!allowed || !counts.data) return null;
  return (
    <Button
      component={Link}
      to="/incidents?status=open"
      variant={counts.data.open > 0 ? 'contained' : 'outlined'}
      color={counts.data.open > 0 ? 'warning' : 'primary'}
      startIcon={<ReportProblemOutlined />}
    >
      {t('incidents.open_count', { count: counts.data.open })}
    </Button>
  );
}
