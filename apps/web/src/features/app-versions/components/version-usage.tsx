import {
  Box,
  Card,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { type AppVersionUsage, useAppVersionUsage } from '../api/app-versions';
import { DARK_AMBER } from './priority-chip';

function StateChip({ usage }: { usage: AppVersionUsage }) {
  const { t } = useTranslation();
  if (usage.force_update) return <Chip size="small" color="error" label={t('app_versions.must_update')} />;
  if (usage.outdated)
    return (
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={t('app_versions.outdated')}
        sx={{ color: DARK_AMBER }}
      />
    );
  return <Chip size="small" color="success" variant="outlined" label={t('app_versions.up_to_date')} />;
}

/** Which versions the apps report running, so support sees who must update. A phone gets cards. */
export function VersionUsage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const usage = useAppVersionUsage();
  const headingId = 'versions-in-use-heading';

  let body: React.ReactNode;
  if (usage.isError) body = <ErrorState onRetry={() => void usage.refetch()} />;
  else if (!usage.data)
    body = (
      <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  else if (usage.data.length === 0)
    body = <Typography color="text.secondary">{t('app_versions.usage_empty')}</Typography>;
  else if (phone)
    body = (
      <Stack component="ul" aria-labelledby={headingId} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {usage.data.map((row) => (
          <Card component="li" variant="outlined" key={`${row.app_type}:${row.version}`} sx={{ p: 1.5 }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flexGrow: 1, fontWeight: 600 }}>
                {t(`app_versions.types.${row.app_type}`)} {row.version}
              </Typography>
              <StateChip usage={row} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('app_versions.reports')}: {formatNumber(row.reports)} · {t('app_versions.last_seen')}:{' '}
              {formatDateTime(row.last_seen)}
            </Typography>
          </Card>
        ))}
      </Stack>
    );
  else
    body = (
      <TableContainer tabIndex={0} role="region" aria-labelledby={headingId} sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={headingId} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('app_versions.app_type')}</TableCell>
              <TableCell>{t('app_versions.version')}</TableCell>
              <TableCell align="right">{t('app_versions.reports')}</TableCell>
              <TableCell>{t('app_versions.last_seen')}</TableCell>
              <TableCell>{t('app_versions.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {usage.data.map((row) => (
              <TableRow key={`${row.app_type}:${row.version}`}>
                <TableCell>{t(`app_versions.types.${row.app_type}`)}</TableCell>
                <TableCell>{row.version}</TableCell>
                <TableCell align="right">{formatNumber(row.reports)}</TableCell>
                <TableCell>{formatDateTime(row.last_seen)}</TableCell>
                <TableCell>
                  <StateChip usage={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('app_versions.usage_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('app_versions.usage_hint')}
      </Typography>
      {body}
    </Paper>
  );
}
