CREATE TABLE "card_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"invited_by" text,
	"responded_at" timestamp with time zone,
	CONSTRAINT "card_partners_card_vendor_unique" UNIQUE("card_id","vendor_id"),
	CONSTRAINT "card_partners_status_check" CHECK ("card_partners"."status" in ('invited', 'accepted', 'declined', 'left', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "redeemed_by_vendor_id" uuid;--> statement-breakpoint
ALTER TABLE "card_partners" ADD CONSTRAINT "card_partners_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_partners" ADD CONSTRAINT "card_partners_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_partners" ADD CONSTRAINT "card_partners_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_partners_vendor_status_idx" ON "card_partners" USING btree ("vendor_id","status");--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_redeemed_by_vendor_id_vendors_id_fk" FOREIGN KEY ("redeemed_by_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;