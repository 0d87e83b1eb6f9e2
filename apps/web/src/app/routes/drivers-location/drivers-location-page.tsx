import { useTranslation } from 'react-i18next';
import {
  DriversLocation,
  type DriversLocationProps,
} from '../../../features/drivers-location/components/drivers-location';
import { LiveStatus } from '../../../features/orders/components/live-status';
import { lateness } from '../../../features/orders/components/order-time';
import { useDocumentTitle } from '../../use-document-title';

// What the map borrows from the orders feature (a feature never imports another: the route joins them).
const isLateAt: DriversLocationProps['isLateAt'] = (order, now) => lateness(order, now) !== 'on_time';
const liveStatus: DriversLocationProps['liveStatus'] = (status) => <LiveStatus {...status} />;

/** /drivers-location: every driver on shift on a live map (features/drivers-location). */
export function DriversLocationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.drivers_location'));
  return <DriversLocation isLateAt={isLateAt} liveStatus={liveStatus} />;
}
