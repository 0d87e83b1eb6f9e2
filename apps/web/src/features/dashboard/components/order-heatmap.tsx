import type { Dashboard } from '@dostava/shared';
import { alpha, Box, Typography, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { EmptyNote } from './widget';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const pad = (n: number) => String(n).padStart(2, '0');

/** When customers order: a weekday × hour table of cells shaded by the number of orders. */
export function OrderHeatmap({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const counts = new Map(data.heatmap.map((cell) => [`${cell.weekday}:${cell.hour}`, cell.orders]));
  const max = Math.max(0, ...data.heatmap.map((cell) => cell.orders));
  if (max === 0) return <EmptyNote>{t('dashboard.no_orders')}</EmptyNote>;
  // Counts repeat across the 168 cells: each is formatted once.
  const formatted = new Map<number, string>();
  const formatCount = (count: number) => {
    const known = formatted.get(count);
    if (known !== undefined) return known;
    const text = formatNumber(count);
    formatted.set(count, text);
    return text;
  };
  const shade = (count: number) =>
    count === 0 ? theme.palette.grey[100] : alpha(theme.palette.primary.main, 0.12 + 0.88 * (count / max));

  return (
    <>
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('dashboard.heatmap')}
        sx={{ overflowX: 'auto', pb: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        <Box
          component="table"
          sx={{
            borderCollapse: 'separate',
            borderSpacing: '3px',
            minWidth: 680,
            width: '100%',
            tableLayout: 'fixed',
            '& th': { fontSize: 11, fontWeight: 500, color: 'text.secondary', p: 0 },
            // One rule for the 168 cells; each cell sets only its shade (inline), so rendering the
            // table does not build a style class per cell.
            '& td': { height: 22, borderRadius: 0.5, p: 0 },
          }}
        >
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('dashboard.heatmap_hint')}
          </caption>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ width: 40 }}>
                <span
                  style={{
                    position: 'absolute',
                    width: 1,
                    height: 1,
                    overflow: 'hidden',
                    clip: 'rect(0 0 0 0)',
                  }}
                >
                  {t('dashboard.hour')}
                </span>
              </Box>
              {HOURS.map((hour) => (
                <th key={hour} scope="col" abbr={`${pad(hour)}:00`}>
                  {hour % 3 === 0 ? pad(hour) : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((weekday) => {
              const name = t(`dashboard.weekdays.${weekday}`);
              return (
                <tr key={weekday}>
                  <Box component="th" scope="row" abbr={name} sx={{ textAlign: 'left', pr: 0.5 }}>
                    {t(`dashboard.weekdays_short.${weekday}`)}
                  </Box>
                  {HOURS.map((hour) => {
                    const count = counts.get(`${weekday}:${hour}`) ?? 0;
                    const label = t('dashboard.heatmap_cell', {
                      weekday: name,
                      hour: `${pad(hour)}:00`,
                      orders: formatCount(count),
                    });
                    return (
                      <td
                        key={hour}
                        title={label}
                        aria-label={label}
                        style={{ backgroundColor: shade(count) }}
                      />
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </Box>
      </Box>
      <Box
        aria-hidden
        sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, justifyContent: 'flex-end' }}
      >
        <Typography variant="caption" color="text.secondary">
          {t('dashboard.fewer')}
        </Typography>
        {[0.12, 0.34, 0.56, 0.78, 1].map((level) => (
          <Box
            key={level}
            sx={{
              width: 14,
              height: 14,
              borderRadius: 0.5,
              bgcolor: alpha(theme.palette.primary.main, level),
            }}
          />
        ))}
        <Typography variant="caption" color="text.secondary">
          {t('dashboard.more')}
        </Typography>
      </Box>
    </>
  );
}
