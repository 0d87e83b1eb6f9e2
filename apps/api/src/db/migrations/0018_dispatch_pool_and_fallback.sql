ALTER TABLE "dispatch_settings" ADD COLUMN "driver_pool" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD COLUMN "fallback_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD COLUMN "pay_aware" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD COLUMN "pay_per_delivery" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD COLUMN "pay_hourly_minimum" integer DEFAULT 800 NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "planned_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_fallback_check" CHECK ("dispatch_settings"."fallback_minutes" between 1 and 60);--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_pay_check" CHECK ("dispatch_settings"."pay_per_delivery" >= 0 and "dispatch_settings"."pay_hourly_minimum" >= 0);