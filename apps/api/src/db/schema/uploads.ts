import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const uploads = pgTable('uploads', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  file_name: text('file_name').notNull().unique(),
  original_name: text('original_name').notNull(),
  mime_type: text('mime_type').notNull(),
  size: integer('size').notNull(),
  created_by: integer('created_by'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
