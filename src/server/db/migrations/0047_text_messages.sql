CREATE TABLE "text_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_phone" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	"replaced_by_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "text_messages_kind_check" CHECK ("text_messages"."kind" in ('sign_in_code', 'add_phone_code', 'receipt')),
	CONSTRAINT "text_messages_channel_check" CHECK ("text_messages"."channel" in ('whatsapp', 'sms', 'log')),
	CONSTRAINT "text_messages_status_check" CHECK ("text_messages"."status" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_provider_id_idx" ON "text_messages" USING btree ("channel","provider_message_id") WHERE "text_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "text_messages_to_idx" ON "text_messages" USING btree ("to_phone","created_at");--> statement-breakpoint
CREATE INDEX "text_messages_created_idx" ON "text_messages" USING btree ("created_at");