CREATE TYPE "public"."payout_request_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "restaurant_payout_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restaurant_payout_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"iban" text NOT NULL,
	"previous_iban" text,
	"status" "payout_request_status" DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "restaurant_payout_requests" ADD CONSTRAINT "restaurant_payout_requests_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_payout_requests" ADD CONSTRAINT "restaurant_payout_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_payout_requests" ADD CONSTRAINT "restaurant_payout_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_payout_requests_restaurant_idx" ON "restaurant_payout_requests" USING btree ("restaurant_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_payout_requests_pending_unique" ON "restaurant_payout_requests" USING btree ("restaurant_id") WHERE "restaurant_payout_requests"."status" = 'pending';