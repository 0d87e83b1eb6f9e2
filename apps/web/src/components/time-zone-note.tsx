import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, browserZoneDiffers, operationTimeZone } from '../lib/time-zone';

/**
 * Says which clock the times on screen follow when the browser keeps another one (a staff member
 * travelling, a laptop set to UTC): every time shown is the operation's, not the browser's.
 */
export function TimeZoneNote() {
  const { t } = useTranslation();
  if (!browserZoneDiffers()) return null;
  const zone = operationTimeZone();
  return (
    <Tooltip title={t('header.time_zone_hint', { zone, browser: browserTimeZone() })}>
      <Box
        role="note"
        aria-label={t('header.time_zone', { zone })}
        tabIndex={0}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', minWidth: 0 }}
      >
        <ScheduleIcon fontSize="small" aria-hidden />
        <Typography variant="caption" noWrap>
          {t('header.time_zone', { zone })}
        </Typography>
      </Box>
    </Tooltip>
  );
}
