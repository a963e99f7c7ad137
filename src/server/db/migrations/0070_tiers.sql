ALTER TABLE "vendor_webhook_deliveries" DROP CONSTRAINT "vendor_webhook_deliveries_event_type_check";--> statement-breakpoint
ALTER TABLE "vendor_webhook_endpoints" DROP CONSTRAINT "vendor_webhook_endpoints_events_check";--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "tiers" jsonb;--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "tier_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "tier_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "tier_notice_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stamps_user_card_visits_idx" ON "stamps" USING btree ("user_card_id","issued_at") WHERE "stamps"."kind" = 'visit';--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_tier_level_check" CHECK ("user_cards"."tier_level" between 0 and 3);--> statement-breakpoint
ALTER TABLE "vendor_webhook_deliveries" ADD CONSTRAINT "vendor_webhook_deliveries_event_type_check" CHECK ("vendor_webhook_deliveries"."event_type" in ('customer.joined', 'stamp.created', 'reward.earned', 'reward.redeemed', 'card.updated', 'stamp.reversed', 'webhook.test'));--> statement-breakpoint
ALTER TABLE "vendor_webhook_endpoints" ADD CONSTRAINT "vendor_webhook_endpoints_events_check" CHECK ("vendor_webhook_endpoints"."events" <@ array['customer.joined', 'stamp.created', 'reward.earned', 'reward.redeemed', 'card.updated', 'stamp.reversed']::text[]);