import { BarChart } from '@mui/x-charts/BarChart';
import { formatNumber } from '../../../lib/format';

/** The bars of the lateness chart (MUI X Charts, loaded lazily by `on-time.tsx`). */
export function LatenessBars({
  labels,
  minutes,
  label,
  unit,
}: {
  labels: string[];
  minutes: number[];
  label: string;
  unit: (value: string) => string;
}) {
  return (
    <BarChart
      height={180}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: labels, width: 120, tickLabelStyle: { fontSize: 12 } }]}
      xAxis={[{ valueFormatter: (value: number) => formatNumber(value, 1) }]}
      series={[
        {
          data: minutes,
          label,
          color: '#c62828',
          valueFormatter: (value) => unit(formatNumber(value ?? 0, 1)),
        },
      ]}
      hideLegend
      margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
    />
  );
}
