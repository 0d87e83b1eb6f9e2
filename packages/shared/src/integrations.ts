import { z } from 'zod';
import { capacityBody, snoozeBody } from './capacity.js';
import { categoryBody } from './categories.js';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { orderCreateBody, orderSchema } from './orders.js';
import { price, productBody, productPatchBody, productSchema } from './products.js';
import { email, id, optionalText, patchOf, requiredText } from './validation.js';

/**
 * Integrators (issue 40): a point-of-sale system, an aggregator or a shop that calls the API with a
 * key instead of a staff member's session. A key carries scopes by resource and action and is
 * limited to chosen restaurants; whatever it does goes through the back office's own rules.
 */
export const INTEGRATOR_SCOPES = [
  'orders.create',
  'orders.read',
  'orders.status',
  'menu.write',
  'products.snooze',
  'restaurant.pause',
] as const;
export type IntegratorScope = (typeof INTEGRATOR_SCOPES)[number];

/** Kitchen moves an integrator may make, as the kitchen does: accept, ready, and cancel (the kitchen's cancel is `declined`, before it accepts). */
export const INTEGRATOR_STATUS_MOVES = ['preparing_order', 'ready_for_pickup', 'declined'] as const;

/** A key is `dsk_<prefix>_<secret>`: the prefix is shown and looked up, the whole key is hashed. */
export const API_KEY_PATTERN = /^dsk_([a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;
/** Requests per minute a key may make unless set otherwise. */
export const DEFAULT_KEY_RATE_LIMIT = 600;
/** Longest overlap of an old key with its replacement. */
export const MAX_ROTATION_OVERLAP_HOURS = 24 * 14;

export const integratorBody = z.object({
  name: requiredText(120),
  contact_email: email(),
  contact_name: optionalText(120),
  is_active: z.boolean().default(true),
});
export type IntegratorBody = z.infer<typeof integratorBody>;
export type IntegratorInput = z.input<typeof integratorBody>;
export const integratorPatchBody = patchOf(integratorBody);

export const integratorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_email: z.string(),
  contact_name: z.string().nullable(),
  is_active: z.boolean(),
  /** Keys that still open the API (neither revoked nor expired). */
  active_keys: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Integrator = z.infer<typeof integratorSchema>;

export const INTEGRATOR_SORTS = ['name', 'created_at'] as const;
export const integratorListQuery = listQuery(INTEGRATOR_SORTS, 'name');
export type IntegratorListQuery = z.input<typeof integratorListQuery>;
export type IntegratorListParams = z.output<typeof integratorListQuery>;

export const apiKeyBody = z.object({
  name: requiredText(120),
  scopes: z
    .array(z.enum(INTEGRATOR_SCOPES, { error: msg('integrations.validation.scope_unknown') }))
    .min(1, { error: msg('integrations.validation.scope_required') })
    .max(INTEGRATOR_SCOPES.length),
  restaurant_ids: z
    .array(id())
    .min(1, { error: msg('integrations.validation.restaurant_required') })
    .max(500),
  rate_limit_per_minute: z.number().int().min(1).max(100_000).default(DEFAULT_KEY_RATE_LIMIT),
});
export type ApiKeyBody = z.infer<typeof apiKeyBody>;
export type ApiKeyInput = z.input<typeof apiKeyBody>;

export const apiKeyRotateBody = z.object({
  /** How long the old key keeps working beside the new one (0: it stops now). */
  overlap_hours: z.number().int().min(0).max(MAX_ROTATION_OVERLAP_HOURS).default(24),
});
export type ApiKeyRotateBody = z.infer<typeof apiKeyRotateBody>;

export const API_KEY_STATES = ['active', 'expiring', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

export const apiKeySchema = z.object({
  id: z.number().int(),
  integrator_id: z.number().int(),
  name: z.string(),
  /** The visible part of the key (`dsk_<prefix>_…`): how staff and the integrator tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(INTEGRATOR_SCOPES)),
  restaurants: z.array(z.object({ id: z.number().int(), name: z.string() })),
  rate_limit_per_minute: z.number().int(),
  state: z.enum(API_KEY_STATES),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  rotated_from_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A key as created or rotated: the only answer that carries the secret; it is never shown again. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** An order an integrator places for its customer: as the customer app's, plus the customer's name. */
export const integrationOrderBody = orderCreateBody.extend({
  customer_name: optionalText(120),
  /** The order's number in the integrator's own system, kept for its reference. */
  external_id: optionalText(100),
});
export type IntegrationOrderBody = z.infer<typeof integrationOrderBody>;

/** What the order would cost, computed by the server as at placement: nothing is written. */
export const orderQuoteSchema = z.object({
  restaurant_id: z.number().int(),
  items: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      unit_price: z.number().int(),
      quantity: z.number().int(),
    }),
  ),
  items_amount: z.number().int(),
  delivery_costs: z.number().int(),
  total: z.number().int(),
  distance_km: z.number().nullable(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const integrationStatusBody = z
  .object({
    status: z.enum(INTEGRATOR_STATUS_MOVES, { error: msg('validation.invalid_choice') }),
    reason: optionalText(500),
    version: z.number().int().min(0).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'declined' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: msg('validation.reason_required') });
    }
  });
export type IntegrationStatusBody = z.infer<typeof integrationStatusBody>;

export const integrationProductBody = productBody;
export const integrationProductPatchBody = productPatchBody;
export const integrationSnoozeBody = snoozeBody;
export const integrationCapacityBody = capacityBody;
export { orderSchema as integrationOrderSchema, productSchema as integrationProductSchema };

/** `Idempotency-Key`: what the integrator chooses per logical order (a UUID is usual). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
export const idempotencyHeaders = z
  .object({
    'idempotency-key': z
      .string({ error: msg('integrations.validation.idempotency_key_required') })
      .regex(IDEMPOTENCY_KEY_PATTERN, { error: msg('integrations.validation.idempotency_key_invalid') }),
  })
  .loose();

/**
 * Categories are one list shared by every restaurant (the customer app groups every menu by them), so
 * an integrator does not rename or delete one: it names the categories it needs, and a missing one is
 * added (matched by name, case-insensitively). The answer is the category, new (201) or found (200).
 */
export const integrationCategoryBody = categoryBody.pick({ name: true, description: true });
export type IntegrationCategoryBody = z.infer<typeof integrationCategoryBody>;

/** Most products one menu replacement may carry. */
export const MAX_MENU_PRODUCTS = 2000;
const sameName = (a: string, b: string) => a.toLocaleLowerCase('bs') === b.toLocaleLowerCase('bs');

export const menuProductBody = z.object({
  name: requiredText(120),
  description: optionalText(1000),
  price: price(),
  show_on_menu: z.boolean().default(true),
});

/**
 * The whole menu of one restaurant, as the point of sale holds it: categories (by name) with their
 * products (by name, unique in the menu). Applying it twice changes nothing the second time.
 */
export const menuReplaceBody = z
  .object({
    categories: z
      .array(
        z.object({
          name: requiredText(80),
          description: optionalText(500),
          products: z.array(menuProductBody).max(MAX_MENU_PRODUCTS),
        }),
      )
      .min(1, { error: msg('integrations_extra.validation.menu_empty') })
      .max(200),
  })
  .superRefine((body, ctx) => {
    const names: string[] = [];
    body.categories.forEach((category, c) => {
      if (body.categories.findIndex((other) => sameName(other.name, category.name)) !== c)
        ctx.addIssue({
          code: 'custom',
          path: ['categories', c, 'name'],
          message: msg('integrations_extra.validation.category_twice'),
        });
      category.products.forEach((product, p) => {
        if (names.some((name) => sameName(name, product.name)))
          ctx.addIssue({
            code: 'custom',
            path: ['categories', c, 'products', p, 'name'],
            message: msg('integrations_extra.validation.product_twice'),
          });
        names.push(product.name);
      });
    });
    if (names.length > MAX_MENU_PRODUCTS)
      ctx.addIssue({
        code: 'custom',
        path: ['categories'],
        message: msg('integrations_extra.validation.menu_too_big'),
      });
  });
export type MenuReplaceBody = z.infer<typeof menuReplaceBody>;
export type MenuReplaceInput = z.input<typeof menuReplaceBody>;

const namedSchema = z.object({ id: z.number().int(), name: z.string() });
/** What a menu replacement changed; a second identical replacement answers only `products_unchanged`. */
export const menuReplaceReportSchema = z.object({
  restaurant_id: z.number().int(),
  categories_created: z.array(namedSchema),
  products_created: z.array(namedSchema),
  /** Each with the fields that changed (`price`, `description`, `category`, `show_on_menu`). */
  products_updated: z.array(namedSchema.extend({ changed: z.array(z.string()) })),
  /** On the restaurant's menu before but not in the new one: taken off the menu, kept for past orders. */
  products_hidden: z.array(namedSchema),
  products_unchanged: z.number().int(),
});
export type MenuReplaceReport = z.infer<typeof menuReplaceReportSchema>;
