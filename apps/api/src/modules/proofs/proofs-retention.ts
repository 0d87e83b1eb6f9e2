import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incidents, orderProofs, proofSettings, uploads } from '../../db/schema/index.js';

/** How often the retention job runs. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Deletes the private images (proofs of delivery, incident photos) older than the retention period:
 * the proofs say their images were pruned, the incidents stop naming them, then the files go. Run
 * twice, it finds nothing the second time.
 */
export async function pruneImages(db: Db, dir: string, now: Date): Promise<number> {
  const [settings] = await db.select().from(proofSettings).where(eq(proofSettings.id, 1));
  const days = settings?.retention_days ?? 90;
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  let pruned = 0;
  for (;;) {
    const files = await db.transaction(async (tx) => {
      const old = await tx
        .select({ id: uploads.id, file_name: uploads.file_name })
        .from(uploads)
        .where(and(eq(uploads.private, true), lt(uploads.created_at, before)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!old.length) return [];
      const ids = old.map((u) => u.id);
      await tx
        .update(orderProofs)
        .set({ images_pruned: true })
        .where(or(inArray(orderProofs.photo_id, ids), inArray(orderProofs.signature_id, ids)));
      const list = sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::integer[]`;
      await tx
        .update(incidents)
        .set({
          photo_ids: sql`array(select p from unnest(${incidents.photo_ids}) p where p <> all(${list}))`,
        })
        .where(sql`${incidents.photo_ids} && ${list}`);
      await tx.delete(uploads).where(inArray(uploads.id, ids));
      return old;
    });
    for (const file of files) await rm(path.join(dir, file.file_name), { force: true });
    pruned += files.length;
    if (files.length < BATCH) return pruned;
  }
}
