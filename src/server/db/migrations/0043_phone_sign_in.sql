CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('sign_in', 'add_phone'))
);
--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "phone_number_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "phone_codes_number_idx" ON "phone_codes" USING btree ("phone_number","purpose","created_at");--> statement-breakpoint
ALTER TABLE "auth_user" ADD CONSTRAINT "auth_user_phone_number_unique" UNIQUE("phone_number");