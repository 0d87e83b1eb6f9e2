import { formatMoney, type Language, type Quote } from '@dostava/shared';
import { Table, TableBody, TableCell, TableFooter, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A quote's lines and total, as the rules gave them (the simulator, an order's frozen fee). */
export function QuoteBreakdown({ quote, caption }: { quote: Quote; caption: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <>
      <Table size="small" aria-label={caption}>
        <TableBody>
          {quote.lines.map((line) => (
            <TableRow key={line.kind}>
              <TableCell component="th" scope="row">
                {t(`zones.lines.${line.kind}`)}
              </TableCell>
              <TableCell align="right">{formatMoney(line.amount, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {t('zones.simulator.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {formatMoney(quote.total, language)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('zones.simulator.road', { km: (quote.road_m / 1000).toFixed(2) })}
        {' · '}
        {quote.zone
          ? t('zones.simulator.priced_by', { name: quote.zone.name })
          : t('zones.simulator.priced_by_operation')}
      </Typography>
    </>
  );
}
