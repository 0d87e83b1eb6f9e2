import { RESTAURANT_SORTS, type Restaurant, type RestaurantListParams, sortValues } from '@dostava/shared';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import PendingActions from '@mui/icons-material/PendingActions';
import RestaurantMenuOutlined from '@mui/icons-material/RestaurantMenuOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Avatar, Stack, Tooltip } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useRestaurants } from '../../../api/restaurants/restaurants';
import { DataTable } from '../../../components/data-table';
import {
  actionsColumn,
  DeleteAction,
  EditAction,
  LinkAction,
  type ListColumn,
} from '../../../components/data-table/columns';
import { useRowDelete } from '../../../components/data-table/use-row-delete';
import { formatPercent } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { useDeleteRestaurant } from '../api/restaurants';
import { OrderingStatus } from './ordering-status';

export const RESTAURANT_SORT_VALUES = sortValues(RESTAURANT_SORTS);

interface RestaurantsTableProps {
  params: ListParams<RestaurantListParams['sort']>;
  setParams: (changes: Partial<ListParams>) => void;
  canDelete: boolean;
}

export function RestaurantsTable({ params, setParams, canDelete }: RestaurantsTableProps) {
  const { t } = useTranslation();
  const query = useRestaurants({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    q: params.q || undefined,
  });
  const remove = useRowDelete<Restaurant>({
    mutation: useDeleteRestaurant(),
    title: t('restaurants.delete_title'),
    message: (row) => t('restaurants.delete_confirm', { name: row.name }),
    onDeleted: () => toast.success(t('restaurants.deleted')),
    page: { rows: query.data?.data.length, params, setParams },
  });

  const columns = useMemo<ListColumn<Restaurant>[]>(
    () => [
      {
        field: 'image',
        headerName: t('restaurants.image'),
        width: 72,
        sortable: false,
        card: 'media',
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            <Avatar variant="rounded" src={row.image?.file_url} alt="" sx={{ width: 36, height: 36 }}>
              <StorefrontOutlined fontSize="small" />
            </Avatar>
          </Stack>
        ),
      },
      {
        field: 'name',
        headerName: t('restaurants.name'),
        flex: 1,
        minWidth: 180,
        card: 'title',
        // A payout account change waiting for Admin or App Manager shows beside the name.
        renderCell: ({ row }) => (
          <Stack
            direction="row"
            spacing={1}
            sx={{ height: '100%', alignItems: 'center', minWidth: 0, overflow: 'hidden' }}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.name}</span>
            {row.payout_request_pending ? (
              // An icon, so the name keeps the room; its name is read out and shown on hover.
              <Tooltip title={t('restaurants.payout.pending_chip')}>
                <PendingActions
                  role="img"
                  aria-label={t('restaurants.payout.pending_chip')}
                  aria-hidden={false}
                  fontSize="small"
                  sx={{ color: 'warning.dark', flexShrink: 0 }}
                />
              </Tooltip>
            ) : null}
          </Stack>
        ),
      },
      {
        field: 'ordering',
        headerName: t('restaurants.ordering.status'),
        width: 210,
        sortable: false,
        card: 'status',
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            <OrderingStatus ordering={row.ordering} />
          </Stack>
        ),
      },
      {
        field: 'address',
        headerName: t('restaurants.address'),
        flex: 1.2,
        minWidth: 200,
        sortable: false,
        card: 'subtitle',
      },
      { field: 'phone', headerName: t('restaurants.phone'), width: 160, sortable: false, priority: 2 },
      {
        field: 'percentage',
        headerName: t('restaurants.percentage'),
        width: 130,
        type: 'number',
        valueFormatter: (value: number) => formatPercent(value),
      },
      actionsColumn<Restaurant>(
        t('common.actions'),
        (row) => (
          <>
            <LinkAction
              to={`/resturant/${row.id}/products`}
              label={t('restaurants.products_of', { name: row.name })}
              tooltip={t('nav.products')}
              icon={<RestaurantMenuOutlined fontSize="small" />}
            />
            <LinkAction
              to={`/resturant/${row.id}/users`}
              label={t('restaurants.users_of', { name: row.name })}
              tooltip={t('nav.users')}
              icon={<GroupOutlined fontSize="small" />}
            />
            <LinkAction
              to={`/resturant/${row.id}/employees`}
              label={t('restaurants.employees_of', { name: row.name })}
              tooltip={t('nav.employees')}
              icon={<BadgeOutlined fontSize="small" />}
            />
            <EditAction
              to={`/restaurant/${row.id}`}
              label={t('common.edit_item', { name: row.name })}
              tooltip={t('common.edit')}
            />
            {canDelete ? (
              <DeleteAction
                label={t('common.delete_item', { name: row.name })}
                tooltip={t('common.delete')}
                onClick={() => remove.ask(row)}
              />
            ) : null}
          </>
        ),
        { width: 210 },
      ),
    ],
    [t, canDelete, remove.ask],
  );

  return (
    <>
      <DataTable
        label={t('restaurants.title')}
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        params={params}
        setParams={setParams}
      />
      {remove.dialog}
    </>
  );
}
