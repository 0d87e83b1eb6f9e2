ALTER TABLE "restaurants" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payee_name" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payee_address" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payee_iban" text;--> statement-breakpoint
-- Settlements approved before the payee was fixed: their payee is the restaurant as it stands now.
UPDATE "settlements" s SET "payee_name" = r."name", "payee_address" = r."address"
  FROM "restaurants" r WHERE r."id" = s."restaurant_id" AND s."status" = 'approved';
