import type { EndShiftStatus } from '@dostava/shared';
import { Chip, type ChipProps, darken } from '@mui/material';
import { useTranslation } from 'react-i18next';

const TONES = { pending: 'warning', collected: 'success', rejected: 'error' } as const;

/** A request's status as a translated chip, its text darkened to keep the contrast. */
export function EndShiftStatusChip({
  status,
  size = 'small',
}: {
  status: EndShiftStatus;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  const tone = TONES[status];
  return (
    <Chip
      size={size}
      variant="outlined"
      label={t(`cash_register.statuses.${status}`)}
      sx={(theme) => ({
        color: darken(theme.palette[tone].main, 0.45),
        borderColor: theme.palette[tone].main,
        bgcolor: 'background.paper',
      })}
    />
  );
}
