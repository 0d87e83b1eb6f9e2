import WarningAmber from '@mui/icons-material/WarningAmberRounded';
import { Alert, AlertTitle, Badge, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDisabledWebhookEndpoints } from '../api/webhooks';

/**
 * How the Admins are told that the workers disabled an endpoint (410 Gone, or failing for days): a
 * notice above the endpoints, naming each one until it is enabled again or deleted.
 */
export function DisabledEndpointsNotice() {
  const { t } = useTranslation();
  const query = useDisabledWebhookEndpoints();
  const endpoints = query.data?.data ?? [];
  if (!endpoints.length) return null;
  return (
    <Alert severity="error" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
      <AlertTitle>{t('integrations_extra.disabled_endpoints_title')}</AlertTitle>
      {t('integrations_extra.disabled_endpoints_text', {
        urls: endpoints.map((endpoint) => endpoint.url).join(', '),
      })}
    </Alert>
  );
}

/** The same, in the header on every screen: a warning sign with their count, leading to the endpoints. */
export function DisabledEndpointsButton() {
  const { t } = useTranslation();
  const query = useDisabledWebhookEndpoints();
  const count = query.data?.meta.total ?? 0;
  if (!count) return null;
  const label = t('integrations_extra.disabled_endpoints_count', { count });
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to="/webhooks" aria-label={label} color="error">
        <Badge badgeContent={count} color="error">
          <WarningAmber />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
