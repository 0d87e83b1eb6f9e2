import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { can, type Image, privateImageUrl } from '@dostava/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incidents, orderProofs, orders, uploads } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.js';
import { readTogether } from '../../lib/sql.js';

export const UPLOADS_PREFIX = '/api/uploads/';

export const fileUrl = (fileName: string) => `${UPLOADS_PREFIX}${fileName}`;

/** Where private images live: outside the folder the static server publishes. */
export const privateDir = (dataDir: string) => path.join(dataDir, 'private-uploads');
export const imageOf = (id: number | null, fileName: string | null): Image | null =>
  id !== null && fileName !== null ? { id, file_url: fileUrl(fileName) } : null;

/** The file's type from its first bytes: the client's Content-Type and file name are not trusted. */
export function sniffImage(bytes: Buffer): { mime: string; ext: string } | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

export async function saveUpload(
  db: Db,
  /** The public folder, or the private one (privateDir) with `isPrivate`. */
  dir: string,
  file: { bytes: Buffer; original_name: string },
  userId: number | null,
  isPrivate = false,
): Promise<Image> {
  const type = sniffImage(file.bytes);
  if (!type) throw new BadRequest({ file: ['validation.file_type'] });
  const file_name = `${randomUUID()}.${type.ext}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, file_name), file.bytes, { mode: isPrivate ? 0o600 : 0o644 });
  const [row] = await db
    .insert(uploads)
    .values({
      file_name,
      original_name: file.original_name.slice(0, 200),
      mime_type: type.mime,
      size: file.bytes.length,
      created_by: userId,
      private: isPrivate,
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error('upload insert returned nothing');
  return { id: row.id, file_url: isPrivate ? privateImageUrl(row.id) : fileUrl(file_name) };
}

/**
 * A private image, to those who may read it: its uploader, and whoever may read an order it is
 * attached to (a proof of delivery, an incident): the operation, the order's restaurant staff (another
 * restaurant's: 403), the order's driver (another driver's: 404, as their orders are).
 */
export async function privateImage(db: Db, actor: ActorContext, id: number) {
  const [image] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.private, true)));
  if (!image) throw new NotFound();
  if (image.created_by === actor.user_id) return image;
  const [proofs, reports] = await readTogether(db, [
    () =>
      db
        .select({ order_id: orderProofs.order_id })
        .from(orderProofs)
        .where(or(eq(orderProofs.photo_id, id), eq(orderProofs.signature_id, id))),
    () =>
      db
        .select({ order_id: incidents.order_id })
        .from(incidents)
        .where(sql`${id} = any(${incidents.photo_ids})`),
  ]);
  const orderIds = [...proofs, ...reports].map((r) => r.order_id);
  const owners = orderIds.length
    ? await db
        .select({ restaurant_id: orders.restaurant_id, driver_id: orders.driver_id })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  if (actor.role === 'driver' || actor.role === 'customer') {
    if (!owners.some((o) => o.driver_id === actor.user_id && actor.role === 'driver')) throw new NotFound();
  } else if (!owners.some((o) => can(actor, 'proofs.read', o.restaurant_id))) {
    throw owners.length ? new Forbidden() : new NotFound();
  }
  return image;
}

/** A referenced image must be one that was uploaded: otherwise a field error, not a foreign-key 500. */
export async function assertImage(db: Db, imageId: number | null | undefined, field = 'image_id') {
  if (imageId === null || imageId === undefined) return;
  const [found] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, imageId));
  if (!found) throw new BadRequest({ [field]: ['validation.invalid'] });
}
