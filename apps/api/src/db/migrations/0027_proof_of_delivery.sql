CREATE TYPE "public"."proof_kind" AS ENUM('none', 'photo', 'pin', 'signature');--> statement-breakpoint
CREATE TABLE "order_proofs" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"required" "proof_kind" NOT NULL,
	"pin" text,
	"pin_confirmed" boolean DEFAULT false NOT NULL,
	"photo_id" integer,
	"signature_id" integer,
	"photo_pending" boolean DEFAULT false NOT NULL,
	"photo_due_at" timestamp with time zone,
	"photo_added_at" timestamp with time zone,
	"images_pruned" boolean DEFAULT false NOT NULL,
	"driver_id" integer,
	"lat" double precision,
	"lng" double precision,
	"recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_proofs_pin_check" CHECK ("order_proofs"."pin" is null or "order_proofs"."pin" ~ '^[0-9]{4}$'),
	CONSTRAINT "order_proofs_pin_required" CHECK ("order_proofs"."required" <> 'pin' or "order_proofs"."pin" is not null),
	CONSTRAINT "order_proofs_pending_due" CHECK (not "order_proofs"."photo_pending" or "order_proofs"."photo_due_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "proof_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_kind" "proof_kind" DEFAULT 'none' NOT NULL,
	"value_threshold" integer,
	"value_kind" "proof_kind" DEFAULT 'pin' NOT NULL,
	"photo_grace_minutes" integer DEFAULT 15 NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_settings_one_row" CHECK ("proof_settings"."id" = 1),
	CONSTRAINT "proof_settings_threshold_check" CHECK ("proof_settings"."value_threshold" is null or "proof_settings"."value_threshold" >= 0),
	CONSTRAINT "proof_settings_grace_check" CHECK ("proof_settings"."photo_grace_minutes" between 1 and 240),
	CONSTRAINT "proof_settings_retention_check" CHECK ("proof_settings"."retention_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "restaurant_proof_kinds" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"kind" "proof_kind" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "leave_at_door" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_photo_id_uploads_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_signature_id_uploads_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_proof_kinds" ADD CONSTRAINT "restaurant_proof_kinds_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_private_created_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."private";