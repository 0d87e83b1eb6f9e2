import type { AppType, AppVersion, Priority } from '@dostava/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import { Box, IconButton, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { useDeleteAppVersion } from '../api/delete-app-version';
import { useAppVersions } from '../api/list-app-versions';
import { PriorityChip } from './priority-chip';

export const APP_VERSION_SORT_VALUES = ['-version', 'version', 'created_at', '-created_at'];

interface AppVersionsTableProps {
  params: ListParams;
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
  const remove = useDeleteAppVersion();
  const [toDelete, setToDelete] = useState<AppVersion | null>(null);
  const nameOf = (row: AppVersion) =>
    t('app_versions.item', { app: t(`app_versions.types.${row.app_type}`), version: row.version });

  // biome-ignore lint/correctness/useExhaustiveDependencies: dates follow the language.
  const columns = useMemo<GridColDef<AppVersion>[]>(
    () => [
      {
        field: 'app_type',
        headerName: t('app_versions.app_type'),
        width: 140,
        sortable: false,
        valueFormatter: (value: AppType) => t(`app_versions.types.${value}`),
      },
      { field: 'version', headerName: t('app_versions.version'), width: 120 },
      {
        field: 'priority',
        headerName: t('app_versions.priority'),
        width: 150,
        sortable: false,
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
      {
        field: 'created_at',
        headerName: t('common.created_at'),
        width: 170,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 90,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Tooltip title={t('common.delete')}>
            <IconButton
              aria-label={t('common.delete_item', { name: nameOf(row) })}
              size="small"
              color="error"
              onClick={() => setToDelete(row)}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [t, i18n.language],
  );

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('app_versions.deleted'));
        setToDelete(null);
        if (query.data && query.data.data.length === 1 && params.page > 1)
          setParams({ page: params.page - 1 });
      },
    });
  }

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
      <ConfirmDialog
        open={toDelete !== null}
        title={t('app_versions.delete_title')}
        message={t('app_versions.delete_confirm', {
          version: toDelete?.version ?? '',
          app: toDelete ? t(`app_versions.types.${toDelete.app_type}`) : '',
        })}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
