import type { IntegratorListQuery } from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { dateTimeColumn, type ListColumn } from '../../../components/data-table/columns';
import type { ListParams } from '../../../lib/list-params';
import { type IntegratorRow, useIntegrators } from '../api/integrations';
import { StateChip } from './state-chip';

export const INTEGRATOR_SORT_VALUES: NonNullable<IntegratorListQuery['sort']>[] = [
  'name',
  '-name',
  'created_at',
  '-created_at',
];

export function IntegratorsTable({
  params,
  setParams,
}: {
  params: ListParams<NonNullable<IntegratorListQuery['sort']>>;
  setParams: (changes: Partial<ListParams>) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useIntegrators({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    q: params.q,
  });
  const columns = useMemo<ListColumn<IntegratorRow>[]>(
    () => [
      {
        field: 'name',
        headerName: t('integrations.name'),
        flex: 1,
        minWidth: 180,
        card: 'title',
        renderCell: ({ row }) => <Link to={`/integrations/${row.id}`}>{row.name}</Link>,
      },
      {
        field: 'contact_email',
        headerName: t('integrations.contact_email'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        card: 'subtitle',
      },
      {
        field: 'is_active',
        headerName: t('integrations.state'),
        width: 120,
        sortable: false,
        card: 'status',
        renderCell: ({ row }) => (
          <StateChip
            tone={row.is_active ? 'success' : 'default'}
            label={row.is_active ? t('integrations.active') : t('integrations.inactive')}
          />
        ),
      },
      {
        field: 'active_keys',
        headerName: t('integrations.active_keys'),
        width: 130,
        sortable: false,
        type: 'number',
      },
      dateTimeColumn('created_at', t('common.created_at'), i18n.language, { priority: 2 }),
    ],
    [t, i18n.language],
  );
  return (
    <DataTable
      label={t('integrations.integrators')}
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
