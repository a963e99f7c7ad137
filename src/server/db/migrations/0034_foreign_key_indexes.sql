CREATE INDEX "vendor_invitations_invited_by_idx" ON "vendor_invitations" USING btree ("invited_by") WHERE "vendor_invitations"."invited_by" is not null;--> statement-breakpoint
CREATE INDEX "rewards_card_id_idx" ON "rewards" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "rewards_user_card_id_idx" ON "rewards" USING btree ("user_card_id") WHERE "rewards"."user_card_id" is not null;--> statement-breakpoint
CREATE INDEX "rewards_redeemed_by_idx" ON "rewards" USING btree ("redeemed_by") WHERE "rewards"."redeemed_by" is not null;--> statement-breakpoint
CREATE INDEX "email_messages_user_id_idx" ON "email_messages" USING btree ("user_id") WHERE "email_messages"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "card_partners_invited_by_idx" ON "card_partners" USING btree ("invited_by") WHERE "card_partners"."invited_by" is not null;--> statement-breakpoint
CREATE INDEX "vendor_webhook_deliveries_endpoint_id_idx" ON "vendor_webhook_deliveries" USING btree ("endpoint_id");--> statement-breakpoint
CREATE INDEX "referral_codes_card_id_idx" ON "referral_codes" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "referral_codes_vendor_id_idx" ON "referral_codes" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "referrals_code_idx" ON "referrals" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referrals_referrer_user_id_idx" ON "referrals" USING btree ("referrer_user_id");--> statement-breakpoint
CREATE INDEX "referrals_friend_user_id_idx" ON "referrals" USING btree ("friend_user_id");--> statement-breakpoint
CREATE INDEX "visit_ratings_card_id_idx" ON "visit_ratings" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "visit_ratings_user_id_idx" ON "visit_ratings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "automation_sends_user_id_idx" ON "automation_sends" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "automation_sends_bonus_stamp_id_idx" ON "automation_sends" USING btree ("bonus_stamp_id") WHERE "automation_sends"."bonus_stamp_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_user_id_idx" ON "campaign_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaigns_created_by_idx" ON "campaigns" USING btree ("created_by") WHERE "campaigns"."created_by" is not null;