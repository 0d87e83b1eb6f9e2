CREATE TYPE "public"."meal_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
ALTER TABLE "driver_meals" ADD COLUMN "status" "meal_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_meals" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "driver_meals" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "driver_meals" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_meals" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "driver_meals" ADD CONSTRAINT "driver_meals_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_meals" ADD CONSTRAINT "driver_meals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_meals_shift_unique" ON "driver_meals" USING btree ("shift_id") WHERE "driver_meals"."status" <> 'rejected';