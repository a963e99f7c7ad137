CREATE TABLE "social_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"card_id" uuid,
	"slot" text NOT NULL,
	"caption" text NOT NULL,
	"image_url" text NOT NULL,
	"link" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"external_id" text,
	"scheduled_for" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_posts_slot_unique" UNIQUE("network","kind","card_id","slot"),
	CONSTRAINT "social_posts_network_check" CHECK ("social_posts"."network" in ('facebook', 'instagram')),
	CONSTRAINT "social_posts_kind_check" CHECK ("social_posts"."kind" in ('daily_chaska', 'hourly_deal')),
	CONSTRAINT "social_posts_status_check" CHECK ("social_posts"."status" in ('pending', 'posted', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "social_schedule" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"facebook" boolean DEFAULT true NOT NULL,
	"instagram" boolean DEFAULT true NOT NULL,
	"daily_post_time" text DEFAULT '10:00' NOT NULL,
	"post_hourly_deals" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "social_schedule_single_row" CHECK ("social_schedule"."id" = 1),
	CONSTRAINT "social_schedule_time_check" CHECK ("social_schedule"."daily_post_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_posts_scheduled_idx" ON "social_posts" USING btree ("scheduled_for");--> statement-breakpoint
CREATE INDEX "social_posts_status_idx" ON "social_posts" USING btree ("status","scheduled_for");--> statement-breakpoint
CREATE INDEX "social_posts_card_idx" ON "social_posts" USING btree ("card_id") WHERE "social_posts"."card_id" is not null;