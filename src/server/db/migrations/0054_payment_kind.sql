ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
-- Payments recorded before this named their kind only in their English description.
UPDATE "payments" SET "kind" = CASE
  WHEN "status" = 'failed' THEN 'failed'
  WHEN "description" LIKE '%monthly renewal' THEN 'renewal'
  ELSE 'subscription'
END;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('subscription', 'renewal', 'failed'));
