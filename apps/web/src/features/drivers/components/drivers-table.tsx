import { can, DRIVER_SORTS, type Driver, type DriverListParams, sortValues } from '@dostava/shared';
import FreeBreakfastOutlined from '@mui/icons-material/FreeBreakfastOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrivers } from '../../../api/drivers/drivers';
import { DataTable } from '../../../components/data-table';
import {
  actionsColumn,
  LinkAction,
  type ListColumn,
  languageOf,
} from '../../../components/data-table/columns';
import { DriverStatusChips } from '../../../components/shift-end-chips';
import { formatDateTime } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { formatAge } from '../../../lib/location-age';
import { useCurrentUser } from '../../../lib/session';
import { PlanEndDialog } from './plan-end-dialog';

export const DRIVER_SORT_VALUES = sortValues(DRIVER_SORTS);

export type DriverFilters = Pick<DriverListParams, 'shift_state' | 'vehicle_type'>;

interface DriversTableProps {
  params: ListParams<DriverListParams['sort']>;
  setParams: (changes: Partial<ListParams>) => void;
  filters: DriverFilters;
}

const fullName = (driver: Driver) => `${driver.first_name} ${driver.last_name}`.trim();

/** Re-renders every 30 seconds so that the ages of the locations stay true. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function DriversTable({ params, setParams, filters }: DriversTableProps) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  // Who dispatches plans a driver's end of shift (the driver app does too).
  const mayPlan = can(useCurrentUser(), 'orders.dispatch');
  const [planning, setPlanning] = useState<Driver | null>(null);
  const query = useDrivers(
    { page: params.page, per_page: params.per_page, sort: params.sort, q: params.q || undefined, ...filters },
    { refresh: true },
  );

  const columns = useMemo<ListColumn<Driver>[]>(
    () => [
      {
        field: 'last_name',
        headerName: t('drivers.name'),
        flex: 1,
        minWidth: 150,
        card: 'title',
        valueGetter: (_value, row) => fullName(row),
      },
      {
        field: 'vehicle',
        headerName: t('drivers.vehicle'),
        width: 160,
        sortable: false,
        card: 'subtitle',
        priority: 2,
        valueGetter: (_value, row) =>
          row.vehicle
            ? `${t(`vehicles.types.${row.vehicle.type}`)} · ${row.vehicle.plate_number}`
            : t('drivers.no_vehicle'),
      },
      {
        field: 'shift_state',
        headerName: t('drivers.shift_state'),
        width: 200,
        card: 'status',
        renderCell: ({ row }) => (
          <Stack
            direction="row"
            sx={{ height: '100%', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, py: 0.5 }}
          >
            <DriverStatusChips driver={row} />
          </Stack>
        ),
      },
      {
        field: 'fcm_token_active',
        headerName: t('drivers.push'),
        width: 150,
        sortable: false,
        priority: 3,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }}>
            {row.fcm_token_active ? (
              <NotificationsActiveOutlined fontSize="small" color="success" aria-hidden />
            ) : (
              <NotificationsOffOutlined fontSize="small" color="disabled" aria-hidden />
            )}
            <Typography variant="body2" color={row.fcm_token_active ? 'text.primary' : 'text.secondary'}>
              {row.fcm_token_active ? t('drivers.push_active') : t('drivers.push_inactive')}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'last_location_at',
        headerName: t('drivers.last_location'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            {row.last_location_at ? (
              <Tooltip title={formatDateTime(row.last_location_at, languageOf(i18n.language))}>
                <span>{formatAge(row.last_location_at, now)}</span>
              </Tooltip>
            ) : (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ whiteSpace: 'normal', lineHeight: 1.3 }}
              >
                {t('errors.driver_no_location')}
              </Typography>
            )}
          </Stack>
        ),
      },
      {
        field: 'current_order',
        headerName: t('drivers.current_order'),
        width: 120,
        sortable: false,
        valueGetter: (_value, row) => row.current_order?.order_number ?? '—',
      },
      actionsColumn<Driver>(
        t('common.actions'),
        (row) => (
          <>
            {mayPlan && row.shift_state !== 'off_shift' ? (
              <Tooltip title={t('drivers.plan_end')}>
                <IconButton
                  size="small"
                  aria-label={`${t('drivers.plan_end')}: ${fullName(row)}`}
                  onClick={() => setPlanning(row)}
                >
                  <ScheduleOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            <LinkAction
              to={`/drivers/${row.id}/breaks`}
              label={t('drivers.breaks_of', { name: fullName(row) })}
              tooltip={t('drivers.breaks')}
              icon={<FreeBreakfastOutlined fontSize="small" />}
            />
            <LinkAction
              to={`/drivers-location?driver=${row.id}`}
              label={t('drivers.on_map', { name: fullName(row) })}
              tooltip={t('drivers.map')}
              icon={<MapOutlined fontSize="small" />}
            />
          </>
        ),
        { width: 130 },
      ),
    ],
    [t, i18n.language, now, mayPlan],
  );

  return (
    <>
      {planning ? <PlanEndDialog driver={planning} open onClose={() => setPlanning(null)} /> : null}
      <DataTable
        label={t('drivers.title')}
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        loading={query.isFetching && (query.isPlaceholderData || !query.data)}
        error={query.isError}
        onRetry={() => void query.refetch()}
        params={params}
        setParams={setParams}
      />
    </>
  );
}
