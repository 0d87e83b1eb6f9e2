import { can } from '@dostava/shared';
import { Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { RestaurantDispatchMode } from '../../../features/dispatch/components/restaurant-dispatch-mode';
import { useRestaurant, useUpdateRestaurant } from '../../../features/restaurants/api/restaurants';
import { OrderingStatus } from '../../../features/restaurants/components/ordering-status';
import { PayoutAccount } from '../../../features/restaurants/components/payout-account';
import { RestaurantForm } from '../../../features/restaurants/components/restaurant-form';
import { RestaurantHours } from '../../../features/restaurants/components/restaurant-hours';
import { DeliveryArea } from '../../../features/zones/components/delivery-area';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

export function EditRestaurantPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const id = Number(useParams().id);
  const query = useRestaurant(id);
  const update = useUpdateRestaurant(id);
  const editable = can(user, 'restaurants.update', id);
  const isAdmin = can(user, 'restaurants.list');
  const setsCommission = can(user, 'restaurants.commission');
  const setsPayout = can(user, 'restaurants.payout');
  // Bank details are for the manager and the operation: an employee sees neither account nor requests.
  const readsPayout = can(user, 'restaurants.payout_read', id);
  const title = editable ? t('restaurants.edit') : t('restaurants.information');
  useDocumentTitle(query.data?.name ?? title);

  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title={title}
        subtitle={query.data?.name}
        actions={query.data ? <OrderingStatus ordering={query.data.ordering} size="medium" /> : undefined}
      />
      <RecordPage
        query={query}
        id={id}
        skeleton={
          <>
            <Skeleton variant="rounded" height={72} width={72} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </>
        }
      >
        {(restaurant) => (
          <Stack spacing={3}>
            <RestaurantForm
              key={restaurant.id}
              restaurant={restaurant}
              readOnly={!editable}
              commissionReadOnly={!setsCommission}
              ibanReadOnly={!setsPayout}
              ibanHidden={!readsPayout}
              secondaryActions={
                isAdmin ? (
                  <Button component={Link} to="/restaurants" color="inherit">
                    {t('common.back')}
                  </Button>
                ) : null
              }
              onSubmit={async (body) => {
                // Restaurant staff never send the commission or the payout account: the API refuses any
                // change of them from them (the account changes through a payout request below).
                const { percentage, iban, ...rest } = body;
                const { data: saved } = await update.mutateAsync({
                  ...rest,
                  ...(setsCommission ? { percentage } : {}),
                  ...(setsPayout ? { iban } : {}),
                });
                toast.success(t('restaurants.edited'));
                return saved;
              }}
            />
            <RestaurantHours id={restaurant.id} editable={can(user, 'restaurants.hours', restaurant.id)} />
            {readsPayout ? <PayoutAccount restaurant={restaurant} /> : null}
            {can(user, 'dispatch.settings') ? <RestaurantDispatchMode restaurant={restaurant} /> : null}
            <DeliveryArea restaurantId={restaurant.id} editable={can(user, 'zones.write')} />
          </Stack>
        )}
      </RecordPage>
    </PageContainer>
  );
}
