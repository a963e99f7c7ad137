-- Hand-written (decision 088): "near me" measures distance with earthdistance on cube, which PGlite
-- ships as contrib extensions (loaded in db/client.ts) and PostgreSQL as its own contrib.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
-- The branches a customer can be sent to, as points on the earth: the nearest ones come straight
-- from this index (ORDER BY ll_to_earth(...) <-> the customer's point, a GiST nearest-neighbour scan).
CREATE INDEX "branches_near_idx" ON "branches" USING gist (ll_to_earth("latitude", "longitude"))
  WHERE "latitude" IS NOT NULL AND "archived_at" IS NULL AND "status" = 'active';
