CREATE TABLE "api_idempotency_keys" (
	"api_key_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_idempotency_keys_api_key_id_idempotency_key_pk" PRIMARY KEY("api_key_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "vendor_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "vendor_webhook_deliveries_status_check" CHECK ("vendor_webhook_deliveries"."status" in ('pending', 'delivered', 'failed')),
	CONSTRAINT "vendor_webhook_deliveries_event_type_check" CHECK ("vendor_webhook_deliveries"."event_type" in ('customer.joined', 'stamp.created', 'reward.earned', 'reward.redeemed', 'card.updated', 'webhook.test'))
);
--> statement-breakpoint
CREATE TABLE "vendor_webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret_salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_webhook_endpoints_events_check" CHECK ("vendor_webhook_endpoints"."events" <@ array['customer.joined', 'stamp.created', 'reward.earned', 'reward.redeemed', 'card.updated']::text[])
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT array['read', 'stamp', 'redeem']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_limit_per_minute" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_webhook_deliveries" ADD CONSTRAINT "vendor_webhook_deliveries_endpoint_id_vendor_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."vendor_webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_webhook_deliveries" ADD CONSTRAINT "vendor_webhook_deliveries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_webhook_endpoints" ADD CONSTRAINT "vendor_webhook_endpoints_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_created_idx" ON "api_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendor_webhook_deliveries_due_idx" ON "vendor_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "vendor_webhook_deliveries_vendor_idx" ON "vendor_webhook_deliveries" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_webhook_deliveries_created_idx" ON "vendor_webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendor_webhook_endpoints_vendor_idx" ON "vendor_webhook_endpoints" USING btree ("vendor_id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_check" CHECK ("api_keys"."scopes" <@ array['read', 'stamp', 'redeem']::text[]);