import { formatMoney, PRODUCT_SORTS, type Product } from '@dostava/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FastfoodOutlined from '@mui/icons-material/FastfoodOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Avatar, IconButton, Stack, Switch, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { currentLanguage } from '../../../lib/i18n';
import type { ListParams } from '../../../lib/list-params';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../api/list-products';
import { useToggleProduct } from '../api/toggle-product';

export const PRODUCT_SORT_VALUES = PRODUCT_SORTS.flatMap((field) => [field, `-${field}`]);

export interface ProductFilters {
  category_id?: number;
  show_on_menu?: boolean;
}

interface ProductsTableProps {
  restaurantId: number;
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  filters: ProductFilters;
  /** Add, edit and delete (Admin, App Manager, the restaurant's manager). */
  canWrite: boolean;
  /** The show-on-menu switch (also the restaurant's employees). */
  canToggle: boolean;
}

export function ProductsTable(props: ProductsTableProps) {
  const { restaurantId, params, setParams, filters, canWrite, canToggle } = props;
  const { t, i18n } = useTranslation();
  const query = useProducts(restaurantId, {
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    q: params.q || undefined,
    ...filters,
  });
  const remove = useDeleteProduct(restaurantId);
  const toggle = useToggleProduct(restaurantId);
  const [toDelete, setToDelete] = useState<Product | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the price format follows the language.
  const columns = useMemo<GridColDef<Product>[]>(
    () => [
      {
        field: 'image',
        headerName: t('products.image'),
        width: 72,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            <Avatar variant="rounded" src={row.image?.file_url} alt="" sx={{ width: 36, height: 36 }}>
              <FastfoodOutlined fontSize="small" />
            </Avatar>
          </Stack>
        ),
      },
      { field: 'name', headerName: t('products.name'), flex: 1, minWidth: 180 },
      {
        field: 'category',
        headerName: t('products.category'),
        flex: 0.7,
        minWidth: 140,
        valueGetter: (_value, row) => row.category.name,
      },
      {
        field: 'price',
        headerName: t('products.price'),
        width: 120,
        type: 'number',
        valueFormatter: (value: number) => formatMoney(value, currentLanguage()),
      },
      {
        field: 'show_on_menu',
        headerName: t('products.show_on_menu'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Switch
            checked={row.show_on_menu}
            disabled={!canToggle}
            slotProps={{ input: { 'aria-label': t('products.show_on_menu_item', { name: row.name }) } }}
            onChange={(event) => {
              const show_on_menu = event.target.checked;
              toggle.mutate(
                { product: row, show_on_menu },
                {
                  onSuccess: () =>
                    toast.success(
                      t(show_on_menu ? 'products.shown' : 'products.hidden', { name: row.name }),
                      {
                        toastId: `product-menu:${row.id}:${show_on_menu}`,
                      },
                    ),
                },
              );
            }}
          />
        ),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: canWrite ? 110 : 80,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ height: '100%', alignItems: 'center', justifyContent: 'flex-end' }}
          >
            <Tooltip title={canWrite ? t('common.edit') : t('products.view')}>
              <IconButton
                component={Link}
                to={`/restaurant/${restaurantId}/edit-product/${row.id}`}
                aria-label={
                  canWrite
                    ? t('common.edit_item', { name: row.name })
                    : t('products.view_item', { name: row.name })
                }
                size="small"
              >
                {canWrite ? <EditOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
              </IconButton>
            </Tooltip>
            {canWrite ? (
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
    [t, i18n.language, canWrite, canToggle, restaurantId, toggle.mutate],
  );

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('products.deleted'));
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
        label={t('products.title')}
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
        title={t('products.delete_title')}
        message={t('products.delete_confirm', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
