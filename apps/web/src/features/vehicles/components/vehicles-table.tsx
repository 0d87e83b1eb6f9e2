import { VEHICLE_SORTS, type Vehicle, type VehicleType } from '@dostava/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useVehicles } from '../api/list-vehicles';

export const VEHICLE_SORT_VALUES = VEHICLE_SORTS.flatMap((field) => [field, `-${field}`]);

interface VehiclesTableProps {
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  type?: VehicleType;
  canWrite: boolean;
}

export function VehiclesTable({ params, setParams, type, canWrite }: VehiclesTableProps) {
  const { t, i18n } = useTranslation();
  const query = useVehicles({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    q: params.q || undefined,
    type,
  });
  const remove = useDeleteVehicle();
  const [toDelete, setToDelete] = useState<Vehicle | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: dates follow the language.
  const columns = useMemo<GridColDef<Vehicle>[]>(
    () => [
      { field: 'plate_number', headerName: t('vehicles.plate_number'), flex: 0.7, minWidth: 150 },
      {
        field: 'type',
        headerName: t('vehicles.type'),
        width: 140,
        valueFormatter: (value: VehicleType) => t(`vehicles.types.${value}`),
      },
      {
        field: 'driver',
        headerName: t('vehicles.driver'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) =>
          row.driver ? `${row.driver.first_name} ${row.driver.last_name}` : t('vehicles.no_driver'),
      },
      {
        field: 'created_at',
        headerName: t('common.created_at'),
        width: 180,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      ...(canWrite
        ? [
            {
              field: 'actions',
              headerName: t('common.actions'),
              width: 110,
              sortable: false,
              align: 'right',
              headerAlign: 'right',
              renderCell: ({ row }) => (
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ height: '100%', alignItems: 'center', justifyContent: 'flex-end' }}
                >
                  <Tooltip title={t('common.edit')}>
                    <IconButton
                      component={Link}
                      to={`/edit-vehicle/${row.id}`}
                      aria-label={t('common.edit_item', { name: row.plate_number })}
                      size="small"
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('common.delete')}>
                    <IconButton
                      aria-label={t('common.delete_item', { name: row.plate_number })}
                      size="small"
                      color="error"
                      onClick={() => setToDelete(row)}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ),
            } satisfies GridColDef<Vehicle>,
          ]
        : []),
    ],
    [t, i18n.language, canWrite],
  );

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('vehicles.deleted'));
        setToDelete(null);
        if (query.data && query.data.data.length === 1 && params.page > 1)
          setParams({ page: params.page - 1 });
      },
    });
  }

  return (
    <>
      <DataTable
        label={t('vehicles.title')}
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
        title={t('vehicles.delete_title')}
        message={t('vehicles.delete_confirm', { plate: toDelete?.plate_number ?? '' })}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
