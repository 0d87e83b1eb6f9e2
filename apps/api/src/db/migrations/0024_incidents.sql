CREATE TYPE "public"."cash_return" AS ENUM('at_door', 'later');--> statement-breakpoint
CREATE TYPE "public"."incident_resolution" AS ENUM('refund', 'redeliver', 'no_action');--> statement-breakpoint
CREATE TYPE "public"."incident_status" AS ENUM('open', 'in_progress', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."incident_type" AS ENUM('missing_item', 'wrong_item', 'damaged', 'late', 'cold', 'customer_not_reachable', 'wrong_address', 'accident', 'other');--> statement-breakpoint
CREATE TYPE "public"."liable_party" AS ENUM('restaurant', 'operation', 'driver', 'shared');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending_approval', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "incident_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"refund_approval_threshold" integer DEFAULT 3000 NOT NULL,
	"driver_deductions_allowed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_settings_one_row" CHECK ("incident_settings"."id" = 1),
	CONSTRAINT "incident_settings_threshold_check" CHECK ("incident_settings"."refund_approval_threshold" >= 0)
);
--> statement-breakpoint
INSERT INTO "incident_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incidents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"driver_id" integer,
	"type" "incident_type" NOT NULL,
	"status" "incident_status" DEFAULT 'open' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"comment" text,
	"reporter_id" integer,
	"reporter_role" text,
	"resolution" "incident_resolution",
	"reason" text,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incidents_closed_check" CHECK (("incidents"."status" in ('resolved', 'dismissed')) = ("incidents"."closed_at" is not null and "incidents"."reason" is not null)),
	CONSTRAINT "incidents_resolution_check" CHECK (("incidents"."status" = 'resolved') = ("incidents"."resolution" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_item_refunds" (
	"order_item_id" bigint PRIMARY KEY NOT NULL,
	"ordered" integer NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_item_refunds_cap" CHECK ("order_item_refunds"."refunded" >= 0 and "order_item_refunds"."refunded" <= "order_item_refunds"."ordered")
);
--> statement-breakpoint
CREATE TABLE "order_refund_totals" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"paid" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"delivery_paid" bigint NOT NULL,
	"delivery_refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_refund_totals_cap" CHECK ("order_refund_totals"."refunded" >= 0 and "order_refund_totals"."refunded" <= "order_refund_totals"."paid"),
	CONSTRAINT "order_refund_totals_delivery_cap" CHECK ("order_refund_totals"."delivery_refunded" >= 0 and "order_refund_totals"."delivery_refunded" <= "order_refund_totals"."delivery_paid")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"incident_id" integer,
	"status" "refund_status" NOT NULL,
	"amount" integer NOT NULL,
	"items_amount" integer NOT NULL,
	"delivery_amount" integer NOT NULL,
	"fixed_amount" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"liable" "liable_party" NOT NULL,
	"restaurant_share" integer NOT NULL,
	"operation_share" integer NOT NULL,
	"driver_share" integer NOT NULL,
	"driver_id" integer,
	"payment_method" "payment_method" NOT NULL,
	"payment_reference" text,
	"cash_return" "cash_return",
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"requested_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"rejected_reason" text,
	"settlement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amounts_check" CHECK ("refunds"."amount" > 0 and "refunds"."items_amount" >= 0 and "refunds"."delivery_amount" >= 0 and "refunds"."fixed_amount" >= 0
        and "refunds"."amount" = "refunds"."items_amount" + "refunds"."delivery_amount" + "refunds"."fixed_amount"),
	CONSTRAINT "refunds_split_check" CHECK ("refunds"."restaurant_share" >= 0 and "refunds"."operation_share" >= 0 and "refunds"."driver_share" >= 0
        and "refunds"."restaurant_share" + "refunds"."operation_share" + "refunds"."driver_share" = "refunds"."amount"),
	CONSTRAINT "refunds_approved_check" CHECK (("refunds"."status" = 'approved') = ("refunds"."approved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "refunds_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_refunds" ADD CONSTRAINT "order_item_refunds_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_totals" ADD CONSTRAINT "order_refund_totals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_created_idx" ON "incidents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_status_created_idx" ON "incidents" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_restaurant_created_idx" ON "incidents" USING btree ("restaurant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_driver_created_idx" ON "incidents" USING btree ("driver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_order_idx" ON "incidents" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_unique" ON "refunds" USING btree ("requested_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_unsettled_idx" ON "refunds" USING btree ("restaurant_id","order_id") WHERE "refunds"."status" = 'approved' and "refunds"."settlement_id" is null;--> statement-breakpoint
CREATE INDEX "refunds_settlement_idx" ON "refunds" USING btree ("settlement_id");