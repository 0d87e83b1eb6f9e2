CREATE TABLE "stats_zones_daily" (
	"day" date NOT NULL,
	"zone_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"delivery_fees" bigint DEFAULT 0 NOT NULL,
	"promised" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_zones_daily_day_zone_id_pk" PRIMARY KEY("day","zone_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "zone_id" integer;--> statement-breakpoint
CREATE INDEX "orders_zone_created_idx" ON "orders" USING btree ("zone_id","created_at","id");--> statement-breakpoint
CREATE INDEX "delivery_quotes_unused_expiry_idx" ON "delivery_quotes" USING btree ("expires_at") WHERE "delivery_quotes"."order_id" is null;--> statement-breakpoint
-- Hand-written: every order priced since 0023 has its quote; its zone is the quote's.
UPDATE "orders" o SET "zone_id" = q."zone_id" FROM "delivery_quotes" q WHERE q."order_id" = o."id" AND q."zone_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written: the zones' days from the orders, in the default operation time zone (rebuildRollups
-- recomputes them in the configured one).
INSERT INTO "stats_zones_daily" ("day", "zone_id", "orders", "delivered", "delivery_fees", "promised", "on_time")
SELECT ("created_at" AT TIME ZONE 'Europe/Sarajevo')::date, coalesce("zone_id", 0), count(*)::int,
  (count(*) FILTER (WHERE "status" = 'delivered'))::int,
  coalesce(sum("delivery_costs") FILTER (WHERE "status" = 'delivered'), 0)::bigint,
  (count(*) FILTER (WHERE "status" = 'delivered' AND "promised_at" IS NOT NULL))::int,
  (count(*) FILTER (WHERE "status" = 'delivered' AND "delivered_at" <= "promised_at"))::int
FROM "orders" GROUP BY 1, 2;
