-- Hand-written (decision 088): each branch's point on the earth is stored, and the near-me index
-- holds it with the branch's vendor, so the nearest branches are read from the index alone (an
-- index-only scan). An index on the expression ll_to_earth(latitude, longitude) cannot answer
-- without visiting every branch's row, which cost half of a near-me request's database time.
-- The column spells out ll_to_earth's own formula: pg_dump writes these functions with their
-- schema, while ll_to_earth's body (earthdistance 1.1) calls earth() without one, so a restore
-- (search_path empty) could not create the table; dump-restore.test.ts restores a dump.
ALTER TABLE "branches" ADD COLUMN "earth" cube GENERATED ALWAYS AS (cube(cube(cube(earth() * cos(radians("latitude")) * cos(radians("longitude"))), earth() * cos(radians("latitude")) * sin(radians("longitude"))), earth() * sin(radians("latitude")))) STORED;--> statement-breakpoint
DROP INDEX "branches_near_idx";--> statement-breakpoint
CREATE INDEX "branches_near_idx" ON "branches" USING gist ("earth") INCLUDE ("vendor_id")
  WHERE "latitude" IS NOT NULL AND "archived_at" IS NULL AND "status" = 'active';
