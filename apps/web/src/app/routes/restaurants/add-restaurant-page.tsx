import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useCreateRestaurant } from '../../../features/restaurants/api/restaurants';
import { RestaurantForm } from '../../../features/restaurants/components/restaurant-form';
import { useDocumentTitle } from '../../use-document-title';

export function AddRestaurantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRestaurant();
  useDocumentTitle(t('restaurants.add'));
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('restaurants.add')} />
      <RestaurantForm
        submitLabel={t('common.save')}
        secondaryActions={
          <Button component={Link} to="/restaurants" color="inherit">
            {t('common.cancel')}
          </Button>
        }
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          toast.success(t('restaurants.added'));
          navigate('/restaurants');
        }}
      />
    </PageContainer>
  );
}
