-- The Global Text Editor keeps one override per text and language (decision 047). Every override
-- written so far was checked against, and shown beside, the English default: it becomes English.
ALTER TABLE "text_overrides" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "text_overrides" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "text_overrides" DROP CONSTRAINT "text_overrides_pkey";--> statement-breakpoint
ALTER TABLE "text_overrides" ADD CONSTRAINT "text_overrides_key_language_pk" PRIMARY KEY("key","language");--> statement-breakpoint
ALTER TABLE "text_overrides" ADD CONSTRAINT "text_overrides_language_check" CHECK ("text_overrides"."language" in ('en', 'ur'));
