import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useCreateProduct } from '../../../features/products/api/products';
import { ProductForm } from '../../../features/products/components/product-form';
import { useRestaurant } from '../../../features/restaurants/api/restaurants';
import { useDocumentTitle } from '../../use-document-title';

export function AddProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const restaurantId = Number(useParams().restaurant_id);
  const restaurant = useRestaurant(restaurantId);
  const create = useCreateProduct(restaurantId);
  const listPath = `/resturant/${restaurantId}/products`;
  useDocumentTitle(t('products.add'));
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('products.add')} subtitle={restaurant.data?.name} />
      <ProductForm
        secondaryActions={
          <Button component={Link} to={listPath} color="inherit">
            {t('common.cancel')}
          </Button>
        }
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          toast.success(t('products.added'));
          navigate(listPath);
        }}
      />
    </PageContainer>
  );
}
