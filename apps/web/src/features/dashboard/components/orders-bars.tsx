import { BarChart } from '@mui/x-charts/BarChart';
import { formatNumber } from '../../../lib/format';

/** The bars of the orders chart (MUI X Charts, loaded lazily by `orders-chart.tsx`). */
export function OrdersBars({ labels, orders, label }: { labels: string[]; orders: number[]; label: string }) {
  return (
    <BarChart
      height={300}
      xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ valueFormatter: (value: number) => formatNumber(value), width: 48 }]}
      series={[
        {
          data: orders,
          label,
          color: '#1565c0',
          valueFormatter: (value) => formatNumber(value ?? 0),
        },
      ]}
      hideLegend
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
    />
  );
}
