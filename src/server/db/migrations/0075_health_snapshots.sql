CREATE TABLE "health_snapshots" (
	"vendor_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"range" text NOT NULL,
	"key" text NOT NULL,
	"changes" integer NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "health_snapshots_pk" PRIMARY KEY("vendor_id","scope","range")
);
--> statement-breakpoint
CREATE TABLE "visit_history_changes" (
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "visit_history_changes_vendor_day_idx" ON "visit_history_changes" USING btree ("vendor_id","day");--> statement-breakpoint
-- Hand-written (decision 091): a change to a vendor's visits of a past day adds a row to
-- visit_history_changes. A stamp issued on the day it is written (every stamp of the counter)
-- adds none; a deletion, an update, a reversal or its withdrawal, and a stamp issued on an
-- earlier day than it was written (sample cards) add one for the day they change.
CREATE FUNCTION "visit_history_changed"("p_vendor" uuid, "p_at" timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "visit_history_changes" ("vendor_id", "day") VALUES ("p_vendor", (("p_at" AT TIME ZONE 'UTC') + interval '5 hours')::date);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stamps_visit_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."kind" = 'visit'
    AND NOT EXISTS (SELECT 1 FROM "stamp_reversals" WHERE "stamp_id" = OLD."id") THEN
    PERFORM "visit_days_add"(OLD."vendor_id", OLD."card_id", OLD."branch_id", OLD."user_id", OLD."issued_at", OLD."bill_pkr", -1);
    PERFORM "visit_history_changed"(OLD."vendor_id", OLD."issued_at");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."kind" = 'visit'
    AND (TG_OP = 'INSERT' OR NOT EXISTS (SELECT 1 FROM "stamp_reversals" WHERE "stamp_id" = NEW."id")) THEN
    PERFORM "visit_days_add"(NEW."vendor_id", NEW."card_id", NEW."branch_id", NEW."user_id", NEW."issued_at", NEW."bill_pkr", 1);
    IF TG_OP = 'UPDATE' OR ((NEW."issued_at" AT TIME ZONE 'UTC') + interval '5 hours')::date
      < ((NEW."created_at" AT TIME ZONE 'UTC') + interval '5 hours')::date THEN
      PERFORM "visit_history_changed"(NEW."vendor_id", NEW."issued_at");
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stamp_reversals_visit_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO s FROM "stamps" WHERE "id" = OLD."stamp_id";
    IF FOUND AND s."kind" = 'visit' THEN
      PERFORM "visit_days_add"(s."vendor_id", s."card_id", s."branch_id", s."user_id", s."issued_at", s."bill_pkr", 1);
      PERFORM "visit_history_changed"(s."vendor_id", s."issued_at");
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO s FROM "stamps" WHERE "id" = NEW."stamp_id";
    IF FOUND AND s."kind" = 'visit' THEN
      PERFORM "visit_days_add"(s."vendor_id", s."card_id", s."branch_id", s."user_id", s."issued_at", s."bill_pkr", -1);
      PERFORM "visit_history_changed"(s."vendor_id", s."issued_at");
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A bulk load rebuilds visit_days without the triggers: no snapshot of the old rows stays.
CREATE OR REPLACE FUNCTION "rebuild_programme_health"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "health_snapshots";
  DELETE FROM "visit_days";
  DELETE FROM "reward_value_days";
  INSERT INTO "visit_days" ("vendor_id", "card_id", "branch_id", "user_id", "day", "visits", "billed_visits", "bill_pkr")
  SELECT s."vendor_id", s."card_id", coalesce(s."branch_id", '00000000-0000-0000-0000-000000000000'), s."user_id",
    ((s."issued_at" AT TIME ZONE 'UTC') + interval '5 hours')::date, count(*), count(s."bill_pkr"), coalesce(sum(s."bill_pkr"), 0)
  FROM "stamps" s
  WHERE s."kind" = 'visit' AND NOT EXISTS (SELECT 1 FROM "stamp_reversals" x WHERE x."stamp_id" = s."id")
  GROUP BY 1, 2, 3, 4, 5;
  -- A reward with no expiry waits in the same row as the day's redemptions at no branch: one group.
  INSERT INTO "reward_value_days" ("vendor_id", "card_id", "branch_id", "day", "expires_day", "redeemed", "redeemed_value", "open")
  SELECT x."vendor_id", x."card_id", x."branch_id", x."day", x."expires_day", sum(x."redeemed"), sum(x."redeemed_value"), sum(x."open")
  FROM (
    SELECT r."vendor_id", r."card_id", coalesce(r."redeemed_branch_id", '00000000-0000-0000-0000-000000000000') AS "branch_id",
      ((r."redeemed_at" AT TIME ZONE 'UTC') + interval '5 hours')::date AS "day", 'infinity'::date AS "expires_day",
      1 AS "redeemed", r."reward_value"::bigint AS "redeemed_value", 0 AS "open"
    FROM "rewards" r WHERE r."status" = 'redeemed' AND r."redeemed_at" IS NOT NULL
    UNION ALL
    SELECT r."vendor_id", r."card_id", '00000000-0000-0000-0000-000000000000',
      ((r."earned_at" AT TIME ZONE 'UTC') + interval '5 hours')::date,
      coalesce(((r."expires_at" AT TIME ZONE 'UTC') + interval '5 hours')::date, 'infinity'::date), 0, 0, 1
    FROM "rewards" r WHERE r."status" = 'earned'
  ) x
  GROUP BY 1, 2, 3, 4, 5;
END $$;
