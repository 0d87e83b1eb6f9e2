import type { Priority } from '@dostava/shared';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS = { low: 'default', medium: 'primary', high: 'warning', extreme: 'error' } as const;
/** Outlined warning text is too light on white (WCAG AA); a darker amber keeps the hue readable. */
export const DARK_AMBER = '#8a4b00';

/** The priority of a version; Extreme (a forced update) stands out, filled and marked. */
export function PriorityChip({ priority }: { priority: Priority }) {
  const { t } = useTranslation();
  const extreme = priority === 'extreme';
  return (
    <Chip
      size="small"
      label={t(`app_versions.priorities.${priority}`)}
      color={COLORS[priority]}
      variant={extreme ? 'filled' : 'outlined'}
      icon={extreme ? <PriorityHigh fontSize="small" /> : undefined}
      sx={extreme ? { fontWeight: 700 } : priority === 'high' ? { color: DARK_AMBER } : undefined}
    />
  );
}
