CREATE TABLE "stats_all_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"earnings" integer DEFAULT 0 NOT NULL,
	"revenue" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_all_hourly" (
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_all_hourly_day_hour_pk" PRIMARY KEY("day","hour")
);
--> statement-breakpoint
CREATE TABLE "stats_categories_daily" (
	"day" date NOT NULL,
	"category_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_categories_daily_day_category_id_pk" PRIMARY KEY("day","category_id")
);
--> statement-breakpoint
INSERT INTO "stats_all_daily" ("day", "orders", "delivered", "earnings", "revenue") SELECT "day", sum("orders")::int, sum("delivered")::int, sum("earnings")::int, sum("revenue")::int FROM "stats_orders_daily" GROUP BY "day";--> statement-breakpoint
INSERT INTO "stats_all_hourly" ("day", "hour", "orders") SELECT "day", "hour", sum("orders")::int FROM "stats_orders_hourly" GROUP BY "day", "hour";--> statement-breakpoint
INSERT INTO "stats_categories_daily" ("day", "category_id", "quantity", "amount") SELECT "day", "category_id", sum("quantity")::int, sum("amount")::int FROM "stats_products_daily" GROUP BY "day", "category_id";
