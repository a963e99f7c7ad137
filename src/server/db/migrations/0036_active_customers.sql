CREATE TABLE "vendor_active_customers" (
	"vendor_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"bucket" date NOT NULL,
	"shard" smallint NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_active_customers_pk" PRIMARY KEY("vendor_id","unit","bucket","shard"),
	CONSTRAINT "vendor_active_customers_unit_check" CHECK ("vendor_active_customers"."unit" in ('day', 'week', 'month'))
);
--> statement-breakpoint
CREATE INDEX "vendor_customers_first_stamp_idx" ON "vendor_customers" USING btree ("vendor_id","first_stamp_at");--> statement-breakpoint
-- Decision 054: distinct customers a vendor stamped per Pakistan day, ISO week and month. A stamp
-- counts its customer in a bucket when no other stamp of the vendor and customer is there yet, and
-- its removal takes them out when none is left. The trigger runs BEFORE each row is written: a
-- statement's earlier rows are then already in or out of stamps and its later ones not yet, so a
-- multi-row insert or delete (a cascade) decides each row as if the rows came one by one. An AFTER
-- trigger would see every row of its statement already written, and two deleted stamps of one
-- bucket would both find the bucket empty. The customer's vendor_customers row is locked first,
-- which serialises every stamp write of one vendor and customer (051's trigger locks it anyway):
-- a concurrent stamp's decision always sees the other's committed stamp.
CREATE FUNCTION "pakistan_bucket"("p_unit" text, "at" timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select date_trunc("p_unit", "pakistan_day"("at")::timestamp)::date
$$;--> statement-breakpoint
-- Counts the customer in (p_delta 1), or takes them out of (-1), the day, week and month of `p_at`
-- where no stamp of the vendor and customer other than `p_except` is (a probe of the customer's
-- stamps_user_idx). `p_kept_at`, when known, is a stamp that stays: its buckets are skipped without a
-- probe. A day already holding a stamp ends the search, as its week and month hold it too. PL/pgSQL
-- rather than SQL functions: its statements' plans are kept for the session, a SQL function's
-- body is planned again on every call.
CREATE FUNCTION "vendor_active_customers_move"("p_vendor" uuid, "p_user" text, "p_at" timestamptz, "p_except" uuid, "p_delta" integer, "p_kept_at" timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "bucket_unit" text;
  "local_start" timestamp;
  "bucket_from" timestamptz;
  "bucket_until" timestamptz;
BEGIN
  FOREACH "bucket_unit" IN ARRAY array['day', 'week', 'month'] LOOP
    -- pakistan_bucket() worded as plain expressions: a function call per stamp and unit costs more than the probe.
    "local_start" := date_trunc("bucket_unit", ("p_at" AT TIME ZONE 'UTC') + interval '5 hours');
    "bucket_from" := ("local_start" - interval '5 hours') AT TIME ZONE 'UTC';
    "bucket_until" := ("local_start" + ('1 ' || "bucket_unit")::interval - interval '5 hours') AT TIME ZONE 'UTC';
    IF "p_kept_at" >= "bucket_from" AND "p_kept_at" < "bucket_until" THEN
      EXIT WHEN "bucket_unit" = 'day';
      CONTINUE;
    END IF;
    PERFORM 1 FROM "stamps"
    WHERE "user_id" = "p_user" AND "issued_at" >= "bucket_from" AND "issued_at" < "bucket_until"
      AND "vendor_id" = "p_vendor" AND "id" <> "p_except"
    LIMIT 1;
    IF FOUND THEN
      EXIT WHEN "bucket_unit" = 'day';
      CONTINUE;
    END IF;
    INSERT INTO "vendor_active_customers" AS "d" ("vendor_id", "unit", "bucket", "shard", "customers")
    VALUES ("p_vendor", "bucket_unit", "local_start"::date, "rollup_shard"("p_user"), "p_delta")
    ON CONFLICT ("vendor_id", "unit", "bucket", "shard") DO UPDATE SET "customers" = "d"."customers" + "p_delta";
  END LOOP;
END
$$;--> statement-breakpoint
CREATE FUNCTION "stamps_active_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "last_before" timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM "vendors" WHERE "id" = OLD."vendor_id";
    IF NOT FOUND THEN
      -- The vendor itself is being deleted (this is its cascade): its buckets go with it.
      DELETE FROM "vendor_active_customers" WHERE "vendor_id" = OLD."vendor_id";
    ELSE
      PERFORM 1 FROM "vendor_customers" WHERE "vendor_id" = OLD."vendor_id" AND "user_id" = OLD."user_id" FOR UPDATE;
      PERFORM "vendor_active_customers_move"(OLD."vendor_id", OLD."user_id", OLD."issued_at", OLD."id", -1, NULL);
    END IF;
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
  END IF;
  FOR "attempt" IN 1..2 LOOP
    SELECT "last_stamp_at" INTO "last_before" FROM "vendor_customers"
    WHERE "vendor_id" = NEW."vendor_id" AND "user_id" = NEW."user_id" FOR UPDATE;
    EXIT WHEN FOUND;
    PERFORM "vendor_customer_create"(NEW."vendor_id", NEW."user_id");
  END LOOP;
  IF TG_OP = 'INSERT' THEN
    -- The customer's last stamp before this statement stays (an insert removes none): the common
    -- stamp, a second one the same day, costs no probe. An update may already have moved that
    -- stamp in its own statement, before 051's trigger moved last_stamp_at.
    PERFORM "vendor_active_customers_move"(NEW."vendor_id", NEW."user_id", NEW."issued_at", NEW."id", 1, "last_before");
  ELSE
    PERFORM "vendor_active_customers_move"(NEW."vendor_id", NEW."user_id", NEW."issued_at", OLD."id", 1, NULL);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stamps_active_customers" BEFORE INSERT OR DELETE OR UPDATE OF "vendor_id", "user_id", "issued_at" ON "stamps"
  FOR EACH ROW EXECUTE FUNCTION "stamps_active_customers"();--> statement-breakpoint
-- Recomputes every bucket from the stamps: the backfill below, and after a bulk load that ran with
-- the triggers switched off (bench/seed-scale). Weeks and months from the distinct days.
CREATE FUNCTION "rebuild_vendor_active_customers"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "vendor_active_customers";
  WITH "customer_days" AS MATERIALIZED (
    SELECT DISTINCT "vendor_id", "user_id", "pakistan_day"("issued_at") AS "day" FROM "stamps"
  )
  INSERT INTO "vendor_active_customers" ("vendor_id", "unit", "bucket", "shard", "customers")
  SELECT "vendor_id", "unit", "bucket", "rollup_shard"("user_id"), count(*)::integer
  FROM (
    SELECT DISTINCT "vendor_id", "user_id", "units"."unit", date_trunc("units"."unit", "day"::timestamp)::date AS "bucket"
    FROM "customer_days" CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS "units" ("unit")
  ) AS "buckets"
  GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
SELECT "rebuild_vendor_active_customers"();
