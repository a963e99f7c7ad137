ALTER TABLE "automation_sends" DROP CONSTRAINT "automation_sends_message_check";--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_status_check";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "average_spend_rupees" integer;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD COLUMN "hold_out_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_automations" ADD COLUMN "hold_out_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "hold_out_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "automation_sends_hold_out_idx" ON "automation_sends" USING btree ("vendor_id","kind","sent_at") WHERE "automation_sends"."hold_out_percent" > 0;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_average_spend_check" CHECK ("vendors"."average_spend_rupees" is null or "vendors"."average_spend_rupees" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_message_check" CHECK ("automation_sends"."message_outcome" in ('queued', 'skipped', 'failed', 'held_out'));--> statement-breakpoint
ALTER TABLE "vendor_automations" ADD CONSTRAINT "vendor_automations_hold_out_check" CHECK ("vendor_automations"."hold_out_percent" between 0 and 50);--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_status_check" CHECK ("campaign_recipients"."status" in ('pending', 'sent', 'skipped_preferences', 'skipped_daily', 'held_out'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_hold_out_check" CHECK ("campaigns"."hold_out_percent" between 0 and 50);