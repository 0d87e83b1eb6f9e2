import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Image } from '@dostava/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { BadRequest } from '../../lib/errors.js';

export const UPLOADS_PREFIX = '/api/uploads/';

export const fileUrl = (fileName: string) => `${UPLOADS_PREFIX}${fileName}`;
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
  dir: string,
  file: { bytes: Buffer; original_name: string },
  userId: number | null,
): Promise<Image> {
  const type = sniffImage(file.bytes);
  if (!type) throw new BadRequest({ file: ['validation.file_type'] });
  const file_name = `${randomUUID()}.${type.ext}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, file_name), file.bytes, { mode: 0o644 });
  const [row] = await db
    .insert(uploads)
    .values({
      file_name,
      original_name: file.original_name.slice(0, 200),
      mime_type: type.mime,
      size: file.bytes.length,
      created_by: userId,
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error('upload insert returned nothing');
  return { id: row.id, file_url: fileUrl(file_name) };
}

/** A referenced image must be one that was uploaded: otherwise a field error, not a foreign-key 500. */
export async function assertImage(db: Db, imageId: number | null | undefined, field = 'image_id') {
  if (imageId === null || imageId === undefined) return;
  const [found] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, imageId));
  if (!found) throw new BadRequest({ [field]: ['validation.invalid'] });
}
