import { PieChart } from '@mui/x-charts/PieChart';
import { formatNumber } from '../../../lib/format';

/** The donut of the drivers chart (MUI X Charts, loaded lazily by `drivers-chart.tsx`). */
export function DriversPie({
  slices,
}: {
  slices: { id: string; value: number; label: string; color: string }[];
}) {
  return (
    <PieChart
      height={200}
      hideLegend
      series={[
        {
          innerRadius: 55,
          outerRadius: 90,
          paddingAngle: 2,
          cornerRadius: 3,
          data: slices,
          valueFormatter: (item) => formatNumber(item.value),
        },
      ]}
    />
  );
}
