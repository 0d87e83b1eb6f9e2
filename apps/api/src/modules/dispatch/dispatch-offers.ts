import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderOffers } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';

/** Withdraws an order's open offer (a person took the order over): inside the caller's transaction. */
export async function withdrawOffers(tx: Db, orderId: number, actor: ActorContext | null) {
  const gone = await tx
    .update(orderOffers)
    .set({ status: 'withdrawn', decided_at: new Date() })
    .where(and(eq(orderOffers.order_id, orderId), eq(orderOffers.status, 'pending')))
    .returning({ id: orderOffers.id, driver_id: orderOffers.driver_id });
  for (const offer of gone)
    await audit(tx, actor, 'offer_withdrawn', 'orders', orderId, null, {
      driver_id: offer.driver_id,
      offer_id: offer.id,
    });
  return gone;
}
