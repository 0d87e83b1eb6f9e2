import type { Settlement } from '@dostava/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import TaskAlt from '@mui/icons-material/TaskAlt';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatPeriod } from '../../../lib/format';
import { useApproveSettlement, useDeleteSettlement } from '../api/settlements';

/** 'Approve settlement' (once) and 'Delete settlement' of a pending settlement, each confirmed first. */
export function SettlementActions({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const approve = useApproveSettlement(settlement.id);
  const remove = useDeleteSettlement();
  const [dialog, setDialog] = useState<'approve' | 'delete' | null>(null);
  if (settlement.status !== 'pending') return null;
  const names = {
    restaurant: settlement.restaurant.name,
    period: formatPeriod(settlement.from, settlement.to),
  };

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutline />}
        onClick={() => setDialog('delete')}
        disabled={approve.isPending || remove.isPending}
      >
        {t('settlements.delete')}
      </Button>
      <Button
        variant="contained"
        startIcon={<TaskAlt />}
        onClick={() => setDialog('approve')}
        disabled={approve.isPending || remove.isPending}
      >
        {t('settlements.approve')}
      </Button>
      <ConfirmDialog
        open={dialog === 'approve'}
        title={t('settlements.approve_title')}
        message={t('settlements.approve_confirm', names)}
        confirmLabel={t('settlements.approve')}
        busy={approve.isPending}
        onConfirm={() =>
          approve.mutate(undefined, {
            onSuccess: () => toast.success(t('settlements.approved')),
            onSettled: () => setDialog(null),
          })
        }
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('settlements.delete_title')}
        message={t('settlements.delete_confirm', names)}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(settlement.id, {
            onSuccess: () => {
              toast.success(t('settlements.deleted'));
              void navigate('/settlements', { replace: true });
            },
            onSettled: () => setDialog(null),
          })
        }
        onClose={() => setDialog(null)}
      />
    </>
  );
}
