import { Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useVehicle } from '../../../features/vehicles/api/get-vehicle';
import { useUpdateVehicle } from '../../../features/vehicles/api/update-vehicle';
import { VehicleForm } from '../../../features/vehicles/components/vehicle-form';
import { isApiError } from '../../../lib/http';
import { useDocumentTitle } from '../../use-document-title';

export function EditVehiclePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useVehicle(id);
  const update = useUpdateVehicle(id);
  useDocumentTitle(query.data?.plate_number ?? t('vehicles.edit'));

  let content: React.ReactNode;
  if (query.data) {
    content = (
      <VehicleForm
        key={query.data.id}
        vehicle={query.data}
        secondaryActions={
          <Button component={Link} to="/vehicles" color="inherit">
            {t('common.back')}
          </Button>
        }
        onSubmit={async (body) => {
          const saved = await update.mutateAsync(body);
          toast.success(t('vehicles.edited'));
          navigate('/vehicles');
          return saved;
        }}
      />
    );
  } else if (query.isError || !(id > 0)) {
    const notFound = !(id > 0) || (isApiError(query.error) && query.error.status === 404);
    content = (
      <ErrorState
        message={notFound ? t('common.not_found') : undefined}
        onRetry={notFound ? undefined : () => void query.refetch()}
      />
    );
  } else {
    content = (
      <Stack spacing={2} role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('vehicles.edit')} subtitle={query.data?.plate_number} />
      {content}
    </PageContainer>
  );
}
