import type { OrderListItem, OrderStatus } from '@dostava/shared';
import { type QueryClient, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { OrderLiveEvent } from '../../../lib/event-stream';
import { partial } from '../../../lib/partial.test-kit';

/** One request the fake API saw: its path and query, when it was sent and how it ended. */
interface Seen {
  path: string;
  sentAt: number;
  endedAt: number | null;
  ended: 'answered' | 'cancelled' | null;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** What the API answers for a read of this path: zero counts, a record by its id, or an empty list. */
function answerOf(url: URL): unknown {
  if (url.pathname === '/api/orders/lanes')
    return { data: { all: 0, new: 0, preparing: 0, late: 0, problems: 0, restaurant: null } };
  const id = url.pathname.match(/\/(\d+)$/)?.[1];
  if (id) return { data: { id: Number(id) } };
  const perPage = Number(url.searchParams.get('per_page') ?? 25);
  return { data: [], meta: { page: 1, per_page: perPage, total: 0 } };
}

/**
 * The API behind a fake `fetch` that answers every request `delayMs` later (a slow server; the test's
 * fake timers move time), honouring cancellation. Returns what it saw.
 */
export function slowApi(delayMs: number) {
  const seen: Seen[] = [];
  // The typed client sends a Request (its own `fetch`, lib/api-client.ts).
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const signal = input instanceof Request ? input.signal : init?.signal;
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const request: Seen = { path: url.pathname, sentAt: Date.now(), endedAt: null, ended: null };
    seen.push(request);
    return new Promise<Response>((resolve, reject) => {
      const end = (how: Seen['ended']) => {
        request.ended = how;
        request.endedAt = Date.now();
      };
      const timer = setTimeout(() => {
        end('answered');
        resolve(json(answerOf(url)));
      }, delayMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        end('cancelled');
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  });
  return {
    seen,
    /** The requests of one path (all without one). */
    of: (path?: string) => seen.filter((request) => path === undefined || request.path === path),
  };
}

/**
 * Queries on screen: each observed as a mounted `useQuery` would (the options of `$api.queryOptions`,
 * whose typed results TanStack's untyped observer does not take as they are). Returns the observers.
 */
export function onScreen(queryClient: QueryClient, options: readonly object[]) {
  return options.map((option) => {
    const observer = new QueryObserver(queryClient, option as QueryObserverOptions);
    observer.subscribe(() => undefined);
    return observer;
  });
}

let ids = 0;
/** An order event of this API: the order (as a list row) moved from `from` to `to`. */
export function statusEvent(orderId: number, from: OrderStatus, to: OrderStatus): OrderLiveEvent {
  const at = new Date(Date.now()).toISOString();
  const order = partial<OrderListItem>({
    id: orderId,
    order_number: `D${100000 + orderId}`,
    status: to,
    restaurant: { id: 1, name: 'Željo' },
    driver: null,
    status_changed_at: at,
    created_at: at,
    dispatch_problem: null,
  });
  return {
    id: `e${++ids}`,
    type: 'order.updated',
    restaurant_id: 1,
    data: {
      order_id: orderId,
      status: to,
      order,
      previous: { status: from, driver_id: null, status_changed_at: at, dispatch_problem: null },
    },
    at,
  } as OrderLiveEvent;
}
