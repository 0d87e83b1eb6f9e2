import { APP_TYPES, PRIORITIES } from '@dostava/shared';
import { integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const appTypeEnum = pgEnum('app_type', APP_TYPES);
export const priorityEnum = pgEnum('priority', PRIORITIES);

export const appVersions = pgTable(
  'app_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    app_type: appTypeEnum('app_type').notNull(),
    version: text('version').notNull(),
    /** The numeric parts, so versions order as 1.9.0 < 1.10.0. */
    major: integer('major').notNull(),
    minor: integer('minor').notNull(),
    patch: integer('patch').notNull(),
    priority: priorityEnum('priority').notNull(),
    notes: text('notes'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_versions_unique').on(t.app_type, t.version)],
);

/** What the apps report through the version check: which versions are in use, and when last seen. */
export const appVersionReports = pgTable(
  'app_version_reports',
  {
    app_type: appTypeEnum('app_type').notNull(),
    version: text('version').notNull(),
    reports: integer('reports').notNull().default(0),
    first_seen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    last_seen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.app_type, t.version] })],
);
