-- Hand-written (decision 088): each branch's point on the earth is stored, and the near-me index
-- holds it with the branch's vendor, so the nearest branches are read from the index alone (an
-- index-only scan). An index on the expression ll_to_earth(latitude, longitude) cannot answer
-- without visiting every branch's row, which cost two thirds of a near-me request's database time.
ALTER TABLE "branches" ADD COLUMN "earth" cube GENERATED ALWAYS AS (ll_to_earth("latitude", "longitude")::cube) STORED;--> statement-breakpoint
DROP INDEX "branches_near_idx";--> statement-breakpoint
CREATE INDEX "branches_near_idx" ON "branches" USING gist ("earth") INCLUDE ("vendor_id")
  WHERE "latitude" IS NOT NULL AND "archived_at" IS NULL AND "status" = 'active';
