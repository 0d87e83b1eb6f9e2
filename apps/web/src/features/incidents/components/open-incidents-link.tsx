import { can } from '@dostava/shared';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Badge, Button, IconButton, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useIncidentCounts, useIncidentEvents } from '../api/incidents';

/**
 * The dispatch board's counter of open incidents, a link to them, kept current by the event stream's
 * incident events (another dispatcher's report shows without a reload).
 */
export function OpenIncidentsLink() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const allowed = can(me, 'incidents.read');
  const counts = useIncidentCounts(allowed);
  useIncidentEvents(allowed);
  // On a phone the counter sits beside the title as an icon with its number: the orders stay high.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (!allowed || !counts.data) return null;
  const label = t('incidents.open_count', { count: counts.data.open });
  if (phone)
    return (
      <IconButton
        component={Link}
        to="/incidents?status=open"
        aria-label={label}
        title={label}
        color={counts.data.open > 0 ? 'error' : 'default'}
      >
        <Badge
          badgeContent={counts.data.open}
          color={counts.data.open > 0 ? 'error' : 'primary'}
          showZero
          max={999}
        >
          <ReportProblemOutlined />
        </Badge>
      </IconButton>
    );
  return (
    <Button
      component={Link}
      to="/incidents?status=open"
      variant={counts.data.open > 0 ? 'contained' : 'outlined'}
      // Error, not warning: white on MUI's warning orange is 3.1:1, under the 4.5:1 text needs.
      color={counts.data.open > 0 ? 'error' : 'primary'}
      startIcon={<ReportProblemOutlined />}
    >
      {label}
    </Button>
  );
}
