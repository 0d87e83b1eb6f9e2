CREATE TABLE "customer_contacts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"push_token" text,
	"opted_out" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'bs' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"event" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"channel" text,
	"skip_reason" text,
	"language" text DEFAULT 'bs' NOT NULL,
	"text" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_status" integer,
	"provider_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"late_minutes" integer NOT NULL,
	"per_order_cap" integer NOT NULL,
	"arriving_meters" integer NOT NULL,
	"link_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_one_row" CHECK ("notification_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"event" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_event_language_pk" PRIMARY KEY("event","language")
);
--> statement-breakpoint
CREATE TABLE "tracking_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracking_ratings" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"driver_id" integer,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_ratings_rating_check" CHECK ("tracking_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notifications" ADD CONSTRAINT "customer_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_ratings" ADD CONSTRAINT "tracking_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notifications_once" ON "customer_notifications" USING btree ("order_id","event");--> statement-breakpoint
CREATE INDEX "customer_notifications_pending_idx" ON "customer_notifications" USING btree ("order_id") WHERE "customer_notifications"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_token_unique" ON "tracking_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_live_unique" ON "tracking_links" USING btree ("order_id") WHERE "tracking_links"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "tracking_links_order_idx" ON "tracking_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tracking_ratings_restaurant_idx" ON "tracking_ratings" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_ratings_driver_idx" ON "tracking_ratings" USING btree ("driver_id","created_at");