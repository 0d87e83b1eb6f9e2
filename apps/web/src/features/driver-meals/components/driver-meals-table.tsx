import { type DriverMeal, formatMoney } from '@dostava/shared';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, Chip, IconButton, Tooltip } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DataTable } from '../../../components/data-table';
import {
  DeleteAction,
  dateColumn,
  type ListColumn,
  moneyColumn,
} from '../../../components/data-table/columns';
import { useRowDelete } from '../../../components/data-table/use-row-delete';
import { ReasonDialog } from '../../../components/reason-dialog';
import { formatDate } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import type { ListParams } from '../../../lib/list-params';
import type { DriverMealList } from '../api/driver-meals';
import { useApproveDriverMeal, useDeleteDriverMeal, useRejectDriverMeal } from '../api/driver-meals';

interface DriverMealsTableProps {
  query: {
    data: DriverMealList | undefined;
    isFetching: boolean;
    isPlaceholderData: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  canManage: boolean;
}

const driverName = (meal: DriverMeal) => `${meal.driver.first_name} ${meal.driver.last_name}`.trim();

export function DriverMealsTable({ query, params, setParams, canManage }: DriverMealsTableProps) {
  const { t, i18n } = useTranslation();
  const remove = useRowDelete<DriverMeal>({
    mutation: useDeleteDriverMeal(),
    title: t('driver_meals.delete_title'),
    message: (row) =>
      t('driver_meals.delete_confirm', {
        driver: driverName(row),
        restaurant: row.restaurant.name,
        date: formatDate(row.date),
        amount: formatMoney(row.amount, currentLanguage()),
      }),
    closeOnError: true,
    onDeleted: () => toast.success(t('driver_meals.deleted')),
    page: { rows: query.data?.data.length, params, setParams },
  });
  const approve = useApproveDriverMeal();
  const reject = useRejectDriverMeal();
  // One decision at a time: either one pending holds both back.
  const reviewing = approve.isPending || reject.isPending;
  const [toReject, setToReject] = useState<DriverMeal | null>(null);

  const columns = useMemo<ListColumn<DriverMeal>[]>(
    () => [
      dateColumn('date', t('driver_meals.date'), i18n.language, { card: 'subtitle' }),
      {
        field: 'driver',
        headerName: t('driver_meals.driver'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        card: 'title',
        valueGetter: (_value, row) => driverName(row),
      },
      {
        field: 'restaurant',
        headerName: t('driver_meals.restaurant'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        valueGetter: (_value, row) => row.restaurant.name,
      },
      moneyColumn('amount', t('driver_meals.amount'), i18n.language, { width: 130 }),
      {
        field: 'note',
        headerName: t('driver_meals.note'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        priority: 2,
        valueFormatter: (value: string | null) => value || '—',
      },
      {
        field: 'status',
        headerName: t('driver_meals.status'),
        width: 130,
        sortable: false,
        card: 'status',
        renderCell: ({ row }) => (
          <Chip
            size="small"
            label={t(`driver_meals.statuses.${row.status}`)}
            color={row.status === 'approved' ? 'success' : row.status === 'pending' ? 'warning' : 'default'}
            variant="outlined"
          />
        ),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 150,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) =>
          row.settled ? (
            <Tooltip title={t('driver_meals.settled_hint')}>
              <Box
                role="img"
                aria-label={`${t('driver_meals.settled')}: ${t('driver_meals.settled_hint')}`}
                tabIndex={0}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  height: '100%',
                  color: 'text.secondary',
                  px: 1,
                }}
              >
                <LockOutlined fontSize="small" />
              </Box>
            </Tooltip>
          ) : canManage && row.status === 'pending' ? (
            <Box sx={{ display: 'inline-flex', alignItems: 'center', height: '100%' }}>
              <Tooltip title={t('driver_meals.approve')}>
                <IconButton
                  aria-label={t('driver_meals.approve_item', {
                    driver: driverName(row),
                    date: formatDate(row.date),
                  })}
                  size="small"
                  color="success"
                  disabled={reviewing}
                  onClick={() =>
                    approve.mutate(row.id, { onSuccess: () => toast.success(t('driver_meals.approved')) })
                  }
                >
                  <CheckCircleOutline fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('driver_meals.reject')}>
                <IconButton
                  aria-label={t('driver_meals.reject_item', {
                    driver: driverName(row),
                    date: formatDate(row.date),
                  })}
                  size="small"
                  color="error"
                  onClick={() => setToReject(row)}
                >
                  <HighlightOff fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ) : canManage ? (
            <DeleteAction
              label={t('driver_meals.delete_item', { driver: driverName(row), date: formatDate(row.date) })}
              tooltip={t('common.delete')}
              onClick={() => remove.ask(row)}
            />
          ) : null,
      },
    ],
    [t, i18n.language, canManage, reviewing, approve.mutate, remove.ask],
  );

  // The same rejection as the cash register's: a required reason (the shared `rejectionBody`), a
  // missing one said under the field, by the dialog or by the API's 400.
  async function confirmReject(reason: string | undefined) {
    if (!toReject) return;
    try {
      await reject.mutateAsync({ id: toReject.id, reason: reason ?? '' });
      toast.success(t('driver_meals.rejected'));
      setToReject(null);
    } catch (error) {
      // A field error stays in the dialog; anything else (409) was toasted: close and show the new state.
      if (!(isApiError(error) && error.status === 400)) setToReject(null);
      throw error;
    }
  }

  return (
    <>
      <ReasonDialog
        open={toReject !== null}
        title={t('driver_meals.reject_title')}
        message={t('driver_meals.reject_message')}
        confirmLabel={t('driver_meals.reject')}
        reason="required"
        destructive
        busy={reviewing}
        onConfirm={confirmReject}
        onClose={() => setToReject(null)}
      />
      <DataTable
        label={t('driver_meals.list_label')}
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        loading={query.isFetching && (query.isPlaceholderData || !query.data)}
        error={query.isError}
        onRetry={() => void query.refetch()}
        params={params}
        setParams={setParams}
      />
      {remove.dialog}
    </>
  );
}
