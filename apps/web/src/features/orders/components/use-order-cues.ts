import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '../../../lib/event-stream';
import { beep } from '../live/cues';

/** How long a new order stays highlighted. */
const NEW_FOR_MS = 120_000;

/**
 * The kitchen's cue for a new order: a short beep (when sound is on) and the row highlighted for two
 * minutes; the board's summary banner counts them, so there is no toast per order. Returns the
 * highlighted order ids and the handler to pass to `useOrderEvents`.
 */
export function useNewOrderCue(enabled: boolean) {
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
    },
    [enabled],
  );

  return { highlighted, onEvent };
}

/** One beep when the number of late orders grows (not on the first count of a visit, not per order). */
export function useLateCue(enabled: boolean, late: number | undefined) {
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (late === undefined) return;
    if (enabled && previous.current !== undefined && late > previous.current) beep();
    previous.current = late;
  }, [enabled, late]);
}
