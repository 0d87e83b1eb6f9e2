import { can } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCategories } from '../../../api/categories/categories';
import { useRestaurant } from '../../../api/restaurants/restaurants';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/list-filters';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { PRODUCT_SORT_VALUES, ProductsTable } from '../../../features/products/components/products-table';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import { useDocumentTitle } from '../../use-document-title';

const ALLOWED = { category_id: positiveId, show_on_menu: oneOf(['true', 'false']) };

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
  const { filters } = useUrlFilters(ALLOWED);
  const canWrite = can(user, 'products.write', restaurantId);
  const isAdmin = can(user, 'restaurants.list');

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
      <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', md: 'minmax(220px, 420px) 220px 180px' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('products.search_label')}
          placeholder={t('products.search_placeholder')}
          sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
        />
        <SelectFilter
          param="category_id"
          label={t('products.category')}
          allLabel={t('products.all_categories')}
          options={(categories.data ?? []).map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
        />
        <SelectFilter
          param="show_on_menu"
          label={t('products.menu_filter')}
          allLabel={t('products.menu_all')}
          options={[
            { value: 'true', label: t('products.menu_shown') },
            { value: 'false', label: t('products.menu_hidden') },
          ]}
        />
      </FilterBar>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <ProductsTable
          restaurantId={restaurantId}
          params={params}
          setParams={setParams}
          filters={{
            category_id: filters.category_id ? Number(filters.category_id) : undefined,
            show_on_menu: filters.show_on_menu ? filters.show_on_menu === 'true' : undefined,
          }}
          canWrite={canWrite}
          canToggle={can(user, 'products.toggle', restaurantId)}
        />
      </Box>
    </PageContainer>
  );
}
