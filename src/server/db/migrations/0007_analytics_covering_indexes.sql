DROP INDEX "user_cards_card_idx";--> statement-breakpoint
DROP INDEX "stamps_vendor_issued_idx";--> statement-breakpoint
DROP INDEX "stamps_card_issued_idx";--> statement-breakpoint
CREATE INDEX "vendors_created_idx" ON "vendors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "loyalty_cards_created_idx" ON "loyalty_cards" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_cards_card_idx" ON "user_cards" USING btree ("card_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "stamps_vendor_issued_idx" ON "stamps" USING btree ("vendor_id","issued_at","card_id","user_id");--> statement-breakpoint
CREATE INDEX "stamps_card_issued_idx" ON "stamps" USING btree ("card_id","issued_at","user_id");