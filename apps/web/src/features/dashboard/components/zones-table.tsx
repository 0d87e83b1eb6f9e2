import type { Dashboard } from '@dostava/shared';
import { formatMoney } from '@dostava/shared/money-format';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { EmptyNote } from './widget';

type ZoneRow = Dashboard['zones'][number];

/**
 * The period by delivery zone (issue 37): orders, delivered orders' fees, on time and refusals. The
 * table scrolls sideways on a phone rather than squeezing its figures.
 */
export function ZonesTable({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (data.zones.length === 0) return <EmptyNote>{t('zones_breakdown.empty')}</EmptyNote>;
  const nameOf = (row: ZoneRow) =>
    row.id === null ? t('zones_breakdown.none') : (row.name ?? t('zones_breakdown.deleted', { id: row.id }));
  return (
    // A region that scrolls is reachable by keyboard (axe's scrollable-region-focusable).
    <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" sx={{ '& td, & th': { px: 1 }, '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('zones_breakdown.zone')}</TableCell>
            <TableCell align="right">{t('zones_breakdown.orders')}</TableCell>
            <TableCell align="right">{t('zones_breakdown.delivered')}</TableCell>
            <TableCell align="right">{t('zones_breakdown.fees')}</TableCell>
            <TableCell align="right">{t('zones_breakdown.on_time')}</TableCell>
            <TableCell align="right">{t('zones_breakdown.refused')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.zones.map((row) => (
            <TableRow key={row.id ?? 0}>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{nameOf(row)}</TableCell>
              <TableCell align="right">{formatNumber(row.orders)}</TableCell>
              <TableCell align="right">{formatNumber(row.delivered)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.delivery_fees, language)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.rate === null ? '—' : `${formatNumber(row.rate * 100, 1)} %`}
              </TableCell>
              <TableCell align="right">{formatNumber(row.refused)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
