import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isReadOf } from '../../../lib/api-client';
import { eventStream, type LiveEvent } from '../../../lib/event-stream';
import { readSchedulerOf } from './read-scheduler';

/**
 * Suggestions are asked for again at most once in this window, however many events arrive: a busy
 * evening moves orders and drivers every second, and each answer solves every waiting order.
 */
export const SUGGESTIONS_REFRESH_MS = 3_000;

/**
 * Whether an event can change a suggestion: an order or a driver's state changed, or the settings.
 * A location ping alone does not (50 drivers ping every few seconds); the periodic refetch covers it.
 */
export function movesSuggestions(event: Pick<LiveEvent, 'type' | 'data'>): boolean {
  if (event.type.startsWith('order.') || event.type === 'dispatch.settings') return true;
  return event.type === 'driver.updated' && !('location' in event.data);
}

/** Collects the events that move suggestions and refetches once at the end of each window. */
export class SuggestionRefresher {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly refetch: () => void,
    private readonly windowMs = SUGGESTIONS_REFRESH_MS,
  ) {}

  event(event: Pick<LiveEvent, 'type' | 'data'>) {
    if (!movesSuggestions(event)) return;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.refetch();
    }, this.windowMs);
  }

  /** Missed events: at once. */
  now() {
    this.stop();
    this.refetch();
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Through the one read scheduler: never while a read of them is in flight (they are slow to solve). */
const refetchSuggestions = (queryClient: QueryClient) => () =>
  readSchedulerOf(queryClient).stale({
    predicate: ({ queryKey }) => isReadOf(queryKey, '/api/dispatch/suggestions'),
  });

/** Keeps the board's suggestions current while it shows any (`enabled`). */
export function useSuggestionRefresh(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresher = new SuggestionRefresher(refetchSuggestions(queryClient));
    const stop = eventStream.listen((message) => {
      if (message.kind === 'resync') refresher.now();
      else refresher.event(message.event);
    });
    return () => {
      stop();
      refresher.stop();
    };
  }, [queryClient, enabled]);
}
