ALTER TABLE "email_preferences" ADD COLUMN "push_welcome_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "push_stamp_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "push_reward_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "push_daily_chaska" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "push_hourly_chaska" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "push_vendor_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "push_marketing_emails" boolean DEFAULT false NOT NULL;