import type { DriverLocation } from '@dostava/shared';
import { Alert, Paper, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { driverName, type Focus } from '../selectors';

interface FocusNoticeProps {
  /** What to say about the focused driver (selectors.ts `focusOf`). */
  focus: Focus;
  /** The driver's details, as the map's popup shows them. */
  details: (driver: DriverLocation) => ReactNode;
  /** Drops the focus (the notice's close button). */
  onClose: () => void;
  /** Fetches the driver's record again. */
  onRetry: () => void;
}

/**
 * Above the map, for a focused driver without a marker: 'not found', or their details with why they
 * are not on the map ('not on shift', 'no location'), or the record's loading or failure.
 */
export function FocusNotice({ focus, details, onClose, onRetry }: FocusNoticeProps) {
  const { t } = useTranslation();
  switch (focus.kind) {
    case 'none':
      return null;
    case 'not_found':
      return (
        <Alert severity="error" role="alert" onClose={onClose}>
          {t('drivers_map.driver_not_found')}
        </Alert>
      );
    case 'driver':
      return (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, display: 'grid', gap: 1 }}
          role="region"
          aria-label={driverName(focus.driver)}
        >
          {focus.message ? (
            <Alert severity="info" role="status" onClose={onClose}>
              {t(focus.message)}
            </Alert>
          ) : null}
          {details(focus.driver)}
        </Paper>
      );
    case 'failed':
      return <ErrorState onRetry={onRetry} />;
    case 'loading':
      return <Skeleton variant="rectangular" height={120} sx={{ borderRadius: 1 }} />;
  }
}
