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
