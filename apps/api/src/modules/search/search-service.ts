import { isRestaurantRole, type SearchHit } from '@dostava/shared';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { restaurants } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { escapeLike } from '../../lib/lists.js';

const LIMIT_PER_KIND = 8;

/** The header search: each kind the role may see, limited to what it may see. */
export async function search(db: Db, actor: ActorContext, q: string): Promise<SearchHit[]> {
  const pattern = `%${escapeLike(q)}%`;
  const hits: SearchHit[] = [];
  if (actor.role === 'admin' || actor.role === 'app_manager' || isRestaurantRole(actor.role)) {
    const match = or(ilike(restaurants.name, pattern), ilike(restaurants.address, pattern));
    const own = isRestaurantRole(actor.role) ? eq(restaurants.id, actor.restaurant_id ?? -1) : undefined;
    const rows = await db
      .select({ id: restaurants.id, name: restaurants.name, address: restaurants.address })
      .from(restaurants)
      .where(and(match, own))
      .orderBy(asc(restaurants.name))
      .limit(LIMIT_PER_KIND);
    for (const row of rows) {
      hits.push({
        kind: 'restaurant',
        id: row.id,
        title: row.name,
        subtitle: row.address,
        path: `/restaurant/${row.id}`,
      });
    }
  }
  return hits;
}
