import { z } from 'zod';
import { msg } from './messages.js';
import { orderingStateSchema } from './opening-hours.js';
import { instant } from './validation.js';

/**
 * A restaurant's capacity, set from the kitchen board in one click: normal; busy (extra minutes on
 * preparation, until switched back or until the restaurant's closing, or the end of the operation's
 * day when it has no hours set); or paused (no orders) for a while or until closing. Both end by
 * themselves at their time (a job on the database queue), exactly once.
 */
export const CAPACITY_MODES = ['normal', 'busy', 'paused'] as const;
export type CapacityMode = (typeof CAPACITY_MODES)[number];
/** Extra minutes of preparation a busy restaurant asks for. */
export const BUSY_MINUTES = [10, 20, 30, 45] as const;
/** A pause's lengths offered in one click ("until closing" besides). */
export const PAUSE_MINUTES = [15, 30, 60] as const;
/** The longest pause or snooze to a chosen time: a day, so nothing is forgotten switched off for days. */
export const MAX_PAUSE_HOURS = 24;
export const MAX_SNOOZE_DAYS = 7;

const choice = <T extends readonly [number, ...number[]]>(values: T) =>
  z
    .number({ error: msg('validation.invalid_choice') })
    .refine((v) => (values as readonly number[]).includes(v), {
      error: msg('validation.invalid_choice'),
    });

/**
 * Busy: `minutes` of 10/20/30/45. Paused: exactly one of `minutes` (15/30/60), `until_closing`, or
 * `until` (an instant in the future, within a day).
 */
export const capacityBody = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('normal') }).strict(),
    z.object({ mode: z.literal('busy'), minutes: choice(BUSY_MINUTES) }).strict(),
    z
      .object({
        mode: z.literal('paused'),
        minutes: choice(PAUSE_MINUTES).optional(),
        until_closing: z.literal(true).optional(),
        until: instant().optional(),
      })
      .strict()
      .superRefine((body, ctx) => {
        const given = [body.minutes, body.until_closing, body.until].filter((v) => v !== undefined);
        if (given.length !== 1)
          ctx.addIssue({ code: 'custom', path: ['minutes'], message: msg('validation.required') });
        if (body.until !== undefined) {
          const until = Date.parse(body.until);
          if (until <= Date.now())
            ctx.addIssue({ code: 'custom', path: ['until'], message: msg('validation.not_in_past') });
          else if (until > Date.now() + MAX_PAUSE_HOURS * 3_600_000)
            ctx.addIssue({
              code: 'custom',
              path: ['until'],
              message: msg('validation.pause_too_long', { hours: MAX_PAUSE_HOURS }),
            });
        }
      }),
  ],
  { error: msg('validation.invalid_choice') },
);
export type CapacityBody = z.infer<typeof capacityBody>;

/** A restaurant's capacity now. `busy_minutes` is 0 unless busy; `*_until` null when not set. */
export const capacitySchema = z.object({
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  mode: z.enum(CAPACITY_MODES),
  busy_minutes: z.number().int(),
  busy_until: z.string().nullable(),
  paused_until: z.string().nullable(),
});
export type Capacity = z.infer<typeof capacitySchema>;

/**
 * A restaurant on the dispatcher's strip (issue 36): its capacity and its ordering state (open,
 * closed by its hours until, paused until, busy +N), the same `ordering` a restaurant carries.
 */
export const capacityStateSchema = capacitySchema.extend({ ordering: orderingStateSchema });
export type CapacityState = z.infer<typeof capacityStateSchema>;
/**
 * The restaurants busy, paused or closed now, and the next instant any of them (or any other the
 * caller sees) opens or closes by its hours: when the list changes without an event.
 */
export const capacityListSchema = z.object({
  data: z.array(capacityStateSchema),
  changes_at: z.string().nullable(),
});
export type CapacityList = z.infer<typeof capacityListSchema>;

/**
 * Snooze a product (out of stock, still on the menu but not orderable): until the end of today in
 * the operation's zone, until a chosen time (future, within a week), or until switched back.
 */
export const SNOOZE_MODES = ['end_of_day', 'until', 'manual'] as const;
export const snoozeBody = z
  .object({
    mode: z.enum(SNOOZE_MODES, { error: msg('validation.invalid_choice') }),
    until: instant().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.mode !== 'until') {
      if (body.until !== undefined)
        ctx.addIssue({ code: 'custom', path: ['until'], message: msg('validation.invalid') });
      return;
    }
    if (body.until === undefined) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: msg('validation.required') });
      return;
    }
    const until = Date.parse(body.until);
    if (until <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['until'], message: msg('validation.not_in_past') });
    else if (until > Date.now() + MAX_SNOOZE_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: msg('validation.snooze_too_far', { days: MAX_SNOOZE_DAYS }),
      });
  });
export type SnoozeBody = z.infer<typeof snoozeBody>;

/** The capacity of a restaurant from its row, as of `now`. */
export function capacityMode(
  row: { busy_minutes: number; paused_until: string | Date | null },
  now = new Date(),
): CapacityMode {
  if (row.paused_until !== null && new Date(row.paused_until).getTime() > now.getTime()) return 'paused';
  return row.busy_minutes > 0 ? 'busy' : 'normal';
}
