ALTER TABLE "stamps" DROP CONSTRAINT "stamps_kind_check";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "max_stamps_per_visit" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "carried_stamps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "visit_stamps" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_max_stamps_per_visit_check" CHECK ("vendors"."max_stamps_per_visit" between 1 and 10);--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_carried_stamps_check" CHECK ("user_cards"."carried_stamps" >= 0);--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_visit_stamps_check" CHECK ("stamps"."visit_stamps" >= 1);--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_kind_check" CHECK ("stamps"."kind" in ('visit', 'same_visit', 'referral_bonus', 'automation_bonus'));