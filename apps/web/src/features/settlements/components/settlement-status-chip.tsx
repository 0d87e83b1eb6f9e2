import type { Settlement } from '@dostava/shared';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Chip, type ChipProps, darken } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A settlement's status as a translated chip. */
export function SettlementStatusChip({
  status,
  size = 'small',
}: {
  status: Settlement['status'];
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  const tone = status === 'approved' ? 'success' : 'warning';
  return (
    <Chip
      size={size}
      variant="outlined"
      icon={status === 'approved' ? <CheckCircleOutline /> : undefined}
      label={t(`settlements.statuses.${status}`)}
      sx={(theme) => ({
        color: darken(theme.palette[tone].main, 0.45),
        borderColor: theme.palette[tone].main,
        bgcolor: 'background.paper',
        '& .MuiChip-icon': { color: 'inherit' },
      })}
    />
  );
}
