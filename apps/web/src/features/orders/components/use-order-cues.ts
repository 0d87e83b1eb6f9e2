import type { BoardCounts } from '@dostava/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '../../../lib/event-stream';
import { type BoardAudience, beep, countsCall, eventCalls } from '../live/cues';

/** How long a new order stays highlighted. */
const NEW_FOR_MS = 120_000;

/**
 * A board's cues for events: a new order's row is highlighted for two minutes, and a beep (when sound
 * is on) only for what this board's user must act on (`eventCalls`: the kitchen a new order, dispatch
 * an order needing a driver or a problem). The summary banner counts them, so there is no toast per
 * order. Returns the highlighted order ids and the handler to pass to `useOrderEvents`.
 */
export function useNewOrderCue(audience: BoardAudience) {
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
      if (eventCalls(audience, event)) beep();
      const id = event.type === 'order.created' ? event.data.order_id : undefined;
      if (!id) return;
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
    },
    [audience],
  );

  return { highlighted, onEvent };
}

/**
 * One beep when the counts grow in what this board's user can fix (`countsCall`: the kitchen its late
 * preparation, dispatch its late orders); not on the first counts of a visit or of other filters.
 */
export function useCountsCue(audience: BoardAudience, counts: BoardCounts | undefined, filters: string) {
  const previous = useRef<{ filters: string; counts: BoardCounts } | undefined>(undefined);
  useEffect(() => {
    if (!counts) return;
    const before = previous.current?.filters === filters ? previous.current.counts : undefined;
    if (countsCall(audience, before, counts)) beep();
    previous.current = { filters, counts };
  }, [audience, counts, filters]);
}
