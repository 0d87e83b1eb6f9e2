import { rangeOrderError } from '@dostava/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import MapIcon from '@mui/icons-material/Map';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppConfig } from '../../../api/app-config/get-app-config';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useBreaks } from '../../../features/breaks/api/breaks';
import { BreaksByDay, dayOf, formatDuration } from '../../../features/breaks/components/breaks-by-day';
import { isApiError } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_DAYS = 14;

/** /drivers/{id}/breaks: a driver's breaks (started, ended, duration) with totals per day, for a period. */
export function DriverBreaksPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const id = Number(useParams().id);
  const config = useAppConfig();
  const timeZone = config.data?.time_zone ?? 'Europe/Sarajevo';
  const [searchParams, setSearchParams] = useSearchParams();

  // The last two weeks unless the URL names a period.
  const defaults = useMemo(() => {
    const today = dayOf(new Date().toISOString(), timeZone);
    const from = new Date(`${today}T12:00:00Z`);
    from.setUTCDate(from.getUTCDate() - (DEFAULT_DAYS - 1));
    return { from: from.toISOString().slice(0, 10), to: today };
  }, [timeZone]);
  const param = (key: 'from' | 'to') => {
    const value = searchParams.get(key);
    return value !== null && (value === '' || DATE.test(value)) ? value : defaults[key];
  };
  const from = param('from');
  const to = param('to');
  const rangeError = rangeOrderError(from, to);
  const range = useMemo(() => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) }), [from, to]);
  const query = useBreaks(rangeError ? Number.NaN : id, range);
  const setDate = useCallback(
    (key: 'from' | 'to', value: string) =>
      setSearchParams(
        () => {
          // The address bar, not this render's copy: a quick range sets both days before a re-render.
          const next = new URLSearchParams(window.location.search);
          next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const driver = query.data?.driver;
  const title = driver
    ? t('drivers.breaks_of', { name: `${driver.first_name} ${driver.last_name}` })
    : t('drivers.breaks_title');
  useDocumentTitle(title);
  const total = query.data?.days.reduce((sum, day) => sum + day.total_seconds, 0) ?? 0;
  const count = query.data?.days.reduce((sum, day) => sum + day.breaks, 0) ?? 0;
  const back = me.role === 'dispatcher' ? `/drivers-location?driver=${id}` : '/drivers';

  return (
    <PageContainer maxWidth={960}>
      <Button component={Link} to={back} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {me.role === 'dispatcher' ? t('drivers.map') : t('drivers.title')}
      </Button>
      <PageHeader
        title={title}
        actions={
          me.role === 'dispatcher' ? undefined : (
            <Button
              component={Link}
              to={`/drivers-location?driver=${id}`}
              startIcon={<MapIcon />}
              variant="outlined"
            >
              {t('drivers.map')}
            </Button>
          )
        }
      />
      <Box
        component="fieldset"
        sx={{
          border: 0,
          p: 0,
          m: 0,
          mb: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
        }}
      >
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          {t('breaks.period')}
        </Typography>
        <DateRangeFilter
          from={from}
          to={to}
          fromLabel={t('breaks.from')}
          toLabel={t('breaks.to')}
          setFilter={setDate}
        />
      </Box>
      {rangeError ? null : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <Typography>{t('common.not_found')}</Typography>
        ) : (
          <ErrorState onRetry={() => void query.refetch()} />
        )
      ) : !query.data ? (
        <Box role="status" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rectangular" height={120} sx={{ mb: 2, borderRadius: 1 }} />
          ))}
        </Box>
      ) : query.data.data.length === 0 ? (
        <Typography color="text.secondary">{t('common.not_found')}</Typography>
      ) : (
        <>
          <Typography role="status" sx={{ mb: 2, fontVariantNumeric: 'tabular-nums' }}>
            {t('breaks.period_total', { count, duration: formatDuration(total) })}
          </Typography>
          <BreaksByDay result={query.data} timeZone={timeZone} />
        </>
      )}
    </PageContainer>
  );
}
