import type { ShiftState } from '@dostava/shared';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ShiftState, ChipProps['color']> = {
  off_shift: 'default',
  available: 'success',
  delivering: 'primary',
  on_break: 'warning',
};

/** A driver's shift state as a translated chip. */
export function ShiftStateChip({ state }: { state: ShiftState }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={COLORS[state]} label={t(`drivers.shift_states.${state}`)} />
  );
}
