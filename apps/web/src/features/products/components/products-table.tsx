import { PRODUCT_SORTS, type Product, type ProductListParams, sortValues } from '@dostava/shared';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FastfoodOutlined from '@mui/icons-material/FastfoodOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Avatar, Stack, Switch } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DataTable } from '../../../components/data-table';
import {
  actionsColumn,
  DeleteAction,
  LinkAction,
  type ListColumn,
  moneyColumn,
} from '../../../components/data-table/columns';
import { useRowDelete } from '../../../components/data-table/use-row-delete';
import type { ListParams } from '../../../lib/list-params';
import { useDeleteProduct, useProducts, useToggleProduct } from '../api/products';
import { useSnoozeEvents } from '../api/snooze-product';
import { SnoozeMenu } from './snooze-menu';

export const PRODUCT_SORT_VALUES = sortValues(PRODUCT_SORTS);

export type ProductFilters = Pick<ProductListParams, 'category_id' | 'show_on_menu'>;

interface ProductsTableProps {
  restaurantId: number;
  params: ListParams<ProductListParams['sort']>;
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
  const toggle = useToggleProduct(restaurantId);
  useSnoozeEvents(restaurantId);
  const remove = useRowDelete<Product>({
    mutation: useDeleteProduct(),
    title: t('products.delete_title'),
    message: (row) => t('products.delete_confirm', { name: row.name }),
    onDeleted: () => toast.success(t('products.deleted')),
    page: { rows: query.data?.data.length, params, setParams },
  });

  const columns = useMemo<ListColumn<Product>[]>(
    () => [
      {
        field: 'image',
        headerName: t('products.image'),
        width: 72,
        sortable: false,
        card: 'media',
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            <Avatar variant="rounded" src={row.image?.file_url} alt="" sx={{ width: 36, height: 36 }}>
              <FastfoodOutlined fontSize="small" />
            </Avatar>
          </Stack>
        ),
      },
      { field: 'name', headerName: t('products.name'), flex: 1, minWidth: 180, card: 'title' },
      // Beside the name: whether it can be ordered is what the kitchen looks for first.
      {
        field: 'snoozed',
        headerName: t('products.stock'),
        width: 220,
        sortable: false,
        card: 'status',
        renderCell: ({ row }) => <SnoozeMenu product={row} disabled={!canToggle} />,
      },
      {
        field: 'category',
        headerName: t('products.category'),
        flex: 0.7,
        minWidth: 140,
        card: 'subtitle',
        valueGetter: (_value, row) => row.category.name,
      },
      moneyColumn('price', t('products.price'), i18n.language),
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
      actionsColumn<Product>(
        t('common.actions'),
        (row) => (
          <>
            <LinkAction
              to={`/restaurant/${restaurantId}/edit-product/${row.id}`}
              label={
                canWrite
                  ? t('common.edit_item', { name: row.name })
                  : t('products.view_item', { name: row.name })
              }
              tooltip={canWrite ? t('common.edit') : t('products.view')}
              icon={canWrite ? <EditOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
            />
            {canWrite ? (
              <DeleteAction
                label={t('common.delete_item', { name: row.name })}
                tooltip={t('common.delete')}
                onClick={() => remove.ask(row)}
              />
            ) : null}
          </>
        ),
        { width: canWrite ? 110 : 80 },
      ),
    ],
    [t, i18n.language, canWrite, canToggle, restaurantId, toggle.mutate, remove.ask],
  );

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
      {remove.dialog}
    </>
  );
}
