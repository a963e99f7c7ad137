CREATE TABLE "typed_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"signed_code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_cards" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "typed_codes_expires_idx" ON "typed_codes" USING btree ("expires_at");