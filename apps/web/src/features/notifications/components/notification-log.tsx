import {
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/facts';
import { formatDateTime } from '../../../lib/format';
import { useOrderNotifications } from '../api/notifications';

/** The order page's list of messages to the customer: what, when, by which channel, the provider's answer. */
export function NotificationLog({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const query = useOrderNotifications(orderId);
  const rows = query.data;
  return (
    <Section title={t('notifications.log')}>
      {!rows ? (
        <Skeleton variant="rounded" height={48} />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('notifications.log_empty')}
        </Typography>
      ) : (
        // Scrolls sideways on a phone: reachable by keyboard.
        <TableContainer tabIndex={0} role="region" aria-label={t('notifications.log')}>
          <Table size="small" aria-label={t('notifications.log')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.what')}</TableCell>
                <TableCell>{t('notifications.result')}</TableCell>
                <TableCell>{t('notifications.how')}</TableCell>
                <TableCell>{t('notifications.when')}</TableCell>
                <TableCell>{t('notifications.answer')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{t(`notifications.event.${row.event}`)}</TableCell>
                  <TableCell>
                    {t(`notifications.state.${row.state}`)}
                    {row.skip_reason ? ` (${t(`notifications.skip.${row.skip_reason}`)})` : ''}
                    {row.attempts > 1 ? ` · ${t('notifications.attempts')}: ${row.attempts}` : ''}
                  </TableCell>
                  <TableCell>{row.channel ? t(`notifications.channel.${row.channel}`) : '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.sent_at ?? row.created_at)}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 240 }}>
                    {row.provider_status !== null
                      ? `${row.provider_status} ${row.provider_answer ?? ''}`
                      : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}
