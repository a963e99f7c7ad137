CREATE TABLE "vendor_application_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"application" jsonb NOT NULL,
	"status" text NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_application_history_status_check" CHECK ("vendor_application_history"."status" in ('rejected'))
);
--> statement-breakpoint
ALTER TABLE "vendor_application_history" ADD CONSTRAINT "vendor_application_history_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_application_history_vendor_idx" ON "vendor_application_history" USING btree ("vendor_id","submitted_at");