CREATE TABLE "redeliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"incident_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"redelivery_order_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"liable" "liable_party" NOT NULL,
	"restaurant_share" integer NOT NULL,
	"operation_share" integer NOT NULL,
	"driver_share" integer NOT NULL,
	"driver_id" integer,
	"settlement_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeliveries_incident_id_unique" UNIQUE("incident_id"),
	CONSTRAINT "redeliveries_redelivery_order_id_unique" UNIQUE("redelivery_order_id"),
	CONSTRAINT "redeliveries_split_check" CHECK ("redeliveries"."amount" >= 0 and "redeliveries"."restaurant_share" >= 0 and "redeliveries"."operation_share" >= 0 and "redeliveries"."driver_share" >= 0
        and "redeliveries"."restaurant_share" + "redeliveries"."operation_share" + "redeliveries"."driver_share" = "redeliveries"."amount")
);
--> statement-breakpoint
ALTER TABLE "redeliveries" ADD CONSTRAINT "redeliveries_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeliveries" ADD CONSTRAINT "redeliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeliveries" ADD CONSTRAINT "redeliveries_redelivery_order_id_orders_id_fk" FOREIGN KEY ("redelivery_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeliveries" ADD CONSTRAINT "redeliveries_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeliveries" ADD CONSTRAINT "redeliveries_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeliveries" ADD CONSTRAINT "redeliveries_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeliveries" ADD CONSTRAINT "redeliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeliveries_order_idx" ON "redeliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "redeliveries_unsettled_idx" ON "redeliveries" USING btree ("restaurant_id","redelivery_order_id") WHERE "redeliveries"."settlement_id" is null;--> statement-breakpoint
CREATE INDEX "redeliveries_settlement_idx" ON "redeliveries" USING btree ("settlement_id");