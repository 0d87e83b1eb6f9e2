import { can, isRestaurantRole } from '@dostava/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { OrderIncidents } from '../../../features/incidents/components/order-incidents';
import { NotificationLog } from '../../../features/notifications/components/notification-log';
import { useOrder } from '../../../features/orders/api/orders';
import { LiveStatus } from '../../../features/orders/components/live-status';
import {
  OrderCustomer,
  OrderDriver,
  OrderHistory,
  OrderItems,
} from '../../../features/orders/components/order-details';
import { OrderDispatchSection } from '../../../features/orders/components/order-dispatch';
import { OrderEta } from '../../../features/orders/components/order-eta';
import { OrderStatusChip } from '../../../features/orders/components/order-status-chip';
import { StatusActions } from '../../../features/orders/components/status-actions';
import { useOrderEvents } from '../../../features/orders/live/use-order-events';
import { OrderProofCard } from '../../../features/proofs/components/order-proof';
import { TrackingLinkCard } from '../../../features/tracking/components/tracking-link-card';
import { OrderDeliveryFee } from '../../../features/zones/components/order-delivery-fee';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** /orders/{id}: items and amounts, buyer, promise and prediction, driver dispatch, status actions and the history. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const id = Number(useParams().id);
  const stream = useOrderEvents();
  const query = useOrder(id, { refetchInterval: stream.status === 'reconnecting' ? 20_000 : false });
  const order = query.data;
  const title = order ? t('orders.details_title', { number: order.order_number }) : t('pages.order_details');
  useDocumentTitle(title);

  // Opened from a board or a list: back to the same lane, page and filters (they travel in the state).
  const from = (useLocation().state as { back?: unknown } | null)?.back;
  const back =
    typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
      ? from
      : me.role === 'dispatcher'
        ? '/active-orders'
        : isRestaurantRole(me.role)
          ? '/restaurant-orders'
          : '/orders';
  return (
    <PageContainer maxWidth={1200}>
      <Button component={Link} to={back} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('orders.back')}
      </Button>
      <RecordPage
        query={query}
        id={id}
        notFoundMessage={t('orders.not_found')}
        forbiddenMessage={t('orders.not_found')}
        skeleton={
          <>
            <Skeleton variant="text" width={240} height={40} />
            <Skeleton variant="rounded" height={240} />
          </>
        }
      >
        {(order) => (
          <>
            <PageHeader title={title} actions={<StatusActions order={order} size="medium" />} />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mt: -1.5 }}>
              <Box sx={{ mb: 2 }}>
                <OrderStatusChip status={order.status} size="medium" />
              </Box>
              <LiveStatus stream={stream} updatedAt={query.dataUpdatedAt} />
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
                alignItems: 'start',
              }}
            >
              <Stack spacing={2} sx={{ minWidth: 0 }}>
                <OrderItems order={order} />
                <OrderDeliveryFee orderId={order.id} />
                <OrderHistory order={order} />
                {/* In the wide column: its history table's five columns were cut at 1440 px in the side one (issue 36). */}
                <OrderEta order={order} />
                <NotificationLog orderId={order.id} />
              </Stack>
              <Stack spacing={2} sx={{ minWidth: 0 }}>
                <OrderCustomer order={order} />
                <OrderDriver order={order} />
                <OrderDispatchSection order={order} />
                {can(me, 'proofs.read') ? (
                  <OrderProofCard orderId={order.id} orderNumber={order.order_number} />
                ) : null}
                {can(me, 'incidents.read') ? <OrderIncidents order={order} /> : null}
                <TrackingLinkCard orderId={order.id} />
              </Stack>
            </Box>
          </>
        )}
      </RecordPage>
    </PageContainer>
  );
}
