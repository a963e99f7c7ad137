ALTER TABLE "loyalty_cards" DROP CONSTRAINT "loyalty_cards_stamps_required_check";--> statement-breakpoint
ALTER TABLE "stamps" DROP CONSTRAINT "stamps_kind_check";--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "earn_kind" text DEFAULT 'visit' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "points_per_100_pkr" integer;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "min_bill_pkr" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "max_items_per_visit" integer;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "head_start_stamps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "milestones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "points" integer;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "bill_pkr" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "milestone_at" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "points_price" integer;--> statement-breakpoint
CREATE INDEX "stamps_head_start_idx" ON "stamps" USING btree ("vendor_id","issued_at") WHERE "stamps"."kind" = 'head_start';--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_earn_kind_check" CHECK ("loyalty_cards"."earn_kind" in ('visit', 'item', 'points'));--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_points_check" CHECK (("loyalty_cards"."earn_kind" = 'points') = ("loyalty_cards"."points_per_100_pkr" is not null) and ("loyalty_cards"."points_per_100_pkr" is null or "loyalty_cards"."points_per_100_pkr" between 1 and 100));--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_min_bill_check" CHECK ("loyalty_cards"."min_bill_pkr" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_items_check" CHECK (("loyalty_cards"."earn_kind" = 'item') = ("loyalty_cards"."max_items_per_visit" is not null) and ("loyalty_cards"."max_items_per_visit" is null or "loyalty_cards"."max_items_per_visit" between 1 and 10));--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_head_start_check" CHECK ("loyalty_cards"."head_start_stamps" >= 0 and "loyalty_cards"."head_start_stamps" < "loyalty_cards"."stamps_required");--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_stamps_required_check" CHECK ("loyalty_cards"."stamps_required" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_kind_check" CHECK ("stamps"."kind" in ('visit', 'same_visit', 'referral_bonus', 'automation_bonus', 'head_start'));--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_points_price_check" CHECK ("rewards"."points_price" is null or "rewards"."points_price" > 0);