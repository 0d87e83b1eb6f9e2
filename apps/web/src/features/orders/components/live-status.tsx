import { Alert, Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StreamState } from '../../../lib/event-stream';
import { useNow } from '../../../lib/use-now';

interface LiveStatusProps {
  stream: StreamState;
  /** When the data on screen was fetched (TanStack Query's dataUpdatedAt), epoch ms. */
  updatedAt: number;
}

/**
 * A live screen is never silently stale: a 'Live' mark while the stream is up, a warning while it is down,
 * and how long ago the data on screen was fetched.
 */
export function LiveStatus({ stream, updatedAt }: LiveStatusProps) {
  const { t } = useTranslation();
  const now = useNow(5_000);
  const seconds = updatedAt ? Math.max(0, Math.round((now - updatedAt) / 1000)) : null;
  const ago = seconds === null ? null : t('orders.updated_ago', { seconds });

  if (stream.status === 'reconnecting') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} role="status">
        {t('orders.interrupted')}
        {ago ? ` · ${ago}` : ''}
      </Alert>
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      {stream.status === 'connected' ? (
        <Chip size="small" color="success" variant="outlined" label={t('orders.live')} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('orders.connecting')}
        </Typography>
      )}
      {ago ? (
        <Typography variant="body2" color="text.secondary">
          {ago}
        </Typography>
      ) : null}
    </Box>
  );
}
