CREATE TABLE "automation_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unique_key" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"message_outcome" text NOT NULL,
	"bonus_outcome" text DEFAULT 'none' NOT NULL,
	"bonus_stamp_id" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_sends_unique_key_unique" UNIQUE("unique_key"),
	CONSTRAINT "automation_sends_kind_check" CHECK ("automation_sends"."kind" in ('welcome', 'birthday', 'win_back', 'one_to_go')),
	CONSTRAINT "automation_sends_message_check" CHECK ("automation_sends"."message_outcome" in ('queued', 'skipped', 'failed')),
	CONSTRAINT "automation_sends_bonus_check" CHECK ("automation_sends"."bonus_outcome" in ('none', 'given', 'refused_plan_limit', 'refused_card'))
);
--> statement-breakpoint
CREATE TABLE "vendor_automations" (
	"vendor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"bonus_stamp" boolean DEFAULT false NOT NULL,
	"win_back_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_automations_vendor_id_kind_pk" PRIMARY KEY("vendor_id","kind"),
	CONSTRAINT "vendor_automations_kind_check" CHECK ("vendor_automations"."kind" in ('welcome', 'birthday', 'win_back', 'one_to_go'))
);
--> statement-breakpoint
ALTER TABLE "stamps" DROP CONSTRAINT "stamps_kind_check";--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_bonus_stamp_id_stamps_id_fk" FOREIGN KEY ("bonus_stamp_id") REFERENCES "public"."stamps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_automations" ADD CONSTRAINT "vendor_automations_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_sends_vendor_idx" ON "automation_sends" USING btree ("vendor_id","sent_at");--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_kind_check" CHECK ("stamps"."kind" in ('visit', 'referral_bonus', 'automation_bonus'));