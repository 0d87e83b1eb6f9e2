CREATE TYPE "public"."end_shift_status" AS ENUM('pending', 'collected', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."settlement_status" AS ENUM('pending', 'approved');--> statement-breakpoint
CREATE SEQUENCE "public"."end_shift_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "driver_meals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "driver_meals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"driver_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount" integer NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_meals_amount_check" CHECK ("driver_meals"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "end_shift_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_shift_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text DEFAULT 'BL-' || nextval('end_shift_number_seq') NOT NULL,
	"driver_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"shift_total" integer NOT NULL,
	"orders_count" integer NOT NULL,
	"declared_amount" integer NOT NULL,
	"status" "end_shift_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_shift_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"orders_count" integer NOT NULL,
	"restaurant_amount" integer NOT NULL,
	"commission" integer NOT NULL,
	"restaurant_total_amount" integer NOT NULL,
	"meals_amount" integer NOT NULL,
	"net_amount" integer NOT NULL,
	"status" "settlement_status" DEFAULT 'pending' NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"payment_orders_created_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_period_check" CHECK ("settlements"."period_to" >= "settlements"."period_from")
);
--> statement-breakpoint
ALTER TABLE "driver_meals" ADD CONSTRAINT "driver_meals_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_meals" ADD CONSTRAINT "driver_meals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_meals" ADD CONSTRAINT "driver_meals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_shift_requests" ADD CONSTRAINT "end_shift_requests_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_shift_requests" ADD CONSTRAINT "end_shift_requests_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_shift_requests" ADD CONSTRAINT "end_shift_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_meals_restaurant_date_idx" ON "driver_meals" USING btree ("restaurant_id","date");--> statement-breakpoint
CREATE INDEX "driver_meals_driver_date_idx" ON "driver_meals" USING btree ("driver_id","date");--> statement-breakpoint
CREATE INDEX "end_shift_requests_created_idx" ON "end_shift_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "end_shift_requests_driver_idx" ON "end_shift_requests" USING btree ("driver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "end_shift_requests_pending_unique" ON "end_shift_requests" USING btree ("shift_id") WHERE "end_shift_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "settlements_restaurant_idx" ON "settlements" USING btree ("restaurant_id","period_from");