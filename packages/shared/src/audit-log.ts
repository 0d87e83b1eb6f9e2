import { z } from 'zod';
import { listQuery } from './common.js';
import { calendarDate, dateRangeRule, id, searchText } from './validation.js';

export const auditLogQuery = listQuery(['created_at'] as const, '-created_at')
  .extend({
    user_id: id().optional(),
    entity: searchText(50).optional(),
    action: searchText(50).optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .superRefine(dateRangeRule);
/** A list request as the web app sends it: page, per_page and sort always present. */
export type AuditLogParams = z.output<typeof auditLogQuery>;
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), role: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /**
   * What the entry is about, as people name it: an order's number (D112596), a restaurant's, user's or
   * product's name; null when nothing names it. `exists`: the record is still there (a link can open
   * it); `restaurant_id`: the restaurant it belongs to (a product, a settlement), for its address.
   */
  subject: z.object({
    name: z.string().nullable(),
    exists: z.boolean(),
    restaurant_id: z.number().int().nullable(),
  }),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
