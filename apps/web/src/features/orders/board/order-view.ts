import type { DispatchSuggestion, OrderListItem } from '@dostava/shared';
import type { TFunction } from 'i18next';
import { hasDispatchLine } from '../components/dispatch-line';
import {
  ASSIGNABLE_STATUSES,
  formatMinutes,
  type Lateness,
  lateness,
  minutesSince,
} from '../components/order-time';

export const personName = (person: { first_name: string; last_name: string } | null) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : null;

/** What the board shows of every order, whether as a table row or as a card. */
export interface OrderView {
  order: OrderListItem;
  /** Late or not (terminal orders never are). */
  state: Lateness;
  /** How long the order has waited in its status: '4 min'. */
  waiting: string;
  buyer: string;
  /** The restaurant's name on the operation's board; null on the kitchen's. */
  restaurant: string | null;
  /** Just arrived and still to accept: the "new" chip and strip. */
  isNew: boolean;
  /** The strip's colour: new (info) before late (warning) and very late (error); none on time. */
  tone: 'info' | 'warning' | 'error' | null;
  /** The line under the order: what dispatch knows (a problem, an offer, a suggestion, a lock). */
  dispatchLine: boolean;
  /** The lock button (the operation's board, for who may dispatch). */
  lockable: boolean;
  /** The assign button instead of the driver's name. */
  assignable: boolean;
  suggestion: DispatchSuggestion | undefined;
  mayDispatch: boolean;
}

export interface OrderViewContext {
  now: number;
  t: TFunction;
  /** The operation's board (restaurant names, dispatch's line and lock). */
  showRestaurant: boolean;
  mayDispatch: boolean;
  highlighted: ReadonlySet<number>;
  /** Suggest mode: the suggested driver of each order, by order id. */
  suggestions: ReadonlyMap<number, DispatchSuggestion> | undefined;
}

const LATE_TONE: Record<Lateness, OrderView['tone']> = { on_time: null, late: 'warning', very_late: 'error' };

export function orderView(order: OrderListItem, context: OrderViewContext): OrderView {
  const { now, t, showRestaurant, mayDispatch } = context;
  const state = lateness(order, now);
  const highlighted = context.highlighted.has(order.id);
  const suggestion = context.suggestions?.get(order.id);
  return {
    order,
    state,
    waiting: formatMinutes(minutesSince(order.status_changed_at, now), t),
    buyer: personName(order.buyer) ?? '',
    restaurant: showRestaurant ? order.restaurant.name : null,
    isNew: highlighted && order.status === 'created',
    // The strip says new while highlighted (whatever the status), as it always did; the chip only for 'created'.
    tone: highlighted ? 'info' : LATE_TONE[state],
    dispatchLine: showRestaurant && hasDispatchLine(order, suggestion, mayDispatch),
    lockable: showRestaurant && mayDispatch,
    assignable: mayDispatch && !order.driver && ASSIGNABLE_STATUSES.includes(order.status),
    suggestion,
    mayDispatch,
  };
}
