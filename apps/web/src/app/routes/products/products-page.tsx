import { can } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCategories } from '../../../api/categories/list-categories';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  PRODUCT_SORT_VALUES,
  type ProductFilters,
  ProductsTable,
} from '../../../features/products/components/products-table';
import { useRestaurant } from '../../../features/restaurants/api/get-restaurant';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../use-document-title';

type MenuFilter = '' | 'true' | 'false';

/** The category and show-on-menu filters, kept in the URL beside page, sort and search. */
function useProductFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryParam = Number(searchParams.get('category_id'));
  const menuParam = searchParams.get('show_on_menu');
  const menu: MenuFilter = menuParam === 'true' || menuParam === 'false' ? menuParam : '';
  const categoryId = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : undefined;
  const filters = useMemo<ProductFilters>(
    () => ({ category_id: categoryId, show_on_menu: menu === '' ? undefined : menu === 'true' }),
    [categoryId, menu],
  );
  const setFilter = useCallback(
    (key: 'category_id' | 'show_on_menu', value: string) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { filters, categoryId, menu, setFilter };
}

export function ProductsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  const categories = useCategories();
  const title = restaurant.data
    ? t('products.title_of', { name: restaurant.data.name })
    : t('products.title');
  useDocumentTitle(title);
  const { params, setParams } = useListParams({ defaultSort: 'name', sorts: PRODUCT_SORT_VALUES });
  const { filters, categoryId, menu, setFilter } = useProductFilters();
  const [search, setSearch] = useState(params.q);
  const debounced = useDebouncedValue(search.trim(), 350);
  const canWrite = can(user, 'products.write', restaurantId);
  const isAdmin = can(user, 'restaurants.list');

  useEffect(() => {
    if (debounced !== params.q) setParams({ q: debounced });
  }, [debounced, params.q, setParams]);

  return (
    <PageContainer>
      <PageHeader
        title={title}
        actions={
          <>
            {isAdmin ? (
              <Button component={Link} to="/restaurants" color="inherit">
                {t('common.back')}
              </Button>
            ) : null}
            {canWrite ? (
              <Button
                component={Link}
                to={`/restaurant/${restaurantId}/add-product`}
                variant="contained"
                startIcon={<Add />}
              >
                {t('products.add')}
              </Button>
            ) : null}
          </>
        }
      />
      <Box
        sx={{
          mb: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(220px, 420px) 220px 180px' },
        }}
      >
        <TextField
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('products.search_placeholder')}
          sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
          slotProps={{
            htmlInput: { 'aria-label': t('products.search_label') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('products.category')}
          value={categoryId ? String(categoryId) : ''}
          onChange={(event) => setFilter('category_id', event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('products.all_categories')}</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('products.menu_filter')}
          value={menu}
          onChange={(event) => setFilter('show_on_menu', event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('products.menu_all')}</option>
          <option value="true">{t('products.menu_shown')}</option>
          <option value="false">{t('products.menu_hidden')}</option>
        </TextField>
      </Box>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <ProductsTable
          restaurantId={restaurantId}
          params={params}
          setParams={setParams}
          filters={filters}
          canWrite={canWrite}
          canToggle={can(user, 'products.toggle', restaurantId)}
        />
      </Box>
    </PageContainer>
  );
}
