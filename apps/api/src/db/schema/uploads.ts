import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    file_name: text('file_name').notNull().unique(),
    original_name: text('original_name').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    created_by: integer('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Proofs of delivery and incident photos: kept outside the public folder, read only by those allowed. */
    private: boolean('private').notNull().default(false),
  },
  // The retention job's scan: private images by age.
  (t) => [index('uploads_private_created_idx').on(t.created_at).where(sql`${t.private}`)],
);
