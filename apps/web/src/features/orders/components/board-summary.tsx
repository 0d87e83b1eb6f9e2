import type { BoardCounts, BoardLane } from '@dostava/shared';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BoardAudience } from '../live/cues';

/** Read by screen readers, not drawn: a phone's banner keeps its name without the title's line. */
const HIDDEN = {
  position: 'absolute',
  // Strings: in sx a number up to 1 is a fraction (1 = 100%) and a margin a spacing step.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * One banner for what this board's user must act on, with a way to each lane; never a toast per order.
 * Dispatch: problems (late or no answer) and orders ready without a driver. The kitchen: new orders to
 * accept (the "new" lane: one meaning of new) and its own late preparation, not dispatch's problems.
 */
export function BoardSummary({
  audience,
  counts,
  onLane,
  compact,
}: {
  audience: BoardAudience;
  counts: BoardCounts | undefined;
  onLane: (lane: BoardLane) => void;
  /** A phone: the links alone (the colour and the links say it), no title line. */
  compact: boolean;
}) {
  const { t } = useTranslation();
  if (!counts) return null;
  const items: { key: string; lane: BoardLane; count: number; label: string }[] =
    audience === 'dispatch'
      ? [
          {
            key: 'problems',
            lane: 'problems',
            count: counts.problems,
            label: t('orders.summary_problems', { count: counts.problems, late: counts.late }),
          },
          {
            key: 'driver',
            lane: 'ready_no_driver',
            count: counts.ready_no_driver,
            label: t('orders.summary_no_driver', { count: counts.ready_no_driver }),
          },
        ]
      : [
          {
            key: 'new',
            lane: 'new',
            count: counts.new,
            label: t('orders.summary_new', { count: counts.new }),
          },
          {
            key: 'late',
            lane: 'problems',
            count: counts.late_preparation,
            label: t('orders.summary_late_preparation', { count: counts.late_preparation }),
          },
        ];
  const shown = items.filter((item) => item.count > 0);
  if (shown.length === 0) return null;
  const late = audience === 'dispatch' ? counts.late : counts.late_preparation;
  return (
    <Alert
      severity={late > 0 ? 'warning' : 'info'}
      sx={{ mb: 1.5, py: 0, '& .MuiAlert-message': { width: '100%', py: 0.75 } }}
      role="status"
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}>
        <AlertTitle sx={compact ? HIDDEN : { mb: 0, mr: 0.5 }}>{t('orders.summary_title')}</AlertTitle>
        {shown.map((item) => (
          <Button
            key={item.key}
            size="small"
            color="inherit"
            onClick={() => onLane(item.lane)}
            sx={{ textDecoration: 'underline', minHeight: 32 }}
          >
            {item.label}
          </Button>
        ))}
      </Stack>
    </Alert>
  );
}
