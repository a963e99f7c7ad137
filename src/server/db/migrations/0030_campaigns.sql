CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"batch" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"day_key" text,
	"email_message_id" uuid,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_user_unique" UNIQUE("campaign_id","user_id"),
	CONSTRAINT "campaign_recipients_status_check" CHECK ("campaign_recipients"."status" in ('pending', 'sent', 'skipped_preferences', 'skipped_daily'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"created_by" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"segment" text NOT NULL,
	"lapsed_days" integer,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('scheduled', 'sending', 'sent', 'cancelled')),
	CONSTRAINT "campaigns_segment_check" CHECK ("campaigns"."segment" in ('all', 'close_to_reward', 'lapsed', 'unredeemed_reward', 'joined_this_month'))
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_email_message_id_email_messages_id_fk" FOREIGN KEY ("email_message_id") REFERENCES "public"."email_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_batch_idx" ON "campaign_recipients" USING btree ("campaign_id","batch","status");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_one_a_day_idx" ON "campaign_recipients" USING btree ("vendor_id","user_id","day_key") WHERE "campaign_recipients"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "campaigns_vendor_send_idx" ON "campaigns" USING btree ("vendor_id","send_at");