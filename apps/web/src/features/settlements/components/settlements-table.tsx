import { formatMoney, type Settlement } from '@dostava/shared';
import { Link as MuiLink } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { formatDateTime, formatPeriod } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { ListParams } from '../../../lib/list-params';
import { type SettlementFilterParams, useSettlements } from '../api/list-settlements';
import { SettlementStatusChip } from './settlement-status-chip';

interface SettlementsTableProps {
  params: ListParams;
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: money and dates follow the language.
  const columns = useMemo<GridColDef<Settlement>[]>(() => {
    const money = (value: number) => formatMoney(value, currentLanguage());
    return [
      {
        field: 'restaurant',
        headerName: t('settlements.restaurant'),
        flex: 1,
        // Every column, status included, fits the 1,020 px a 1440 px window leaves beside the sidebar.
        minWidth: 110,
        sortable: false,
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
      {
        field: 'restaurant_total_amount',
        headerName: t('settlements.restaurant_total_amount'),
        width: 140,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number) => money(value),
      },
      {
        field: 'meals_amount',
        headerName: t('settlements.meals_amount'),
        width: 110,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number) => money(value),
      },
      {
        field: 'net_amount',
        headerName: t('settlements.net_amount'),
        width: 120,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number) => money(value),
      },
      {
        field: 'status',
        headerName: t('settlements.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <SettlementStatusChip status={row.status} />,
      },
      {
        field: 'created_at',
        headerName: t('settlements.created_at'),
        width: 150,
        valueFormatter: (value: string) => formatDateTime(value),
      },
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
