import type { WebhookEndpointListQuery } from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { dateTimeColumn, type ListColumn } from '../../../components/data-table/columns';
import type { ListParams } from '../../../lib/list-params';
import { StateChip } from '../../integrations/components/state-chip';
import { useWebhookEndpoints, type WebhookEndpointRow } from '../api/webhooks';

export const ENDPOINT_SORT_VALUES: NonNullable<WebhookEndpointListQuery['sort']>[] = [
  'url',
  '-url',
  'created_at',
  '-created_at',
];

export function EndpointsTable({
  params,
  setParams,
}: {
  params: ListParams<NonNullable<WebhookEndpointListQuery['sort']>>;
  setParams: (changes: Partial<ListParams>) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useWebhookEndpoints({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    q: params.q,
  });
  const columns = useMemo<ListColumn<WebhookEndpointRow>[]>(
    () => [
      {
        field: 'url',
        headerName: t('integrations.url'),
        flex: 1,
        minWidth: 240,
        card: 'title',
        renderCell: ({ row }) => <Link to={`/webhooks/${row.id}`}>{row.url}</Link>,
      },
      {
        field: 'is_active',
        headerName: t('integrations.state'),
        width: 130,
        sortable: false,
        card: 'status',
        renderCell: ({ row }) => (
          <StateChip
            tone={row.is_active ? 'success' : 'error'}
            label={row.is_active ? t('integrations.active') : t('integrations.inactive')}
          />
        ),
      },
      {
        field: 'event_types',
        headerName: t('integrations.event_types'),
        flex: 1,
        minWidth: 220,
        sortable: false,
        priority: 2,
        valueFormatter: (value: string[]) =>
          value.map((type) => t(`integrations.event_names.${type}`)).join(', '),
      },
      dateTimeColumn('created_at', t('common.created_at'), i18n.language, { priority: 3 }),
    ],
    [t, i18n.language],
  );
  return (
    <DataTable
      label={t('integrations.endpoints')}
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
