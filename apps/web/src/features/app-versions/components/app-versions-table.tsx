import type { AppType, AppVersion, AppVersionListParams, Priority } from '@dostava/shared';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DataTable } from '../../../components/data-table';
import {
  actionsColumn,
  DeleteAction,
  dateTimeColumn,
  type ListColumn,
} from '../../../components/data-table/columns';
import { useRowDelete } from '../../../components/data-table/use-row-delete';
import type { ListParams } from '../../../lib/list-params';
import { useAppVersions, useDeleteAppVersion } from '../api/app-versions';
import { EditAppVersionDialog } from './edit-app-version-dialog';
import { PriorityChip } from './priority-chip';

export const APP_VERSION_SORT_VALUES: AppVersionListParams['sort'][] = [
  '-version',
  'version',
  'created_at',
  '-created_at',
];

interface AppVersionsTableProps {
  params: ListParams<AppVersionListParams['sort']>;
  setParams: (changes: Partial<ListParams>) => void;
  appType?: AppType;
}

export function AppVersionsTable({ params, setParams, appType }: AppVersionsTableProps) {
  const { t, i18n } = useTranslation();
  const query = useAppVersions({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    app_type: appType,
  });
  const [editing, setEditing] = useState<AppVersion | null>(null);
  const remove = useRowDelete<AppVersion>({
    mutation: useDeleteAppVersion(),
    title: t('app_versions.delete_title'),
    message: (row) =>
      t('app_versions.delete_confirm', {
        version: row.version,
        app: t(`app_versions.types.${row.app_type}`),
      }),
    onDeleted: () => toast.success(t('app_versions.deleted')),
    page: { rows: query.data?.data.length, params, setParams },
  });

  const columns = useMemo<ListColumn<AppVersion>[]>(
    () => [
      {
        field: 'app_type',
        headerName: t('app_versions.app_type'),
        width: 140,
        sortable: false,
        card: 'subtitle',
        valueFormatter: (value: AppType) => t(`app_versions.types.${value}`),
      },
      { field: 'version', headerName: t('app_versions.version'), width: 120, card: 'title' },
      {
        field: 'priority',
        headerName: t('app_versions.priority'),
        width: 150,
        sortable: false,
        card: 'status',
        renderCell: ({ value }) => (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <PriorityChip priority={value as Priority} />
          </Box>
        ),
      },
      {
        field: 'notes',
        headerName: t('app_versions.notes'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      dateTimeColumn('created_at', t('common.created_at'), i18n.language),
      actionsColumn<AppVersion>(
        t('common.actions'),
        (row) => (
          <>
            <Tooltip title={t('common.edit')}>
              <IconButton
                size="small"
                aria-label={t('app_versions.edit_item', {
                  app: t(`app_versions.types.${row.app_type}`),
                  version: row.version,
                })}
                onClick={() => setEditing(row)}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <DeleteAction
              label={t('common.delete_item', {
                name: t('app_versions.item', {
                  app: t(`app_versions.types.${row.app_type}`),
                  version: row.version,
                }),
              })}
              tooltip={t('common.delete')}
              onClick={() => remove.ask(row)}
            />
          </>
        ),
        { width: 110 },
      ),
    ],
    [t, i18n.language, remove.ask],
  );

  return (
    <>
      <DataTable
        label={t('app_versions.list_label')}
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
      <EditAppVersionDialog version={editing} onClose={() => setEditing(null)} />
    </>
  );
}
