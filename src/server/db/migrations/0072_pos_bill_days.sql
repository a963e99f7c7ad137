CREATE TABLE "vendor_pos_bill_days" (
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total_bills" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_pos_bill_days_pk" PRIMARY KEY("vendor_id","day"),
	CONSTRAINT "vendor_pos_bill_days_total_check" CHECK ("vendor_pos_bill_days"."total_bills" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_pos_bill_days" ADD CONSTRAINT "vendor_pos_bill_days_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;