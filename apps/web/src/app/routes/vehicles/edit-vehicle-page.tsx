import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { useUpdateVehicle, useVehicle } from '../../../features/vehicles/api/vehicles';
import { VehicleForm } from '../../../features/vehicles/components/vehicle-form';
import { useDocumentTitle } from '../../use-document-title';

export function EditVehiclePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useVehicle(id);
  const update = useUpdateVehicle(id);
  useDocumentTitle(query.data?.plate_number ?? t('vehicles.edit'));

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('vehicles.edit')} subtitle={query.data?.plate_number} />
      <RecordPage query={query} id={id}>
        {(vehicle) => (
          <VehicleForm
            key={vehicle.id}
            vehicle={vehicle}
            secondaryActions={
              <Button component={Link} to="/vehicles" color="inherit">
                {t('common.back')}
              </Button>
            }
            onSubmit={async (body) => {
              const { data } = await update.mutateAsync(body);
              toast.success(t('vehicles.edited'));
              navigate('/vehicles');
              return data;
            }}
          />
        )}
      </RecordPage>
    </PageContainer>
  );
}
