ALTER TABLE "text_overrides" DROP CONSTRAINT "text_overrides_language_check";--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "phone_language" text;--> statement-breakpoint
ALTER TABLE "text_messages" ADD COLUMN "template_missing_in" text;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_phone_language_check" CHECK ("email_preferences"."phone_language" in ('en', 'ur', 'ur-Latn'));--> statement-breakpoint
ALTER TABLE "text_overrides" ADD CONSTRAINT "text_overrides_language_check" CHECK ("text_overrides"."language" in ('en', 'ur', 'ur-Latn'));