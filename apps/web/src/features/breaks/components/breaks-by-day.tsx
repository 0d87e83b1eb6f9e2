import type { Break } from '@dostava/shared';
import {
  Box,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, intlLocale } from '../../../lib/i18n';
import type { BreaksResult } from '../api/breaks';

/** Seconds as hh:mm ('00:25', '01:05'). */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The day (YYYY-MM-DD) of an instant in the operation's time zone. */
export function dayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/**
 * A day's heading: 'subota, 21.11.2026.' or 'Saturday, 21 November 2026'. Chromium's ICU has no Bosnian
 * month or weekday names ('2026 M11 21'); Croatian weekdays are the same words, and the date stays numeric.
 */
export function formatDay(day: string, language: 'bs' | 'en'): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (language === 'en')
    return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'full' }).format(date);
  const weekday = new Intl.DateTimeFormat('hr', { timeZone: 'UTC', weekday: 'long' }).format(date);
  const [y, m, d] = day.split('-');
  return `${weekday}, ${Number(d)}.${Number(m)}.${y}.`;
}

/** A driver's breaks grouped by day, each day with its total. */
export function BreaksByDay({ result, timeZone }: { result: BreaksResult; timeZone: string }) {
  const { t } = useTranslation();
  // 'hr' formats numbers, times and short dates exactly as Bosnian does, and every browser has it.
  const locale = intlLocale() === 'bs-BA' ? 'hr' : intlLocale();
  const byDay = useMemo(() => {
    const groups = new Map<string, Break[]>();
    for (const item of result.data) {
      const day = dayOf(item.started_at, timeZone);
      groups.set(day, [...(groups.get(day) ?? []), item]);
    }
    return groups;
  }, [result.data, timeZone]);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' });
  const dateTime = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'short', timeStyle: 'short' });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {result.days.map((day) => {
        const breaks = byDay.get(day.day) ?? [];
        const headingId = `breaks-day-${day.day}`;
        return (
          <Paper variant="outlined" key={day.day} component="section" aria-labelledby={headingId}>
            <Box
              sx={{
                px: 2,
                py: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {formatDay(day.day, currentLanguage())}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {t('breaks.day_total', { count: day.breaks, duration: formatDuration(day.total_seconds) })}
              </Typography>
            </Box>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('breaks.started_at')}</TableCell>
                    <TableCell>{t('breaks.ended_at')}</TableCell>
                    <TableCell align="right">{t('breaks.duration')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {breaks.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell>{time.format(new Date(item.started_at))}</TableCell>
                      <TableCell>
                        {item.ended_at ? (
                          dayOf(item.ended_at, timeZone) === day.day ? (
                            time.format(new Date(item.ended_at))
                          ) : (
                            dateTime.format(new Date(item.ended_at))
                          )
                        ) : (
                          <Chip size="small" color="warning" variant="outlined" label={t('breaks.running')} />
                        )}
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatDuration(item.duration_seconds)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
