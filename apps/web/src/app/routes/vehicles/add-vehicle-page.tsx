import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useCreateVehicle } from '../../../features/vehicles/api/vehicles';
import { VehicleForm } from '../../../features/vehicles/components/vehicle-form';
import { useDocumentTitle } from '../../use-document-title';

export function AddVehiclePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateVehicle();
  useDocumentTitle(t('vehicles.add'));
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('vehicles.add')} />
      <VehicleForm
        secondaryActions={
          <Button component={Link} to="/vehicles" color="inherit">
            {t('common.cancel')}
          </Button>
        }
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          toast.success(t('vehicles.added'));
          navigate('/vehicles');
        }}
      />
    </PageContainer>
  );
}
