CREATE TABLE "stats_all_week_hours_yearly" (
	"year" date NOT NULL,
	"weekday" smallint NOT NULL,
	"hour" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_all_week_hours_yearly_year_weekday_hour_pk" PRIMARY KEY("year","weekday","hour")
);
--> statement-breakpoint
CREATE TABLE "stats_categories_yearly" (
	"year" date NOT NULL,
	"category_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_categories_yearly_year_category_id_pk" PRIMARY KEY("year","category_id")
);
--> statement-breakpoint
CREATE TABLE "stats_products_yearly" (
	"year" date NOT NULL,
	"restaurant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_products_yearly_year_restaurant_id_product_id_pk" PRIMARY KEY("year","restaurant_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "stats_products_yearly_top" ON "stats_products_yearly" USING btree ("year","quantity" DESC NULLS LAST,"product_id");--> statement-breakpoint
-- Backfill from the daily rollups (rollups.ts rebuildYearly does the same).
INSERT INTO "stats_products_yearly" ("year", "restaurant_id", "product_id", "category_id", "quantity", "amount")
SELECT date_trunc('year', "day")::date, "restaurant_id", "product_id", min("category_id"), sum("quantity")::int, sum("amount")::bigint
FROM "stats_products_daily" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "stats_categories_yearly" ("year", "category_id", "quantity", "amount")
SELECT date_trunc('year', "day")::date, "category_id", sum("quantity")::int, sum("amount")::bigint
FROM "stats_categories_daily" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "stats_all_week_hours_yearly" ("year", "weekday", "hour", "orders")
SELECT date_trunc('year', "day")::date, extract(isodow from "day")::int, "hour", sum("orders")::int
FROM "stats_all_hourly" GROUP BY 1, 2, 3;
