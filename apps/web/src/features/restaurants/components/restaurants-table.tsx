import { RESTAURANT_SORTS, type Restaurant } from '@dostava/shared';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import RestaurantMenuOutlined from '@mui/icons-material/RestaurantMenuOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Avatar, IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useRestaurants } from '../../../api/restaurants/list-restaurants';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { formatPercent } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { useDeleteRestaurant } from '../api/delete-restaurant';

export const RESTAURANT_SORT_VALUES = RESTAURANT_SORTS.flatMap((field) => [field, `-${field}`]);

interface RestaurantsTableProps {
  params: ListParams;
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
  const remove = useDeleteRestaurant();
  const [toDelete, setToDelete] = useState<Restaurant | null>(null);

  const columns = useMemo<GridColDef<Restaurant>[]>(
    () => [
      {
        field: 'image',
        headerName: t('restaurants.image'),
        width: 72,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            <Avatar variant="rounded" src={row.image?.file_url} alt="" sx={{ width: 36, height: 36 }}>
              <StorefrontOutlined fontSize="small" />
            </Avatar>
          </Stack>
        ),
      },
      { field: 'name', headerName: t('restaurants.name'), flex: 1, minWidth: 180 },
      { field: 'address', headerName: t('restaurants.address'), flex: 1.2, minWidth: 200, sortable: false },
      { field: 'phone', headerName: t('restaurants.phone'), width: 160, sortable: false },
      {
        field: 'percentage',
        headerName: t('restaurants.percentage'),
        width: 130,
        type: 'number',
        valueFormatter: (value: number) => formatPercent(value),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 210,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ height: '100%', alignItems: 'center', justifyContent: 'flex-end' }}
          >
            <Tooltip title={t('nav.products')}>
              <IconButton
                component={Link}
                to={`/resturant/${row.id}/products`}
                aria-label={t('restaurants.products_of', { name: row.name })}
                size="small"
              >
                <RestaurantMenuOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('nav.users')}>
              <IconButton
                component={Link}
                to={`/resturant/${row.id}/users`}
                aria-label={t('restaurants.users_of', { name: row.name })}
                size="small"
              >
                <GroupOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('nav.employees')}>
              <IconButton
                component={Link}
                to={`/resturant/${row.id}/employees`}
                aria-label={t('restaurants.employees_of', { name: row.name })}
                size="small"
              >
                <BadgeOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.edit')}>
              <IconButton
                component={Link}
                to={`/restaurant/${row.id}`}
                aria-label={t('common.edit_item', { name: row.name })}
                size="small"
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {canDelete ? (
              <Tooltip title={t('common.delete')}>
                <IconButton
                  aria-label={t('common.delete_item', { name: row.name })}
                  size="small"
                  color="error"
                  onClick={() => setToDelete(row)}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </Stack>
        ),
      },
    ],
    [t, canDelete],
  );

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('restaurants.deleted'));
        setToDelete(null);
        // Deleting the last row of a page goes back one page.
        if (query.data && query.data.data.length === 1 && params.page > 1)
          setParams({ page: params.page - 1 });
      },
    });
  }

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
      <ConfirmDialog
        open={toDelete !== null}
        title={t('restaurants.delete_title')}
        message={t('restaurants.delete_confirm', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
