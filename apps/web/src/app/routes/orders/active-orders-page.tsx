import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { OpenIncidentsLink } from '../../../features/incidents/components/open-incidents-link';
import { ActiveOrdersBoard } from '../../../features/orders/components/active-orders-board';
import { CapacityControl } from '../../../features/restaurants/components/capacity-control';
import { CapacityStrip } from '../../../features/restaurants/components/capacity-strip';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** /active-orders: the dispatch board of every restaurant (Admin, App Manager, Dispatcher). */
export function ActiveOrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.active_orders'));
  return (
    <PageContainer>
      <PageHeader title={t('nav.active_orders')} actions={<OpenIncidentsLink />} />
      <CapacityStrip />
      <ActiveOrdersBoard variant="dispatch" label={t('nav.active_orders')} />
    </PageContainer>
  );
}

/** /restaurant-active-orders: the kitchen's live board of its own restaurant. */
export function RestaurantActiveOrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.active_orders'));
  const { restaurant_id: restaurantId } = useCurrentUser();
  return (
    <PageContainer>
      <PageHeader
        title={t('nav.active_orders')}
        actions={restaurantId ? <CapacityControl restaurantId={restaurantId} /> : null}
      />
      <ActiveOrdersBoard variant="restaurant" label={t('nav.active_orders')} />
    </PageContainer>
  );
}
