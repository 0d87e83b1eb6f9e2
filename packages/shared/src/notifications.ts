import { z } from 'zod';
import { msg } from './messages.js';
import { requiredText } from './validation.js';

/**
 * Messages to the customer when their order changes (issue 39, decision 0037): one per event per
 * order at most, by push (Firebase Cloud Messaging) or SMS, from templates staff edit.
 */
export const NOTIFICATION_EVENTS = [
  'accepted',
  'picked_up',
  'arriving',
  'late',
  'delivered',
  'cancelled',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
/** Sent even in quiet hours: the customer must act on them (open the door, know it is late or off). */
export const URGENT_EVENTS: readonly NotificationEvent[] = ['arriving', 'late', 'cancelled'];

export const NOTIFICATION_CHANNELS = ['push', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** pending: waits for its job; sent; failed: the provider refused it after every retry; skipped: a rule held it back. */
export const NOTIFICATION_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];
/** Why one was not sent. */
export const NOTIFICATION_SKIPS = [
  'not_configured',
  'no_contact',
  'quiet_hours',
  'cap',
  'opted_out',
] as const;
export type NotificationSkip = (typeof NOTIFICATION_SKIPS)[number];

export const NOTIFICATION_LANGUAGES = ['bs', 'en'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/** The placeholders a template may use, each written `{name}`. */
export const NOTIFICATION_PLACEHOLDERS = ['order_number', 'restaurant', 'minutes', 'link'] as const;
export type NotificationValues = Record<(typeof NOTIFICATION_PLACEHOLDERS)[number], string>;

/** What a new operation starts from until staff write their own. */
export const DEFAULT_TEMPLATES: Record<NotificationLanguage, Record<NotificationEvent, string>> = {
  bs: {
    accepted: '{restaurant} je prihvatio narudžbu {order_number}. Pratite je: {link}',
    picked_up: 'Vaša narudžba {order_number} je na putu. Stiže za oko {minutes} min: {link}',
    arriving: 'Dostavljač samo što nije stigao s narudžbom {order_number}.',
    late: 'Narudžba {order_number} kasni; nova procjena: {minutes} min. Izvinite! {link}',
    delivered: 'Narudžba {order_number} je dostavljena. Prijatno! Ocijenite dostavu: {link}',
    cancelled: 'Narudžba {order_number} iz {restaurant} je otkazana.',
  },
  en: {
    accepted: '{restaurant} accepted your order {order_number}. Follow it: {link}',
    picked_up: 'Your order {order_number} is on its way, about {minutes} min: {link}',
    arriving: 'Your driver is almost there with order {order_number}.',
    late: 'Order {order_number} is running late; new estimate {minutes} min. Sorry! {link}',
    delivered: 'Order {order_number} was delivered. Enjoy! Rate it: {link}',
    cancelled: 'Order {order_number} from {restaurant} was cancelled.',
  },
};

/** Fills a template's placeholders; an unknown `{word}` stays as written. */
export function renderTemplate(body: string, values: NotificationValues): string {
  return body.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? values[name as keyof NotificationValues] : whole,
  );
}

export const notificationTemplateSchema = z.object({
  event: z.enum(NOTIFICATION_EVENTS),
  language: z.enum(NOTIFICATION_LANGUAGES),
  body: z.string(),
  /** Still the default text (no one saved one). */
  is_default: z.boolean(),
});
export type NotificationTemplate = z.infer<typeof notificationTemplateSchema>;

const templateBody = z
  .string()
  .trim()
  .min(1, { error: msg('validation.required') })
  .max(480, { error: msg('validation.max_length', { max: 480 }) })
  .refine(
    (body) =>
      [...body.matchAll(/\{(\w+)\}/g)].every((m) =>
        (NOTIFICATION_PLACEHOLDERS as readonly string[]).includes(m[1] ?? ''),
      ),
    {
      error: msg('notifications.unknown_placeholder'),
    },
  );

export const templateParams = z.object({
  event: z.enum(NOTIFICATION_EVENTS, { error: msg('validation.invalid_choice') }),
  language: z.enum(NOTIFICATION_LANGUAGES, { error: msg('validation.invalid_choice') }),
});
export const templateBodySchema = z.object({ body: templateBody });
export const templatePreviewBody = z.object({
  event: z.enum(NOTIFICATION_EVENTS, { error: msg('validation.invalid_choice') }),
  language: z.enum(NOTIFICATION_LANGUAGES, { error: msg('validation.invalid_choice') }),
  body: templateBody,
});
export const templatePreviewSchema = z.object({ text: z.string(), length: z.number().int() });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg('notifications.bad_clock') });

export const notificationSettingsSchema = z.object({
  /** Quiet hours in the operation's time zone (start may be after end: over midnight); null = none. */
  quiet_start: clock.nullable(),
  quiet_end: clock.nullable(),
  /** "Late" fires when the prediction passes the promise by more than this. */
  late_minutes: z.number().int().min(1).max(240),
  /** At most this many messages per order. */
  per_order_cap: z.number().int().min(1).max(20),
  /** "Arriving" fires when the driver comes this close (metres). */
  arriving_meters: z.number().int().min(20).max(2000),
  /** The tracking link stops working this long after delivery or cancellation. */
  link_hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const NOTIFICATION_DEFAULTS: NotificationSettings = {
  quiet_start: null,
  quiet_end: null,
  late_minutes: 10,
  per_order_cap: 5,
  arriving_meters: 150,
  link_hours: 24,
};
export const notificationSettingsBody = notificationSettingsSchema.refine(
  (s) => (s.quiet_start === null) === (s.quiet_end === null),
  { error: msg('notifications.quiet_both'), path: ['quiet_end'] },
);

/** The settings screen: the settings and which channels the server has configured. */
export const notificationSetupSchema = z.object({
  settings: notificationSettingsSchema,
  channels: z.object({ push: z.boolean(), sms: z.boolean() }),
});
export type NotificationSetup = z.infer<typeof notificationSetupSchema>;

/** One line of an order's notification log. */
export const notificationLogSchema = z.object({
  id: z.number().int(),
  event: z.enum(NOTIFICATION_EVENTS),
  state: z.enum(NOTIFICATION_STATES),
  channel: z.enum(NOTIFICATION_CHANNELS).nullable(),
  skip_reason: z.enum(NOTIFICATION_SKIPS).nullable(),
  attempts: z.number().int(),
  provider_status: z.number().int().nullable(),
  provider_answer: z.string().nullable(),
  text: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type NotificationLog = z.infer<typeof notificationLogSchema>;

/** The customer app: its push token and whether the customer wants messages at all. */
export const customerContactBody = z.object({
  push_token: requiredText(4096).nullable().optional(),
  opted_out: z.boolean().optional(),
  language: z.enum(NOTIFICATION_LANGUAGES, { error: msg('validation.invalid_choice') }).optional(),
});
export const customerContactSchema = z.object({
  push_token_set: z.boolean(),
  opted_out: z.boolean(),
  language: z.enum(NOTIFICATION_LANGUAGES),
});
