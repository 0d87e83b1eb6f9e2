import type { EndShiftListParams, EndShiftRequest, EndShiftStatus } from '@dostava/shared';
import { Link as MuiLink } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { dateTimeColumn, type ListColumn, moneyColumn } from '../../../components/data-table/columns';
import type { ListParams } from '../../../lib/list-params';
import type { EndShiftFilterParams } from '../api/cash-register';
import { useEndShiftRequests } from '../api/cash-register';
import { EndShiftStatusChip } from './end-shift-status-chip';
import { MoneyDifference } from './money-difference';

interface EndShiftTableProps {
  params: ListParams<EndShiftListParams['sort']>;
  setParams: (changes: Partial<ListParams>) => void;
  filters: EndShiftFilterParams;
}

export function EndShiftTable({ params, setParams, filters }: EndShiftTableProps) {
  const { t, i18n } = useTranslation();
  const query = useEndShiftRequests({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    ...filters,
  });

  const columns = useMemo<ListColumn<EndShiftRequest>[]>(() => {
    return [
      {
        field: 'number',
        headerName: t('cash_register.number'),
        width: 110,
        card: 'title',
        renderCell: ({ row }) => (
          <MuiLink
            component={Link}
            to={`/end-shift/${row.id}`}
            aria-label={t('cash_register.open', { number: row.number })}
            sx={{ fontWeight: 600 }}
          >
            {row.number}
          </MuiLink>
        ),
      },
      {
        field: 'driver',
        headerName: t('cash_register.driver'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        card: 'subtitle',
        valueGetter: (_value, row) => `${row.driver.first_name} ${row.driver.last_name}`.trim(),
      },
      dateTimeColumn('created_at', t('cash_register.date'), i18n.language, { width: 160 }),
      moneyColumn('shift_total', t('cash_register.shift_total'), i18n.language, { width: 130 }),
      moneyColumn('declared_amount', t('cash_register.declared_amount'), i18n.language, {
        width: 150,
        sortable: false,
      }),
      {
        field: 'difference',
        headerName: t('cash_register.difference'),
        width: 180,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <MoneyDifference value={row.difference} />,
      },
      {
        field: 'status',
        headerName: t('cash_register.status'),
        width: 130,
        sortable: false,
        card: 'status',
        renderCell: ({ value }) => <EndShiftStatusChip status={value as EndShiftStatus} />,
      },
    ];
  }, [t, i18n.language]);

  return (
    <DataTable
      label={t('cash_register.list_label')}
      columns={columns}
      rows={query.data?.data}
      total={query.data?.meta.total}
      loading={query.isFetching && (query.isPlaceholderData || !query.data)}
      error={query.isError}
      onRetry={() => void query.refetch()}
      params={params}
      setParams={setParams}
    />
  );
}
