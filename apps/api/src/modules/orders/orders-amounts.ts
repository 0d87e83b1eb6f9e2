/** Delivery pricing: a base fee for the first 2 km, then per started kilometre, capped. Minor units. */
export const DELIVERY_BASE = 300;
export const DELIVERY_PER_KM = 50;
export const DELIVERY_CAP = 1500;

export interface Amounts {
  restaurant_amount: number;
  commission: number;
  delivery_costs: number;
  restaurant_total_amount: number;
  total: number;
  estimated_delivery_minutes: number;
}

/**
 * Every amount of an order, from the items the server priced and the distance it measured:
 * restaurant amount (items), the operation's commission (the restaurant's percentage), what the
 * restaurant is owed (restaurant total amount), delivery costs and the customer's total.
 */
export function orderAmounts(itemsAmount: number, percentage: number, km: number | null): Amounts {
  const commission = Math.round((itemsAmount * percentage) / 100);
  const extraKm = km === null ? 0 : Math.max(0, Math.ceil(km - 2));
  const delivery_costs = Math.min(DELIVERY_CAP, DELIVERY_BASE + extraKm * DELIVERY_PER_KM);
  return {
    restaurant_amount: itemsAmount,
    commission,
    delivery_costs,
    restaurant_total_amount: itemsAmount - commission,
    total: itemsAmount + delivery_costs,
    estimated_delivery_minutes: 25 + Math.round((km ?? 2) * 3),
  };
}
