ALTER TABLE "loyalty_cards" ADD COLUMN "reward_expiry_days" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rewards_vendor_expires_idx" ON "rewards" USING btree ("vendor_id","expires_at") WHERE "rewards"."status" = 'earned' and "rewards"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_reward_expiry_check" CHECK ("loyalty_cards"."reward_expiry_days" is null or "loyalty_cards"."reward_expiry_days" between 1 and 365);