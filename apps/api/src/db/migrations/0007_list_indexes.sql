CREATE TABLE "stats_orders_status" (
	"restaurant_id" integer NOT NULL,
	"status" "order_status" NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_orders_status_restaurant_id_status_pk" PRIMARY KEY("restaurant_id","status")
);
--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_restaurant_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_active_idx";--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_restaurant_created_idx" ON "orders" USING btree ("restaurant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_active_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" not in ('delivered', 'cancelled', 'declined', 'returned');--> statement-breakpoint
INSERT INTO "stats_orders_status" ("restaurant_id", "status", "orders") SELECT "restaurant_id", "status", count(*)::int FROM "orders" GROUP BY 1, 2;
