CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"area" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"phone" text NOT NULL,
	"whatsapp" text,
	"opening_hours" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_status_check" CHECK ("branches"."status" in ('active', 'paused')),
	CONSTRAINT "branches_city_check" CHECK ("branches"."city" in ('Karachi', 'Lahore', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Peshawar', 'Quetta', 'Sialkot', 'Gujranwala')),
	CONSTRAINT "branches_position_check" CHECK (("branches"."latitude" is null and "branches"."longitude" is null) or ("branches"."latitude" between 23.5 and 37.2 and "branches"."longitude" between 60.8 and 77.9)),
	CONSTRAINT "branches_main_not_archived_check" CHECK (not ("branches"."is_main" and "branches"."archived_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "stamps" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "redeemed_branch_id" uuid;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_vendor_main_idx" ON "branches" USING btree ("vendor_id") WHERE "branches"."is_main";--> statement-breakpoint
CREATE INDEX "branches_vendor_created_idx" ON "branches" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_redeemed_branch_id_branches_id_fk" FOREIGN KEY ("redeemed_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamps_branch_issued_idx" ON "stamps" USING btree ("branch_id","issued_at") WHERE "stamps"."branch_id" is not null;--> statement-breakpoint
CREATE INDEX "rewards_redeemed_branch_idx" ON "rewards" USING btree ("redeemed_branch_id","redeemed_at") WHERE "rewards"."redeemed_branch_id" is not null;--> statement-breakpoint
-- Decision 084: a vendor's own address is its main branch. Every vendor gets one now, copied from
-- its row, and the trigger below writes it for every new vendor and copies every later change of
-- the address, pin, phones and hours, so nobody sees a difference and the two never disagree.
INSERT INTO "branches" ("vendor_id", "name", "address", "city", "area", "latitude", "longitude", "phone", "whatsapp", "opening_hours", "is_main", "created_at", "updated_at")
SELECT "id", "area", "address", "city", "area", "latitude", "longitude", "phone", "whatsapp", "opening_hours", true, "created_at", "created_at"
FROM "vendors";--> statement-breakpoint
CREATE OR REPLACE FUNCTION vendor_main_branch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO branches (vendor_id, name, address, city, area, latitude, longitude, phone, whatsapp, opening_hours, is_main, created_at, updated_at)
    VALUES (NEW.id, NEW.area, NEW.address, NEW.city, NEW.area, NEW.latitude, NEW.longitude, NEW.phone, NEW.whatsapp, NEW.opening_hours, true, NEW.created_at, NEW.created_at);
  ELSE
    UPDATE branches SET address = NEW.address, city = NEW.city, area = NEW.area, latitude = NEW.latitude,
      longitude = NEW.longitude, phone = NEW.phone, whatsapp = NEW.whatsapp, opening_hours = NEW.opening_hours,
      updated_at = NEW.updated_at
    WHERE vendor_id = NEW.id AND is_main;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER vendors_main_branch_insert AFTER INSERT ON "vendors" FOR EACH ROW EXECUTE FUNCTION vendor_main_branch();--> statement-breakpoint
CREATE TRIGGER vendors_main_branch_update AFTER UPDATE OF "address", "city", "area", "latitude", "longitude", "phone", "whatsapp", "opening_hours" ON "vendors" FOR EACH ROW
  WHEN (ROW(OLD.address, OLD.city, OLD.area, OLD.latitude, OLD.longitude, OLD.phone, OLD.whatsapp, OLD.opening_hours::text) IS DISTINCT FROM ROW(NEW.address, NEW.city, NEW.area, NEW.latitude, NEW.longitude, NEW.phone, NEW.whatsapp, NEW.opening_hours::text))
  EXECUTE FUNCTION vendor_main_branch();
