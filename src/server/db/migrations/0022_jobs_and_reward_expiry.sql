CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unique_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 6 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_unique_key_unique" UNIQUE("unique_key"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."max_attempts" >= 1 and "jobs"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "reward_expiry_days" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('done', 'failed');--> statement-breakpoint
CREATE INDEX "rewards_vendor_expires_idx" ON "rewards" USING btree ("vendor_id","expires_at") WHERE "rewards"."status" = 'earned' and "rewards"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_reward_expiry_check" CHECK ("loyalty_cards"."reward_expiry_days" is null or "loyalty_cards"."reward_expiry_days" between 1 and 365);--> statement-breakpoint
-- E-mails and webhook deliveries still waiting under the old per-feature queues get their jobs.
INSERT INTO "jobs" ("name", "payload", "unique_key", "run_at", "attempts", "max_attempts")
SELECT 'email.send', jsonb_build_object('messageId', "id"), 'email:' || "id", "next_attempt_at", least("attempts", 5), 6
FROM "email_messages" WHERE "status" IN ('queued', 'sending') AND "digest" IS NULL;--> statement-breakpoint
INSERT INTO "jobs" ("name", "payload", "unique_key", "run_at", "attempts", "max_attempts")
SELECT 'webhook.deliver', jsonb_build_object('deliveryId', "id"), 'webhook:' || "id", coalesce("next_attempt_at", "created_at"), least("attempts", 99), 100
FROM "vendor_webhook_deliveries" WHERE "status" = 'pending';
