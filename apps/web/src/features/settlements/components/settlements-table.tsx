import type { Settlement, SettlementListParams } from '@dostava/shared';
import { Link as MuiLink } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { dateTimeColumn, type ListColumn, moneyColumn } from '../../../components/data-table/columns';
import { formatPeriod } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { type SettlementFilterParams, useSettlements } from '../api/settlements';
import { SettlementStatusChip } from './settlement-status-chip';

interface SettlementsTableProps {
  params: ListParams<SettlementListParams['sort']>;
  setParams: (changes: Partial<ListParams>) => void;
  filters: SettlementFilterParams;
}

export function SettlementsTable({ params, setParams, filters }: SettlementsTableProps) {
  const { t, i18n } = useTranslation();
  const query = useSettlements({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    ...filters,
  });

  const columns = useMemo<ListColumn<Settlement>[]>(() => {
    return [
      {
        field: 'restaurant',
        headerName: t('settlements.restaurant'),
        flex: 1,
        // Every column, status included, fits the 1,020 px a 1440 px window leaves beside the sidebar.
        minWidth: 110,
        sortable: false,
        card: 'title',
        renderCell: ({ row }) => {
          const period = formatPeriod(row.from, row.to);
          return (
            <MuiLink
              component={Link}
              to={`/settlements/${row.id}`}
              aria-label={t('settlements.open', { restaurant: row.restaurant.name, period })}
              sx={{ fontWeight: 600 }}
            >
              {row.restaurant.name}
            </MuiLink>
          );
        },
      },
      {
        field: 'from',
        headerName: t('settlements.period'),
        width: 170,
        card: 'subtitle',
        valueGetter: (_value, row) => formatPeriod(row.from, row.to),
      },
      {
        field: 'orders_count',
        headerName: t('settlements.orders_count'),
        width: 90,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
      },
      moneyColumn('restaurant_total_amount', t('settlements.restaurant_total_amount'), i18n.language, {
        width: 140,
        sortable: false,
      }),
      moneyColumn('meals_amount', t('settlements.meals_amount'), i18n.language, {
        width: 110,
        sortable: false,
      }),
      moneyColumn('net_amount', t('settlements.net_amount'), i18n.language, { width: 120 }),
      {
        field: 'status',
        headerName: t('settlements.status'),
        width: 130,
        sortable: false,
        card: 'status',
        renderCell: ({ row }) => <SettlementStatusChip status={row.status} />,
      },
      dateTimeColumn('created_at', t('settlements.created_at'), i18n.language, {
        width: 150,
        card: false,
        priority: 3,
      }),
    ];
  }, [t, i18n.language]);

  return (
    <DataTable
      label={t('settlements.list_label')}
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
