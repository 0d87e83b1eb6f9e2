CREATE TYPE "public"."fee_scope" AS ENUM('global', 'zone', 'restaurant');--> statement-breakpoint
CREATE TYPE "public"."zone_kind" AS ENUM('service_area', 'fee_zone', 'exclusion');--> statement-breakpoint
CREATE TABLE "delivery_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer,
	"restaurant_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"zone_id" integer,
	"zone_name" text,
	"zone_kind" "zone_kind",
	"road_m" integer NOT NULL,
	"items_amount" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"total" integer NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" "fee_scope" NOT NULL,
	"zone_id" integer,
	"restaurant_id" integer,
	"base_fee" integer,
	"distance_bands" jsonb,
	"min_order" integer,
	"small_basket_below" integer,
	"small_basket_fee" integer,
	"free_above" integer,
	"peak_windows" jsonb,
	"rush_active" boolean,
	"rush_fee" integer,
	"cap" integer,
	"rounding" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_rules_target_check" CHECK (("fee_rules"."scope" = 'global' and "fee_rules"."zone_id" is null and "fee_rules"."restaurant_id" is null)
        or ("fee_rules"."scope" = 'zone' and "fee_rules"."zone_id" is not null and "fee_rules"."restaurant_id" is null)
        or ("fee_rules"."scope" = 'restaurant' and "fee_rules"."restaurant_id" is not null and "fee_rules"."zone_id" is null))
);
--> statement-breakpoint
CREATE TABLE "restaurant_delivery_areas" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"zone_id" integer,
	"radius_m" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" "zone_kind" NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"geometry" jsonb NOT NULL,
	"area_m2" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_delivery_areas" ADD CONSTRAINT "restaurant_delivery_areas_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_delivery_areas" ADD CONSTRAINT "restaurant_delivery_areas_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_quotes_order_unique" ON "delivery_quotes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_quotes_zone_idx" ON "delivery_quotes" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rules_global_unique" ON "fee_rules" USING btree ("scope") WHERE "fee_rules"."scope" = 'global';--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rules_zone_unique" ON "fee_rules" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rules_restaurant_unique" ON "fee_rules" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "restaurant_delivery_areas_zone_idx" ON "restaurant_delivery_areas" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "zones_kind_idx" ON "zones" USING btree ("kind","priority");