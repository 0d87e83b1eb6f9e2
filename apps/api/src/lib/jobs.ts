import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * Work to do at a time, kept in the database (pg-boss, decision 0022): a job survives a restart and
 * runs once across every instance sharing the database (each fetch takes its jobs with SKIP LOCKED).
 * A job may still run twice in rare cases (its worker died after the work, before completing it),
 * so every handler is idempotent: a guarded UPDATE that changes nothing the second time.
 */
export const JOB_NAMES = [
  'restaurant-pause-ends',
  'restaurant-busy-ends',
  'product-snooze-ends',
  'dispatch-offer-expires',
  /** Sends the messages waiting for one order's customer (modules/notifications). */
  'notification-send',
  /** Deletes proof and incident images past the retention period, then schedules its next run (issue 38). */
  'proof-images-prune',
  /** Deletes the customers' quotes that expired unused, every hour (modules/zones). */
  'quotes-purge',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** How a queue retries a failed job: every queue alike, unless its work says otherwise here. */
const RETRY = { retryLimit: 10, retryDelay: 5 };
const RETRY_OF: Partial<Record<JobName, { retryLimit: number; retryDelay: number; retryBackoff?: boolean }>> =
  {
    // A provider's outage: 2 s, 4 s, 8 s … between tries, never blocking the order's change.
    'notification-send': { retryLimit: 6, retryDelay: 2, retryBackoff: true },
  };

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (pg-boss allows 0.5 s at least). */
  pollingSeconds?: number;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** What pg-boss reads from a statement that changed nothing (see JobQueue's `executeSql`). */
export const changedNothing = (text: string) => ({
  rows: /select count\(\*\) from results\s*$/i.test(text) ? [{ count: '0' }] : [],
});

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<JobName, JobHandler>();
  private started: Promise<void> | undefined;
  private stopped = false;
  /** The queue's statements not yet answered: stop() waits for them (see there). */
  private readonly sent = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      // Over the application's own connections: the pool on PostgreSQL, the one PGlite client
      // embedded (whose multi-statement scripts go through exec, see Database.executeSql).
      // pg-boss records a job's end without awaiting it (its manager's onFetch calls complete/fail
      // and drops the promise): a job ending while the server shuts down wrote after the pool had
      // ended, an unhandled rejection (seen once in the API suite on PostgreSQL). stop() now waits for
      // the writes sent (`sent`); one that fails all the same once stopping (the database gone, or
      // one still out after stop's wait) is dropped: the job stays active, retried after its expiry. It
      // answers as a statement that changed nothing: no rows, or for complete and fail (which end by
      // counting the jobs they changed) a count of none, which pg-boss reads as `rows[0].count`.
      db: {
        executeSql: (text, values) => {
          const run = database.executeSql(text, values);
          this.sent.add(run);
          run.then(
            () => this.sent.delete(run),
            () => this.sent.delete(run),
          );
          return this.stopped ? run.catch(() => changedNothing(text)) : run;
        },
      },
      schema: 'pgboss',
      // No cron schedules here; maintenance (expiring, archiving) runs on one instance at a time.
      schedule: false,
      supervise: true,
    });
    this.boss.on('error', (error) => this.options.log.warn({ err: error }, 'job queue error'));
  }

  /** Registers the handler of a job; call before start(). */
  handle(name: JobName, handler: JobHandler) {
    this.handlers.set(name, handler);
  }

  /** Creates the queue's tables (first start) and its queues, then works the registered jobs. */
  start(): Promise<void> {
    this.started ??= (async () => {
      // Instances starting together take turns (the start-up lock of db/client.ts): pg-boss 10's
      // create_queue deadlocks when two instances create the same queue at once.
      await this.database.exclusive(async () => {
        await this.boss.start();
        for (const name of JOB_NAMES) {
          if (await this.boss.getQueue(name)) continue;
          // 'short': one waiting job per singleton key, so scheduling the same end twice adds nothing.
          await this.boss.createQueue(name, {
            name,
            policy: 'short',
            expireInSeconds: 60,
            ...(RETRY_OF[name] ?? RETRY),
          });
        }
      });
      for (const [name, handler] of this.handlers) {
        await this.boss.work<Record<string, unknown>>(
          name,
          { pollingIntervalSeconds: this.options.pollingSeconds ?? 2, batchSize: 10 },
          async (jobs) => {
            for (const job of jobs) await handler(job.data);
          },
        );
      }
    })();
    return this.started;
  }

  /**
   * Runs `name` with `data` at `at` (at once when it has passed). `key` names what the job is about
   * and when (e.g. `restaurant:4:2026-11-26T20:00:00.000Z`): the same key waiting twice is one job.
   */
  async schedule(name: JobName, data: Record<string, unknown>, at: Date, key: string): Promise<void> {
    await this.start();
    await this.boss.send(name, data, { startAfter: at, singletonKey: key });
  }

  /** Stops fetching, lets the jobs in hand finish (their handlers still use the database). */
  async stop(): Promise<void> {
    if (this.stopped || !this.started) return;
    this.stopped = true;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
    // pg-boss records a job's end without awaiting it. Were the database closed before that record
    // lands, the job would stay active until it expires and then wait for maintenance (every two
    // minutes, on an instance that lives that long), so a server restarted often never ended it.
    // A database that stopped answering does not hold the shutdown past ten seconds.
    await Promise.race([Promise.allSettled([...this.sent]), delay(10_000, undefined, { ref: false })]);
  }
}
