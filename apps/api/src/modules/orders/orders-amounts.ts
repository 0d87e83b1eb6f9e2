export interface Amounts {
  restaurant_amount: number;
  commission: number;
  delivery_costs: number;
  restaurant_total_amount: number;
  total: number;
}

/**
 * Every amount of an order, from the items the server priced and the delivery fee the rules gave
 * (zones module, decision 0035): restaurant amount (items), the operation's commission (the
 * restaurant's percentage), what the restaurant is owed (restaurant total amount), delivery costs and
 * the customer's total.
 */
export function orderAmounts(itemsAmount: number, percentage: number, deliveryCosts: number): Amounts {
  const commission = Math.round((itemsAmount * percentage) / 100);
  return {
    restaurant_amount: itemsAmount,
    commission,
    delivery_costs: deliveryCosts,
    restaurant_total_amount: itemsAmount - commission,
    total: itemsAmount + deliveryCosts,
  };
}
