import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type Method = (key: string, callback: Callback, timeWindow: number, max: number) => void;
interface Store extends FastifyRateLimitStore {
  read: Method;
}
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The plugin's own stores; its package exports them only by path.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;

/**
 * Rate-limit counters in Redis, shared by every API instance; while Redis is unreachable or hung
 * (`usable` says which, from the bus's probe) they count in this process's memory instead, so the API
 * keeps serving and every limit still holds per instance until Redis is back (a request never fails,
 * nor waits past the command time-out, because the counter store did).
 */
export function failoverStore(
  redis: Redis,
  usable: () => boolean,
  { rateLimitNamespace: namespace }: { rateLimitNamespace: string },
): FastifyRateLimitStoreCtor {
  const combine = (remote: Store, local: Store): Store => {
    const run =
      (method: 'incr' | 'read'): Method =>
      (key, callback, timeWindow, max) => {
        if (redis.status !== 'ready' || !usable()) return local[method](key, callback, timeWindow, max);
        remote[method](
          key,
          (error, result) => (error ? local[method](key, callback, timeWindow, max) : callback(null, result)),
          timeWindow,
          max,
        );
      };
    return {
      incr: run('incr'),
      read: run('read'),
      child: (routeOptions) =>
        combine(remote.child(routeOptions) as Store, local.child(routeOptions) as Store),
    };
  };
  // The plugin calls `new Store(options)`; a constructor may hand back the object it built.
  return function FailoverStore(options: StoreOptions) {
    return combine(
      new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, namespace),
      new LocalStore(options.continueExceeding, options.exponentialBackoff),
    );
  } as unknown as FastifyRateLimitStoreCtor;
}
