import { restaurantKey } from '../../../api/restaurants/restaurants';
import { useCapacityEvents, useRefetchAt } from '../api/capacity';
import { useRestaurant } from '../api/restaurants';
import { OrderingStatus } from './ordering-status';

/**
 * The restaurant's state where the kitchen and its manager work (the kitchen boards, the dashboard):
 * "Open", "Closed until 08:00", "Paused until 21:15", "Busy +20 min", in the words of the restaurant's
 * page and list (issue 36). Live: a change of busy, pause or hours refreshes it, and so does the
 * moment it opens or closes by its hours.
 */
export function RestaurantState({ restaurantId, hideBusy }: { restaurantId: number; hideBusy?: boolean }) {
  useCapacityEvents();
  const { data } = useRestaurant(restaurantId);
  const ordering = data?.ordering;
  const next = ordering ? (ordering.takes_orders ? ordering.closes_at : ordering.opens_at) : null;
  useRefetchAt(next, restaurantKey(restaurantId));
  if (!ordering) return null;
  return <OrderingStatus ordering={ordering} named hideBusy={hideBusy} />;
}
