import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { orderQueryOptions } from '../api/get-order';
import { beep } from '../live/cues';
import type { LiveEvent } from '../live/event-stream';

/** How long a new order stays highlighted. */
const NEW_FOR_MS = 120_000;

/**
 * The kitchen's cue for a new order: a toast 'New order D…', a short beep and the row highlighted for
 * two minutes. Returns the highlighted order ids and the handler to pass to `useOrderEvents`.
 */
export function useNewOrderCue(enabled: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(() => new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const onEvent = useCallback(
    (event: LiveEvent) => {
      const id = event.data.order_id;
      if (!enabled || event.type !== 'order.created' || !id) return;
      setHighlighted((previous) => new Set(previous).add(id));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setHighlighted((previous) => {
          const next = new Set(previous);
          next.delete(id);
          return next;
        });
      }, NEW_FOR_MS);
      timers.current.add(timer);
      beep();
      void queryClient
        .fetchQuery(orderQueryOptions(id))
        .then((order) =>
          toast.info(t('orders.new_order', { number: order.order_number }), { toastId: `new:${id}` }),
        )
        .catch(() => undefined);
    },
    [enabled, queryClient, t],
  );

  return { highlighted, onEvent };
}

/** Orders already cued as late in this tab, per status: each lateness is announced once. */
const cuedLate = new Set<string>();

/** Beeps and toasts once for each order that has become late in its current status. */
export function useLateCue(
  enabled: boolean,
  late: readonly { id: number; order_number: string; status: string }[],
) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!enabled) return;
    const fresh = late.filter((order) => !cuedLate.has(`${order.id}:${order.status}`));
    if (fresh.length === 0) return;
    for (const order of fresh) {
      cuedLate.add(`${order.id}:${order.status}`);
      toast.warning(t('orders.late_order', { number: order.order_number }), { toastId: `late:${order.id}` });
    }
    beep();
  }, [enabled, late, t]);
}
