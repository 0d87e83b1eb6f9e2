CREATE TYPE "public"."app_type" AS ENUM('restaurant', 'driver', 'customer', 'backend');--> statement-breakpoint
CREATE TYPE "public"."priority" AS ENUM('low', 'medium', 'high', 'extreme');--> statement-breakpoint
CREATE TABLE "app_version_reports" (
	"app_type" "app_type" NOT NULL,
	"version" text NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_version_reports_app_type_version_pk" PRIMARY KEY("app_type","version")
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_type" "app_type" NOT NULL,
	"version" text NOT NULL,
	"major" integer NOT NULL,
	"minor" integer NOT NULL,
	"patch" integer NOT NULL,
	"priority" "priority" NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_orders_daily" (
	"day" date NOT NULL,
	"restaurant_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"earnings" integer DEFAULT 0 NOT NULL,
	"revenue" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_orders_daily_day_restaurant_id_pk" PRIMARY KEY("day","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "stats_orders_hourly" (
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"restaurant_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_orders_hourly_day_hour_restaurant_id_pk" PRIMARY KEY("day","hour","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "stats_products_daily" (
	"day" date NOT NULL,
	"restaurant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_products_daily_day_restaurant_id_product_id_pk" PRIMARY KEY("day","restaurant_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_unique" ON "app_versions" USING btree ("app_type","version");