import { rangeOrderError } from '@dostava/shared';
import { translateMessage } from '../lib/i18n';
import { DateField } from './date-field';
import { QuickRangeSelect } from './quick-range-select';

/**
 * A list's period filter: the quick ranges and the from/to days, as three cells of the filter grid.
 * A reversed range says so under "to" with the shared message (`rangeOrderError`, the one the API
 * answers); the list should not ask with it (`rangeOrderError(from, to)` tells).
 */
export function DateRangeFilter({
  from,
  to,
  fromLabel,
  toLabel,
  setFilter,
}: {
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  setFilter: (key: 'from' | 'to', value: string) => void;
}) {
  const error = rangeOrderError(from, to);
  return (
    <>
      <QuickRangeSelect
        from={from}
        to={to}
        onRange={(range) => {
          setFilter('from', range.from);
          setFilter('to', range.to);
        }}
      />
      <DateField size="small" label={fromLabel} value={from} onChange={(value) => setFilter('from', value)} />
      <DateField
        size="small"
        label={toLabel}
        value={to}
        onChange={(value) => setFilter('to', value)}
        error={Boolean(error)}
        helperText={error ? translateMessage(error) : undefined}
      />
    </>
  );
}
