import { type OrderListItem, type OrderStatus, STATUS_TARGET_MINUTES } from '@dostava/shared';
import type { TFunction } from 'i18next';

/** A driver is assigned (or changed) only before the order leaves the restaurant. */
export const ASSIGNABLE_STATUSES: readonly OrderStatus[] = ['created', 'preparing_order', 'ready_for_pickup'];

export type Lateness = 'on_time' | 'late' | 'very_late';

export const minutesSince = (iso: string, now: number): number =>
  Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));

/** Late past the status's target minutes (amber), very late past 1.5× (red); terminal statuses never. */
export function lateness(order: Pick<OrderListItem, 'status' | 'status_changed_at'>, now: number): Lateness {
  const target = STATUS_TARGET_MINUTES[order.status];
  if (target === undefined) return 'on_time';
  const minutes = (now - new Date(order.status_changed_at).getTime()) / 60_000;
  if (minutes >= target * 1.5) return 'very_late';
  if (minutes >= target) return 'late';
  return 'on_time';
}

/** 75 → '1 h 15 min'; 4 → '4 min'. */
export function formatMinutes(minutes: number, t: TFunction): string {
  if (minutes < 60) return t('orders.minutes', { count: minutes });
  return t('orders.hours_minutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
