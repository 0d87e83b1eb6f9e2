import type { Dashboard } from '@dostava/shared';
import { formatMoney } from '@dostava/shared/money-format';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { EmptyNote } from './widget';

interface Row {
  id: number;
  name: string;
  subtitle?: string;
  quantity: number;
  amount: number;
}

/** A ranked list with a bar proportional to the quantity sold. */
function RankedList({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <EmptyNote>{t('dashboard.no_data')}</EmptyNote>;
  const max = Math.max(...rows.map((row) => row.quantity), 1);
  const language = currentLanguage();
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
      {rows.map((row) => (
        <Box component="li" key={row.id} sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {row.name}
              </Typography>
              {row.subtitle ? (
                <Typography variant="caption" color="text.secondary" component="p">
                  {row.subtitle}
                </Typography>
              ) : null}
            </Box>
            <Box sx={{ textAlign: 'right', flex: 'none' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('dashboard.pieces', { quantity: formatNumber(row.quantity) })}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {formatMoney(row.amount, language)}
              </Typography>
            </Box>
          </Box>
          <Box aria-hidden sx={{ mt: 0.5, height: 6, borderRadius: 3, bgcolor: 'grey.200' }}>
            <Box
              sx={{
                height: '100%',
                width: `${Math.max((row.quantity / max) * 100, 2)}%`,
                borderRadius: 3,
                bgcolor: 'primary.main',
              }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function TopCategories({ data }: { data: Dashboard }) {
  return <RankedList rows={data.top_categories} />;
}

export function TopProducts({ data }: { data: Dashboard }) {
  return (
    <RankedList rows={data.top_products.map((product) => ({ ...product, subtitle: product.restaurant }))} />
  );
}
