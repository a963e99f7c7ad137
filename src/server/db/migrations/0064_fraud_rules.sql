CREATE TABLE "fraud_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_user_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"reversed_stamps" integer,
	"rewards_withdrawn" integer,
	"redeemed_kept" integer,
	CONSTRAINT "fraud_alerts_window_key" UNIQUE("vendor_id","kind","subject_user_id","window_start"),
	CONSTRAINT "fraud_alerts_kind_check" CHECK ("fraud_alerts"."kind" in ('customer_day', 'staff_hour')),
	CONSTRAINT "fraud_alerts_status_check" CHECK ("fraud_alerts"."status" in ('open', 'dismissed', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "stamp_reversals" (
	"stamp_id" uuid PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_card_id" uuid NOT NULL,
	"alert_id" uuid,
	"reversed_by" text,
	"reversed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_status_check";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "large_order_pin_hash" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "pin_above_quantity" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "daily_stamp_cap" smallint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "fraud_alerts" ADD CONSTRAINT "fraud_alerts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_alerts" ADD CONSTRAINT "fraud_alerts_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_alerts" ADD CONSTRAINT "fraud_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reversals" ADD CONSTRAINT "stamp_reversals_stamp_id_stamps_id_fk" FOREIGN KEY ("stamp_id") REFERENCES "public"."stamps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reversals" ADD CONSTRAINT "stamp_reversals_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reversals" ADD CONSTRAINT "stamp_reversals_user_card_id_user_cards_id_fk" FOREIGN KEY ("user_card_id") REFERENCES "public"."user_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reversals" ADD CONSTRAINT "stamp_reversals_alert_id_fraud_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."fraud_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_reversals" ADD CONSTRAINT "stamp_reversals_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fraud_alerts_vendor_created_idx" ON "fraud_alerts" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "fraud_alerts_subject_idx" ON "fraud_alerts" USING btree ("subject_user_id");--> statement-breakpoint
CREATE INDEX "fraud_alerts_resolved_by_idx" ON "fraud_alerts" USING btree ("resolved_by") WHERE "fraud_alerts"."resolved_by" is not null;--> statement-breakpoint
CREATE INDEX "stamp_reversals_user_card_idx" ON "stamp_reversals" USING btree ("user_card_id","reversed_at");--> statement-breakpoint
CREATE INDEX "stamp_reversals_vendor_idx" ON "stamp_reversals" USING btree ("vendor_id","reversed_at");--> statement-breakpoint
CREATE INDEX "stamp_reversals_alert_idx" ON "stamp_reversals" USING btree ("alert_id") WHERE "stamp_reversals"."alert_id" is not null;--> statement-breakpoint
CREATE INDEX "stamp_reversals_reversed_by_idx" ON "stamp_reversals" USING btree ("reversed_by") WHERE "stamp_reversals"."reversed_by" is not null;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_pin_above_quantity_check" CHECK ("vendors"."pin_above_quantity" between 1 and 10);--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_daily_stamp_cap_check" CHECK ("loyalty_cards"."daily_stamp_cap" between 1 and 100);--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_status_check" CHECK ("rewards"."status" in ('earned', 'redeemed', 'withdrawn'));