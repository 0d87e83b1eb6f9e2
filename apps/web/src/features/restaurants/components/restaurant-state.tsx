import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { restaurantKey } from '../../../api/restaurants/restaurants';
import { useCapacityEvents } from '../api/capacity';
import { useRestaurant } from '../api/restaurants';
import { OrderingStatus } from './ordering-status';

/** A timer longer than this is not set (setTimeout's limit); focus and events refresh it sooner anyway. */
const LONGEST_WAIT_MS = 2_147_000_000;

/**
 * The restaurant's state where the kitchen and its manager work (the kitchen boards, the dashboard):
 * "Open", "Closed until 08:00", "Paused until 21:15", "Busy +20 min", in the words of the restaurant's
 * page and list (issue 36). Live: a change of busy, pause or hours refreshes it, and so does the
 * moment it opens or closes by its hours.
 */
export function RestaurantState({ restaurantId, hideBusy }: { restaurantId: number; hideBusy?: boolean }) {
  useCapacityEvents();
  const queryClient = useQueryClient();
  const { data } = useRestaurant(restaurantId);
  const ordering = data?.ordering;
  const next = ordering ? (ordering.takes_orders ? ordering.closes_at : ordering.opens_at) : null;
  useEffect(() => {
    if (!next) return;
    const wait = Date.parse(next) - Date.now();
    if (!(wait > 0 && wait < LONGEST_WAIT_MS)) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId), exact: true }),
      wait + 1000,
    );
    return () => clearTimeout(timer);
  }, [next, queryClient, restaurantId]);
  if (!ordering) return null;
  return <OrderingStatus ordering={ordering} named hideBusy={hideBusy} />;
}
