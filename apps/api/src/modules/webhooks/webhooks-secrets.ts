import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema/index.js';

/**
 * Endpoints' signing secrets are kept encrypted at rest (AES-256-GCM, a random 96-bit nonce each, the
 * key from WEBHOOK_SECRET_KEY): a copy of the database alone cannot forge a delivery. The stored form
 * is `enc:v1:<nonce>:<tag>:<ciphertext>` (base64url); `v1` leaves room for another scheme or key.
 */
const PREFIX = 'enc:v1:';

export function encryptSecret(key: Buffer, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${[nonce, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join(':')}`;
}

/** The secret; a row written before encryption (plain `whsec_…`) is read as it is until migrated. */
export function decryptSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [nonce, tag, sealed] = stored
    .slice(PREFIX.length)
    .split(':')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!nonce || !tag || !sealed) throw new Error('malformed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

/**
 * Encrypts the secrets stored in plain text before encryption existed (run at start; a second
 * instance racing it writes the same kind of value, and a row already encrypted is not touched).
 */
export async function encryptPlainSecrets(db: Db, key: Buffer): Promise<number> {
  const plain = await db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(like(webhookEndpoints.secret, 'whsec\\_%'));
  for (const row of plain) {
    // Only while still plain: a value is never encrypted twice.
    await db
      .update(webhookEndpoints)
      .set({ secret: encryptSecret(key, row.secret) })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)));
  }
  return plain.length;
}
