CREATE TYPE "public"."shift_state" AS ENUM('off_shift', 'available', 'delivering', 'on_break');--> statement-breakpoint
CREATE TYPE "public"."vehicle_type" AS ENUM('bike', 'car', 'scooter');--> statement-breakpoint
CREATE TABLE "drivers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"shift_state" "shift_state" DEFAULT 'off_shift' NOT NULL,
	"fcm_token" text,
	"fcm_token_active" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"last_location_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plate_number" text NOT NULL,
	"plate_normalized" text NOT NULL,
	"type" "vehicle_type" NOT NULL,
	"driver_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_shift_state_idx" ON "drivers" USING btree ("shift_state");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_unique" ON "vehicles" USING btree ("plate_normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_driver_unique" ON "vehicles" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "vehicles_type_idx" ON "vehicles" USING btree ("type");