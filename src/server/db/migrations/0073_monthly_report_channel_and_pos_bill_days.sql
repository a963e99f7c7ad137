CREATE TABLE "vendor_pos_bill_days" (
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total_bills" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_pos_bill_days_pk" PRIMARY KEY("vendor_id","day"),
	CONSTRAINT "vendor_pos_bill_days_total_check" CHECK ("vendor_pos_bill_days"."total_bills" >= 0)
);
--> statement-breakpoint
ALTER TABLE "text_messages" DROP CONSTRAINT "text_messages_kind_check";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "monthly_report_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_pos_bill_days" ADD CONSTRAINT "vendor_pos_bill_days_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_monthly_report_channel_check" CHECK ("vendors"."monthly_report_channel" in ('email', 'whatsapp', 'off'));--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_kind_check" CHECK ("text_messages"."kind" in ('sign_in_code', 'add_phone_code', 'close_account_code', 'receipt', 'stamp', 'reward', 'reward_expiry', 'tier_downgrade', 'vendor_message', 'daily_chaska', 'hourly_chaska', 'stop_confirmation', 'monthly_report'));