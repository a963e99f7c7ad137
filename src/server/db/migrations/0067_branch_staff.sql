ALTER TABLE "vendor_members" ADD COLUMN "branch_ids" uuid[];--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "branch_ids" uuid[];--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_branch_ids_check" CHECK (cardinality("vendor_members"."branch_ids") > 0);--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_branch_ids_check" CHECK (cardinality("loyalty_cards"."branch_ids") > 0);