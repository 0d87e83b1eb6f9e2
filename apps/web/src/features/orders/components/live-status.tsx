import { Alert, Box, Chip, darken, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StreamState } from '../../../lib/event-stream';
import { useNow } from '../../../lib/use-now';
import { secondsBehind } from '../live/lag';

interface LiveStatusProps {
  stream: StreamState;
  /** When the data on screen was fetched (TanStack Query's dataUpdatedAt), epoch ms. */
  updatedAt: number;
  /**
   * A screen that keeps itself current from the events (the board): the first change it has not read
   * yet (null: none). Then "Live" means current, and otherwise the mark says how far behind the screen
   * is, instead of when it was fetched.
   */
  changedSince?: number | null;
}

/**
 * A live screen is never silently stale: a 'Live' mark while the stream is up (and, where the screen
 * says, while it is current), a warning while it is down, and how long ago the data was fetched or how
 * far behind it is.
 */
export function LiveStatus({ stream, updatedAt, changedSince }: LiveStatusProps) {
  const { t } = useTranslation();
  const now = useNow(5_000);
  const seconds = updatedAt ? Math.max(0, Math.round((now - updatedAt) / 1000)) : null;
  const ago = seconds === null ? null : t('orders.updated_ago', { seconds });
  const tracked = changedSince !== undefined;
  const behind = tracked ? secondsBehind(now, changedSince) : null;

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
      {stream.status !== 'connected' ? (
        <Typography variant="body2" color="text.secondary">
          {t('orders.connecting')}
        </Typography>
      ) : behind !== null ? (
        <Chip
          size="small"
          label={t('orders.behind', { seconds: behind })}
          // Warning's own orange is too light for white text (contrast): the at-risk chip's shade.
          sx={(theme) => ({ color: '#fff', bgcolor: darken(theme.palette.warning.main, 0.4) })}
        />
      ) : (
        <Chip size="small" color="success" variant="outlined" label={t('orders.live')} />
      )}
      {ago && !tracked ? (
        <Typography variant="body2" color="text.secondary">
          {ago}
        </Typography>
      ) : null}
    </Box>
  );
}
