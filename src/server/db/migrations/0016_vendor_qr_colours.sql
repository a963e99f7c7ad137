ALTER TABLE "vendors" ADD COLUMN "qr_foreground" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "qr_background" text;