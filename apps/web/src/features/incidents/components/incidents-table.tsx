import type { Incident } from '@dostava/shared';
import { Link as MuiLink } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { dateTimeColumn, type ListColumn } from '../../../components/data-table/columns';
import type { ListParams } from '../../../lib/list-params';
import type { useIncidents } from '../api/incidents';
import { IncidentStatusChip } from './incident-chips';

interface IncidentsTableProps {
  query: ReturnType<typeof useIncidents>;
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
}

/** Incidents, newest first: the order links to its page, where the incident is handled. */
export function IncidentsTable({ query, params, setParams }: IncidentsTableProps) {
  const { t, i18n } = useTranslation();
  const columns = useMemo<ListColumn<Incident>[]>(
    () => [
      dateTimeColumn('created_at', t('incidents.reported_at'), i18n.language, { card: 'subtitle' }),
      {
        field: 'order',
        headerName: t('incidents.order'),
        width: 130,
        sortable: false,
        card: 'title',
        valueGetter: (_value, row) => row.order.order_number,
        renderCell: ({ row }) => (
          <MuiLink component={Link} to={`/orders/${row.order.id}`}>
            {row.order.order_number}
          </MuiLink>
        ),
      },
      {
        field: 'type',
        headerName: t('incidents.type'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) => t(`incidents.types.${row.type}`),
      },
      {
        field: 'restaurant',
        headerName: t('incidents.restaurant'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) => row.restaurant.name,
      },
      {
        field: 'driver',
        headerName: t('incidents.driver'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        priority: 2,
        valueGetter: (_value, row) => row.driver?.name ?? '—',
      },
      {
        field: 'reporter',
        headerName: t('incidents.reporter'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        priority: 2,
        valueGetter: (_value, row) => row.reporter?.name ?? '—',
      },
      {
        field: 'status',
        headerName: t('incidents.status'),
        width: 130,
        sortable: false,
        card: 'status',
        renderCell: ({ row }) => <IncidentStatusChip status={row.status} />,
      },
    ],
    [t, i18n.language],
  );
  return (
    <DataTable
      label={t('incidents.title')}
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
