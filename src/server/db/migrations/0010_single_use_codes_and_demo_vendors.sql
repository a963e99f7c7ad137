-- A counter code is now used up by its first scan, for everyone: one row per code. Rows from
-- before (one per code and customer) are only kept minutes anyway; keep one per code.
DELETE FROM "consumed_codes" AS "later" USING "consumed_codes" AS "earlier"
WHERE "later"."code_id" = "earlier"."code_id"
  AND ("later"."consumed_at", "later"."user_id") > ("earlier"."consumed_at", "earlier"."user_id");--> statement-breakpoint
ALTER TABLE "consumed_codes" DROP CONSTRAINT "consumed_codes_code_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "consumed_codes" ADD PRIMARY KEY ("code_id");--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Vendors seeded by demo mode before this column existed: the demo catalogue's addresses, the
-- seed's subscription reference, and nobody to sign in for them. A vendor who applied has an
-- owner, so it can never match.
UPDATE "vendors" SET "is_demo" = true
WHERE "slug" IN (
    'butt-karahi-house-lahore',
    'chai-khana-cafe-islamabad',
    'burns-road-sweets-karachi',
    'gulberg-bakers-lahore',
    'namak-mandi-tikka-peshawar',
    'multani-sohan-halwa-house-multan'
  )
  AND "subscription_reference" LIKE 'demo\_%'
  AND NOT EXISTS (SELECT 1 FROM "vendor_members" WHERE "vendor_members"."vendor_id" = "vendors"."id");
