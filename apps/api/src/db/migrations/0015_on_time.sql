CREATE TABLE "stats_on_time_monthly" (
	"month" date NOT NULL,
	"restaurant_id" integer NOT NULL,
	"promised" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_on_time_monthly_month_restaurant_id_pk" PRIMARY KEY("month","restaurant_id")
);
--> statement-breakpoint
ALTER TABLE "stats_orders_daily" ADD COLUMN "promised" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_orders_daily" ADD COLUMN "on_time" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_orders_daily" ADD COLUMN "late_kitchen_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_orders_daily" ADD COLUMN "late_driver_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_orders_daily" ADD COLUMN "late_road_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_all_daily" ADD COLUMN "promised" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_all_daily" ADD COLUMN "on_time" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_all_daily" ADD COLUMN "late_kitchen_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_all_daily" ADD COLUMN "late_driver_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_all_daily" ADD COLUMN "late_road_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The delivered orders' on-time figures, as modules/dashboard/rollups.ts (deliveredFacts) computes them,
-- by the local day of the order's creation in Europe/Sarajevo (TZ_OPERATION's default; an operation in
-- another zone rebuilds its rollups, decision 0023). Stage shares of the promise: 30 : 10 : 30.
UPDATE "stats_orders_daily" s SET
	"promised" = f.promised, "on_time" = f.on_time, "late_kitchen_seconds" = f.late_kitchen_seconds,
	"late_driver_seconds" = f.late_driver_seconds, "late_road_seconds" = f.late_road_seconds
FROM (
	SELECT (o.created_at AT TIME ZONE 'Europe/Sarajevo')::date AS day, o.restaurant_id,
		count(*)::int AS promised,
		(count(*) FILTER (WHERE o.delivered_at <= o.promised_at))::int AS on_time,
		sum(coalesce(round(s.late * v.kitchen / nullif(v.kitchen + v.driver + v.road, 0)), 0))::bigint AS late_kitchen_seconds,
		sum(coalesce(round(s.late * v.driver / nullif(v.kitchen + v.driver + v.road, 0)), 0))::bigint AS late_driver_seconds,
		sum(coalesce(round(s.late * v.road / nullif(v.kitchen + v.driver + v.road, 0)), 0))::bigint AS late_road_seconds
	FROM orders o
	LEFT JOIN (SELECT h.order_id, min(h.created_at) AS at FROM order_status_history h
		WHERE h.to_status = 'ready_for_pickup' GROUP BY h.order_id) h ON h.order_id = o.id
	CROSS JOIN LATERAL (SELECT least(greatest(coalesce(h.at, o.picked_up_at, o.delivered_at), o.created_at), o.delivered_at) AS ready) r
	CROSS JOIN LATERAL (SELECT least(greatest(coalesce(o.picked_up_at, r.ready), r.ready), o.delivered_at) AS picked) u
	CROSS JOIN LATERAL (SELECT
		extract(epoch FROM r.ready - o.created_at)::float8 AS kitchen,
		extract(epoch FROM u.picked - r.ready)::float8 AS driver,
		extract(epoch FROM o.delivered_at - u.picked)::float8 AS road,
		greatest(extract(epoch FROM o.promised_at - o.created_at)::float8, 0) AS promise,
		greatest(extract(epoch FROM o.delivered_at - o.promised_at)::float8, 0) AS late) s
	CROSS JOIN LATERAL (SELECT
		greatest(s.kitchen - s.promise * (30.0 / 70), 0) AS kitchen,
		greatest(s.driver - s.promise * (10.0 / 70), 0) AS driver,
		greatest(s.road - s.promise * (30.0 / 70), 0) AS road) v
	WHERE o.status = 'delivered' AND o.promised_at IS NOT NULL
	GROUP BY 1, 2
) f
WHERE s.day = f.day AND s.restaurant_id = f.restaurant_id;--> statement-breakpoint
UPDATE "stats_all_daily" a SET
	"promised" = f.promised, "on_time" = f.on_time, "late_kitchen_seconds" = f.late_kitchen_seconds,
	"late_driver_seconds" = f.late_driver_seconds, "late_road_seconds" = f.late_road_seconds
FROM (
	SELECT day, sum(promised)::int AS promised, sum(on_time)::int AS on_time,
		sum(late_kitchen_seconds)::bigint AS late_kitchen_seconds, sum(late_driver_seconds)::bigint AS late_driver_seconds,
		sum(late_road_seconds)::bigint AS late_road_seconds
	FROM "stats_orders_daily" WHERE promised > 0 GROUP BY day
) f
WHERE a.day = f.day;--> statement-breakpoint
INSERT INTO "stats_on_time_monthly" ("month", "restaurant_id", "promised", "on_time")
SELECT date_trunc('month', day)::date, restaurant_id, sum(promised)::int, sum(on_time)::int
FROM "stats_orders_daily" WHERE promised > 0 GROUP BY 1, 2;
