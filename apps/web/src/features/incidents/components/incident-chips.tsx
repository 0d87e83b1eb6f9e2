import type { IncidentStatus, RefundStatus } from '@dostava/shared';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = {
  open: 'warning',
  in_progress: 'primary',
  resolved: 'success',
  dismissed: 'default',
} as const satisfies Record<IncidentStatus, string>;

export function IncidentStatusChip({ status }: { status: IncidentStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status]}
      label={t(`incidents.statuses.${status}`)}
    />
  );
}

const REFUND_COLOR = {
  pending_approval: 'warning',
  approved: 'success',
  rejected: 'default',
} as const satisfies Record<RefundStatus, string>;

export function RefundStatusChip({ status }: { status: RefundStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={REFUND_COLOR[status]}
      label={t(`incidents.refunds.statuses.${status}`)}
    />
  );
}
