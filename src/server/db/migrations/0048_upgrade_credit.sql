ALTER TABLE "payments" ADD COLUMN "credit_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_plan_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "credit_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "credit_plan_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_check" CHECK ("payments"."credit_amount" >= 0);