ALTER TABLE "vendors" ADD COLUMN "subscription_cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "scheduled_plan" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "payments_receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_scheduled_plan_check" CHECK ("vendors"."scheduled_plan" in ('starter', 'standard', 'premium', 'enterprise'));