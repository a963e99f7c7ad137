ALTER TABLE "text_messages" DROP CONSTRAINT "text_messages_kind_check";--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "whatsapp_welcome_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "whatsapp_stamp_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "whatsapp_reward_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "whatsapp_daily_chaska" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "whatsapp_hourly_chaska" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "whatsapp_vendor_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "whatsapp_marketing_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "sms_welcome_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "sms_stamp_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "sms_reward_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "sms_daily_chaska" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "sms_hourly_chaska" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "sms_vendor_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "sms_marketing_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "text_messages" ADD COLUMN "parts" integer;--> statement-breakpoint
ALTER TABLE "text_messages" ADD COLUMN "cost_paisa" integer;--> statement-breakpoint
ALTER TABLE "text_messages" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "text_messages" ADD COLUMN "vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "text_messages" ADD COLUMN "notice_key" text;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_messages_vendor_idx" ON "text_messages" USING btree ("vendor_id","created_at") WHERE "text_messages"."vendor_id" is not null;--> statement-breakpoint
CREATE INDEX "text_messages_notice_idx" ON "text_messages" USING btree ("user_id","vendor_id","created_at") WHERE "text_messages"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_kind_check" CHECK ("text_messages"."kind" in ('sign_in_code', 'add_phone_code', 'close_account_code', 'receipt', 'stamp', 'reward', 'reward_expiry', 'vendor_message'));