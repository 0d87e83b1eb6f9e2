import type { OrderChangeNote } from '@dostava/shared';
import type { Db } from '../../db/client.js';
import type { orders } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';

type OrderRow = typeof orders.$inferSelect;

/** One write to an order, as the kernel made it: what other modules may follow in the same transaction. */
export interface OrderWrite {
  type: 'order.created' | 'order.changed';
  /** The row as written. */
  order: OrderRow;
  /** The row before the write (null for a placement). */
  previous: OrderRow | null;
  note: OrderChangeNote;
  actor: ActorContext;
  at: Date;
}

/**
 * Runs under the write's transaction, after the kernel's own steps: a hook's writes (an outbox row, a
 * notification to send, a tracking token) commit or roll back with the change they follow. A hook that
 * throws undoes the change, so a hook writes only what must not be lost and leaves sending to jobs.
 */
export type OrderHook = (tx: Db, write: OrderWrite) => Promise<void>;

/** The hooks of one API instance (app.orderHooks): modules add theirs when their routes register. */
export class OrderHooks {
  private readonly hooks: OrderHook[] = [];

  add(hook: OrderHook): () => void {
    this.hooks.push(hook);
    return () => {
      const at = this.hooks.indexOf(hook);
      if (at >= 0) this.hooks.splice(at, 1);
    };
  }

  async run(tx: Db, write: OrderWrite): Promise<void> {
    for (const hook of this.hooks) await hook(tx, write);
  }
}
