ALTER TABLE "end_shift_requests" ALTER COLUMN "shift_total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stats_all_daily" ALTER COLUMN "earnings" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stats_all_daily" ALTER COLUMN "revenue" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stats_categories_daily" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stats_orders_daily" ALTER COLUMN "earnings" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stats_orders_daily" ALTER COLUMN "revenue" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stats_products_daily" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "restaurant_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "commission" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "restaurant_total_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "meals_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "net_amount" SET DATA TYPE bigint;