CREATE TABLE "dispatch_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'manual' NOT NULL,
	"offer_seconds" integer DEFAULT 45 NOT NULL,
	"batching" boolean DEFAULT true NOT NULL,
	"batch_pickup_km" double precision DEFAULT 0.5 NOT NULL,
	"batch_dropoff_km" double precision DEFAULT 2 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "dispatch_settings_one_row" CHECK ("dispatch_settings"."id" = 1),
	CONSTRAINT "dispatch_settings_mode_check" CHECK ("dispatch_settings"."mode" in ('manual', 'suggest', 'automatic'))
);
--> statement-breakpoint
CREATE TABLE "order_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "order_offers_status_check" CHECK ("order_offers"."status" in ('pending', 'accepted', 'declined', 'expired', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_problem" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "dispatch_mode" text;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_offers" ADD CONSTRAINT "order_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_offers" ADD CONSTRAINT "order_offers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_offers_once_idx" ON "order_offers" USING btree ("order_id","driver_id") WHERE "order_offers"."status" <> 'withdrawn';--> statement-breakpoint
CREATE UNIQUE INDEX "order_offers_pending_idx" ON "order_offers" USING btree ("order_id") WHERE "order_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "order_offers_driver_pending_idx" ON "order_offers" USING btree ("driver_id") WHERE "order_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_dispatch_problem_idx" ON "orders" USING btree ("id") WHERE "orders"."dispatch_problem" is not null;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_dispatch_mode_check" CHECK ("restaurants"."dispatch_mode" is null or "restaurants"."dispatch_mode" in ('manual', 'suggest', 'automatic'));--> statement-breakpoint
INSERT INTO "dispatch_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
