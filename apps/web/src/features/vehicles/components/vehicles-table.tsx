import {
  sortValues,
  VEHICLE_SORTS,
  type Vehicle,
  type VehicleListParams,
  type VehicleType,
} from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DataTable } from '../../../components/data-table';
import {
  actionsColumn,
  DeleteAction,
  dateTimeColumn,
  EditAction,
  type ListColumn,
} from '../../../components/data-table/columns';
import { useRowDelete } from '../../../components/data-table/use-row-delete';
import type { ListParams } from '../../../lib/list-params';
import { useDeleteVehicle, useVehicles } from '../api/vehicles';

export const VEHICLE_SORT_VALUES = sortValues(VEHICLE_SORTS);

interface VehiclesTableProps {
  params: ListParams<VehicleListParams['sort']>;
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
  const remove = useRowDelete<Vehicle>({
    mutation: useDeleteVehicle(),
    title: t('vehicles.delete_title'),
    message: (row) => t('vehicles.delete_confirm', { plate: row.plate_number }),
    onDeleted: () => toast.success(t('vehicles.deleted')),
    page: { rows: query.data?.data.length, params, setParams },
  });

  const columns = useMemo<ListColumn<Vehicle>[]>(
    () => [
      {
        field: 'plate_number',
        headerName: t('vehicles.plate_number'),
        flex: 0.7,
        minWidth: 150,
        card: 'title',
      },
      {
        field: 'type',
        headerName: t('vehicles.type'),
        width: 140,
        card: 'subtitle',
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
      dateTimeColumn('created_at', t('common.created_at'), i18n.language, {
        width: 180,
        card: false,
        priority: 3,
      }),
      ...(canWrite
        ? [
            actionsColumn<Vehicle>(t('common.actions'), (row) => (
              <>
                <EditAction
                  to={`/edit-vehicle/${row.id}`}
                  label={t('common.edit_item', { name: row.plate_number })}
                  tooltip={t('common.edit')}
                />
                <DeleteAction
                  label={t('common.delete_item', { name: row.plate_number })}
                  tooltip={t('common.delete')}
                  onClick={() => remove.ask(row)}
                />
              </>
            )),
          ]
        : []),
    ],
    [t, i18n.language, canWrite, remove.ask],
  );

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
      {remove.dialog}
    </>
  );
}
