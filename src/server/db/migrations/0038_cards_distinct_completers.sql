DROP INDEX "rewards_card_id_idx";--> statement-breakpoint
CREATE INDEX "rewards_card_user_idx" ON "rewards" USING btree ("card_id","user_id");