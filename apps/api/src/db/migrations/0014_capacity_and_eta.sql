CREATE TABLE "restaurant_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restaurant_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	CONSTRAINT "restaurant_hours_weekday_check" CHECK ("restaurant_hours"."weekday" between 1 and 7),
	CONSTRAINT "restaurant_hours_range_check" CHECK ("restaurant_hours"."opens" <> "restaurant_hours"."closes")
);
--> statement-breakpoint
CREATE TABLE "restaurant_hours_exceptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restaurant_hours_exceptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"date" date NOT NULL,
	"opens" time,
	"closes" time,
	"note" text,
	CONSTRAINT "restaurant_hours_exceptions_times_check" CHECK (("restaurant_hours_exceptions"."opens" is null) = ("restaurant_hours_exceptions"."closes" is null)),
	CONSTRAINT "restaurant_hours_exceptions_range_check" CHECK ("restaurant_hours_exceptions"."opens" is null or "restaurant_hours_exceptions"."opens" <> "restaurant_hours_exceptions"."closes")
);
--> statement-breakpoint
CREATE TABLE "order_eta_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_eta_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"promised_at" timestamp with time zone,
	"predicted_pickup_at" timestamp with time zone,
	"predicted_delivery_at" timestamp with time zone,
	"risk_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prep_time_model" (
	"restaurant_id" integer NOT NULL,
	"hour_of_week" smallint NOT NULL,
	"minutes" double precision NOT NULL,
	"samples" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prep_time_model_restaurant_id_hour_of_week_pk" PRIMARY KEY("restaurant_id","hour_of_week"),
	CONSTRAINT "prep_time_model_hour_check" CHECK ("prep_time_model"."hour_of_week" between -1 and 167)
);
--> statement-breakpoint
CREATE TABLE "travel_time_model" (
	"vehicle_type" text PRIMARY KEY NOT NULL,
	"detour_factor" double precision NOT NULL,
	"speed_kmh" double precision NOT NULL,
	"handover_minutes" double precision NOT NULL,
	"samples" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "predicted_pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "predicted_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "risk_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "snoozed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "busy_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurant_hours" ADD CONSTRAINT "restaurant_hours_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_hours_exceptions" ADD CONSTRAINT "restaurant_hours_exceptions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_eta_history" ADD CONSTRAINT "order_eta_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_time_model" ADD CONSTRAINT "prep_time_model_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_hours_restaurant_idx" ON "restaurant_hours" USING btree ("restaurant_id","weekday","opens");--> statement-breakpoint
CREATE INDEX "restaurant_hours_exceptions_restaurant_idx" ON "restaurant_hours_exceptions" USING btree ("restaurant_id","date");--> statement-breakpoint
CREATE INDEX "order_eta_history_order_idx" ON "order_eta_history" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_snooze_check" CHECK ("products"."snoozed" or "products"."snoozed_until" is null);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_busy_minutes_check" CHECK ("restaurants"."busy_minutes" between 0 and 120);