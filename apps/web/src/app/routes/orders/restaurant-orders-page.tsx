import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  ORDER_SORT_VALUES,
  OrderFiltersBar,
  useOrderFilters,
} from '../../../features/orders/components/order-filters';
import { OrdersTable } from '../../../features/orders/components/orders-table';
import { useNewOrderCue } from '../../../features/orders/components/use-order-cues';
import { useOrderEvents } from '../../../features/orders/live/use-order-events';
import { CapacityControl } from '../../../features/restaurants/components/capacity-control';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** /restaurant-orders: every order of the signed-in staff member's restaurant (the API confines it). */
export function RestaurantOrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.all_orders'));
  const { params, setParams } = useListParams({ defaultSort: '-created_at', sorts: ORDER_SORT_VALUES });
  const { filters } = useOrderFilters();
  const cue = useNewOrderCue('restaurant');
  const stream = useOrderEvents(cue.onEvent);
  const { restaurant_id: restaurantId } = useCurrentUser();

  return (
    <PageContainer>
      <PageHeader
        title={t('nav.all_orders')}
        actions={restaurantId ? <CapacityControl restaurantId={restaurantId} /> : null}
      />
      <OrderFiltersBar params={params} setParams={setParams} show={{}} />
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <OrdersTable
          params={params}
          setParams={setParams}
          filters={filters}
          variant="restaurant"
          label={t('nav.all_orders')}
          refetchInterval={stream.status === 'reconnecting' ? 30_000 : false}
        />
      </Box>
    </PageContainer>
  );
}
