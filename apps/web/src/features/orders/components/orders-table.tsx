import type { OrderListItem, OrderListParams } from '@dostava/shared';
import { Link as MuiLink, Stack } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { dateTimeColumn, type ListColumn, moneyColumn } from '../../../components/data-table/columns';
import type { ListParams } from '../../../lib/list-params';
import type { OrderFilterParams } from '../api/orders';
import { useOrders } from '../api/orders';
import { personName } from '../board/order-view';
import { OrderStatusChip } from './order-status-chip';
import { formatMinutes } from './order-time';
import { StatusActions } from './status-actions';

interface OrdersTableProps {
  params: ListParams<OrderListParams['sort']>;
  setParams: (changes: Partial<ListParams>) => void;
  filters: OrderFilterParams;
  /** 'admin': every restaurant. 'restaurant': the own restaurant, with the kitchen's status buttons. */
  variant: 'admin' | 'restaurant';
  label: string;
  /** A poll while the live stream is down. */
  refetchInterval?: number | false;
}

export function OrdersTable(props: OrdersTableProps) {
  const { params, setParams, filters, variant, label, refetchInterval } = props;
  const { t, i18n } = useTranslation();
  const query = useOrders(
    { page: params.page, per_page: params.per_page, sort: params.sort, q: params.q || undefined, ...filters },
    { refetchInterval },
  );

  const columns = useMemo<ListColumn<OrderListItem>[]>(() => {
    const all: (ListColumn<OrderListItem> | false)[] = [
      {
        field: 'order_number',
        headerName: t('orders.order_number'),
        width: 110,
        card: 'title',
        renderCell: ({ row }) => (
          <MuiLink component={Link} to={`/orders/${row.id}`} sx={{ fontWeight: 600 }}>
            {row.order_number}
          </MuiLink>
        ),
      },
      dateTimeColumn('created_at', t('common.created_at'), i18n.language, { width: 150, card: 'subtitle' }),
      variant === 'admin' && {
        field: 'restaurant',
        headerName: t('orders.restaurant'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) => row.restaurant.name,
      },
      {
        field: 'buyer',
        headerName: t('orders.buyer'),
        flex: 1,
        minWidth: 120,
        sortable: false,
        priority: 2,
        valueGetter: (_value, row) => personName(row.buyer),
      },
      {
        field: 'quantity',
        headerName: t('orders.quantity'),
        width: 90,
        sortable: false,
        card: false,
        priority: 3,
        type: 'number',
      },
      moneyColumn('total', t('orders.total'), i18n.language),
      {
        field: 'status',
        headerName: t('orders.status'),
        // "Spremna za preuzimanje", the longest status, whole.
        width: 190,
        card: 'status',
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center', alignItems: 'flex-start' }}>
            <OrderStatusChip status={row.status} />
          </Stack>
        ),
      },
      {
        field: 'driver',
        headerName: t('orders.driver'),
        flex: 0.8,
        minWidth: 120,
        sortable: false,
        valueGetter: (_value, row) => personName(row.driver) ?? '—',
      },
      {
        field: 'delivered_time',
        headerName: t('orders.delivered_time'),
        width: 130,
        sortable: false,
        priority: 2,
        valueFormatter: (value: number | null) => (value === null ? '—' : formatMinutes(value, t)),
      },
      variant === 'restaurant' && {
        field: 'actions',
        headerName: t('common.actions'),
        minWidth: 230,
        flex: 1,
        sortable: false,
        card: 'actions',
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            <StatusActions order={row} />
          </Stack>
        ),
      },
    ];
    return all.filter((column): column is ListColumn<OrderListItem> => column !== false);
  }, [t, i18n.language, variant]);

  return (
    <DataTable
      label={label}
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
