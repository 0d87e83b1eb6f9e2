import { z } from 'zod';
import { msg } from './messages.js';
import { amount } from './money.js';
import { id, patchOf, plainInteger } from './validation.js';

/**
 * Proof of delivery (issue 38, decision 0036): what a delivery needs before the driver may mark it
 * delivered. The operation sets it, a restaurant may have its own, and a rule by order value overrides
 * both above a threshold. It is decided once, when the order is placed (the PIN is born then).
 */
export const PROOF_KINDS = ['none', 'photo', 'pin', 'signature'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** A PIN the customer gives: four digits, nothing else. */
export const PROOF_PIN_PATTERN = /^[0-9]{4}$/;

const kind = () => z.enum(PROOF_KINDS, { error: msg('validation.invalid_choice') });

export interface ProofRule {
  default_kind: ProofKind;
  /** Minor units: an order whose total is above it needs `value_kind`; null: no rule by value. */
  value_threshold: number | null;
  value_kind: ProofKind;
}

/**
 * The proof an order needs: the restaurant's own kind, else the operation's; above the value threshold
 * the value rule's kind. Nobody gives a PIN or signs at a door where the food is left: a delivery left
 * at the door needs a photo instead.
 */
export function requiredProof(
  rule: ProofRule,
  restaurantKind: ProofKind | null,
  total: number,
  leaveAtDoor: boolean,
): ProofKind {
  const base = restaurantKind ?? rule.default_kind;
  const wanted = rule.value_threshold !== null && total > rule.value_threshold ? rule.value_kind : base;
  return leaveAtDoor && (wanted === 'pin' || wanted === 'signature') ? 'photo' : wanted;
}

export const proofRestaurantSchema = z.object({
  restaurant_id: z.number().int(),
  name: z.string(),
  kind: z.enum(PROOF_KINDS),
});

export const proofSettingsSchema = z.object({
  default_kind: z.enum(PROOF_KINDS),
  value_threshold: z.number().int().nullable(),
  value_kind: z.enum(PROOF_KINDS),
  /** How long after the delivery a photo that could not be sent may still be added. */
  photo_grace_minutes: z.number().int(),
  /** Proof and incident images are deleted this many days after they were taken. */
  retention_days: z.number().int(),
  /** The restaurants with their own requirement. */
  restaurants: z.array(proofRestaurantSchema),
});
export type ProofSettings = z.infer<typeof proofSettingsSchema>;

export const PROOF_GRACE_MAX_MINUTES = 240;
export const PROOF_RETENTION_MAX_DAYS = 3650;

const proofSettingsFields = z.object({
  default_kind: kind(),
  value_threshold: amount().nullable(),
  value_kind: kind(),
  photo_grace_minutes: plainInteger(1, PROOF_GRACE_MAX_MINUTES),
  retention_days: plainInteger(1, PROOF_RETENTION_MAX_DAYS),
  /** Replaces the whole list of restaurants with their own requirement. */
  restaurants: z
    .array(z.object({ restaurant_id: id(), kind: kind() }))
    .max(1000)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      for (const [i, row] of rows.entries()) {
        if (seen.has(row.restaurant_id))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'restaurant_id'],
            message: msg('proofs.validation.restaurant_twice'),
          });
        seen.add(row.restaurant_id);
      }
    }),
});
export const proofSettingsBody = patchOf(proofSettingsFields);
export type ProofSettingsBody = z.infer<typeof proofSettingsBody>;

/** Where the driver stands when giving a proof. */
const position = {
  lat: z
    .number({ error: msg('proofs.validation.position') })
    .min(-90)
    .max(90),
  lng: z
    .number({ error: msg('proofs.validation.position') })
    .min(-180)
    .max(180),
};

/**
 * What the driver app sends with "delivered": the PIN the customer gave, the photo or signature
 * uploaded before (POST /api/driver/uploads), or `photo_pending` when the photo could not be sent
 * (added later within the grace period), and where the driver stands.
 */
export const proofInput = z.object({
  pin: z
    .string({ error: msg('proofs.validation.pin') })
    .regex(PROOF_PIN_PATTERN, { error: msg('proofs.validation.pin') })
    .optional(),
  photo_id: id().optional(),
  signature_id: id().optional(),
  photo_pending: z.boolean({ error: msg('validation.invalid') }).optional(),
  ...position,
});
export type ProofInput = z.infer<typeof proofInput>;

/** A photo added after the delivery (the connection failed at the door). */
export const proofPhotoBody = z.object({
  photo_id: id(),
  ...position,
});
export type ProofPhotoBody = z.infer<typeof proofPhotoBody>;

const iso = z.string();
const image = z.object({ id: z.number().int(), file_url: z.string() }).nullable();

/** An order's proof of delivery, as staff see it (never the PIN itself). */
export const orderProofSchema = z.object({
  order_id: z.number().int(),
  required: z.enum(PROOF_KINDS),
  leave_at_door: z.boolean(),
  /** Delivered with the PIN the customer gave. */
  pin_confirmed: z.boolean(),
  photo: image,
  signature: image,
  /** The photo could not be sent at the door and may still be added until `photo_due_at`. */
  photo_pending: z.boolean(),
  photo_due_at: iso.nullable(),
  /** The images were deleted after the retention period. */
  images_pruned: z.boolean(),
  recorded_at: iso.nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  photo_added_at: iso.nullable(),
  driver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OrderProof = z.infer<typeof orderProofSchema>;

/** What the driver app needs to know before "delivered": what to collect (the PIN comes from the customer). */
export const driverProofSchema = z.object({
  order_id: z.number().int(),
  required: z.enum(PROOF_KINDS),
  leave_at_door: z.boolean(),
  photo_pending: z.boolean(),
  photo_due_at: iso.nullable(),
});
export type DriverProof = z.infer<typeof driverProofSchema>;
