CREATE TABLE "reward_days" (
	"vendor_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"counter_vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"earned" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"redeemed_rounded_to_next_day" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reward_days_pk" PRIMARY KEY("vendor_id","day","card_id","counter_vendor_id")
);
--> statement-breakpoint
CREATE TABLE "signup_days" (
	"day" date NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "signup_days_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "stamp_days" (
	"vendor_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"day" date NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"hour_stamps" integer[] DEFAULT array_fill(0, array[25]) NOT NULL,
	CONSTRAINT "stamp_days_pk" PRIMARY KEY("vendor_id","day","card_id","shard")
);
--> statement-breakpoint
CREATE INDEX "reward_days_counter_day_idx" ON "reward_days" USING btree ("counter_vendor_id","day");--> statement-breakpoint
CREATE INDEX "reward_days_card_day_idx" ON "reward_days" USING btree ("card_id","day");--> statement-breakpoint
CREATE INDEX "reward_days_day_idx" ON "reward_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stamp_days_card_day_idx" ON "stamp_days" USING btree ("card_id","day");--> statement-breakpoint
CREATE INDEX "stamp_days_day_idx" ON "stamp_days" USING btree ("day");--> statement-breakpoint
-- Decision 048: the rollups are kept by triggers, in the transaction of every write to the rows
-- they count (inserts, updates, deletes, cascades). Pakistan days are UTC+5 without daylight saving
-- (src/shared/pakistan-time.ts); the hour slot counts an instant in the local hour it rounds to,
-- as the analytics' hourly reads always have (`extract(epoch)::bigint`), so slot 25 is the next
-- day's first hour for an instant in a day's last half second. A stamp or a sign-up counts in one
-- of 8 shards of its day's row (`hashtext(id) & 7`), so that concurrent writes seldom wait for each
-- other's commit on one row; reads sum the shards.
CREATE FUNCTION "pakistan_day"("at" timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select date '1970-01-01' + floor((extract(epoch from "at") + 18000) / 86400)::integer
$$;--> statement-breakpoint
CREATE FUNCTION "pakistan_hour_slot"("at" timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select ((extract(epoch from "at")::bigint + 18000) / 3600 - floor((extract(epoch from "at") + 18000) / 86400)::bigint * 24)::integer + 1
$$;--> statement-breakpoint
CREATE FUNCTION "rollup_shard"("id" text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select (hashtext("id") & 7)::smallint
$$;--> statement-breakpoint
CREATE FUNCTION "stamp_days_add"("p_vendor" uuid, "p_card" uuid, "p_at" timestamptz, "p_shard" smallint, "p_delta" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "slot" integer := "pakistan_hour_slot"("p_at");
  "hours" integer[] := array_fill(0, array[25]);
BEGIN
  "hours"["slot"] := "p_delta";
  INSERT INTO "stamp_days" AS "d" ("vendor_id", "card_id", "day", "shard", "stamps", "hour_stamps")
  VALUES ("p_vendor", "p_card", "pakistan_day"("p_at"), "p_shard", "p_delta", "hours")
  ON CONFLICT ("vendor_id", "day", "card_id", "shard") DO UPDATE
    SET "stamps" = "d"."stamps" + "p_delta", "hour_stamps"["slot"] = "d"."hour_stamps"["slot"] + "p_delta";
END
$$;--> statement-breakpoint
CREATE FUNCTION "stamps_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD."vendor_id", OLD."card_id", OLD."issued_at") IS NOT DISTINCT FROM (NEW."vendor_id", NEW."card_id", NEW."issued_at") THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "stamp_days_add"(OLD."vendor_id", OLD."card_id", OLD."issued_at", "rollup_shard"(OLD."id"::text), -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "stamp_days_add"(NEW."vendor_id", NEW."card_id", NEW."issued_at", "rollup_shard"(NEW."id"::text), 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stamps_roll_up" AFTER INSERT OR DELETE OR UPDATE OF "vendor_id", "card_id", "issued_at" ON "stamps"
  FOR EACH ROW EXECUTE FUNCTION "stamps_roll_up"();--> statement-breakpoint
CREATE FUNCTION "reward_days_add"("p_vendor" uuid, "p_card" uuid, "p_counter" uuid, "p_at" timestamptz, "p_earned" integer, "p_redeemed" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "rounded" integer := CASE WHEN "pakistan_hour_slot"("p_at") = 25 THEN "p_redeemed" ELSE 0 END;
BEGIN
  INSERT INTO "reward_days" AS "d" ("vendor_id", "card_id", "counter_vendor_id", "day", "earned", "redeemed", "redeemed_rounded_to_next_day")
  VALUES ("p_vendor", "p_card", "p_counter", "pakistan_day"("p_at"), "p_earned", "p_redeemed", "rounded")
  ON CONFLICT ("vendor_id", "day", "card_id", "counter_vendor_id") DO UPDATE
    SET "earned" = "d"."earned" + "p_earned", "redeemed" = "d"."redeemed" + "p_redeemed",
        "redeemed_rounded_to_next_day" = "d"."redeemed_rounded_to_next_day" + "rounded";
END
$$;--> statement-breakpoint
-- A reward counts as earned on its earned day under the card's vendor, and once redeemed also as
-- redeemed on its redemption day under the vendor that confirmed it.
CREATE FUNCTION "rewards_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "earned_moved" boolean := true;
  "redeemed_moved" boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    "earned_moved" := (OLD."vendor_id", OLD."card_id", OLD."earned_at") IS DISTINCT FROM (NEW."vendor_id", NEW."card_id", NEW."earned_at");
    "redeemed_moved" := (OLD."vendor_id", OLD."card_id", OLD."status", OLD."redeemed_at", OLD."redeemed_by_vendor_id")
       IS DISTINCT FROM (NEW."vendor_id", NEW."card_id", NEW."status", NEW."redeemed_at", NEW."redeemed_by_vendor_id");
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF "earned_moved" THEN
      PERFORM "reward_days_add"(OLD."vendor_id", OLD."card_id", OLD."vendor_id", OLD."earned_at", -1, 0);
    END IF;
    IF "redeemed_moved" AND OLD."status" = 'redeemed' THEN
      PERFORM "reward_days_add"(OLD."vendor_id", OLD."card_id", coalesce(OLD."redeemed_by_vendor_id", OLD."vendor_id"), OLD."redeemed_at", 0, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF "earned_moved" THEN
      PERFORM "reward_days_add"(NEW."vendor_id", NEW."card_id", NEW."vendor_id", NEW."earned_at", 1, 0);
    END IF;
    IF "redeemed_moved" AND NEW."status" = 'redeemed' THEN
      PERFORM "reward_days_add"(NEW."vendor_id", NEW."card_id", coalesce(NEW."redeemed_by_vendor_id", NEW."vendor_id"), NEW."redeemed_at", 0, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "rewards_roll_up" AFTER INSERT OR DELETE OR UPDATE OF "vendor_id", "card_id", "earned_at", "status", "redeemed_at", "redeemed_by_vendor_id" ON "rewards"
  FOR EACH ROW EXECUTE FUNCTION "rewards_roll_up"();--> statement-breakpoint
CREATE FUNCTION "users_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD."created_at" IS NOT DISTINCT FROM NEW."created_at" THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "signup_days" SET "signups" = "signups" - 1
    WHERE "day" = "pakistan_day"(OLD."created_at") AND "shard" = "rollup_shard"(OLD."id");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "signup_days" AS "d" ("day", "shard", "signups") VALUES ("pakistan_day"(NEW."created_at"), "rollup_shard"(NEW."id"), 1)
    ON CONFLICT ("day", "shard") DO UPDATE SET "signups" = "d"."signups" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_roll_up" AFTER INSERT OR DELETE OR UPDATE OF "created_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_roll_up"();--> statement-breakpoint
-- Recomputes every rollup from the rows: the backfill below, and after a bulk load that ran with
-- the triggers switched off (bench/seed-scale).
CREATE FUNCTION "rebuild_analytics_rollups"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stamp_days";
  DELETE FROM "reward_days";
  DELETE FROM "signup_days";
  INSERT INTO "stamp_days" ("vendor_id", "card_id", "day", "shard", "stamps", "hour_stamps")
  SELECT "vendor_id", "card_id", "day", "shard", "stamps",
         array(SELECT coalesce(("hours" ->> "i"::text)::integer, 0) FROM generate_series(1, 25) AS "i" ORDER BY "i")
  FROM (
    SELECT "vendor_id", "card_id", "day", "shard", sum("n")::integer AS "stamps", jsonb_object_agg("slot", "n") AS "hours"
    FROM (
      SELECT "vendor_id", "card_id", "pakistan_day"("issued_at") AS "day", "rollup_shard"("id"::text) AS "shard",
             "pakistan_hour_slot"("issued_at") AS "slot", count(*)::integer AS "n"
      FROM "stamps" GROUP BY 1, 2, 3, 4, 5
    ) AS "per_slot"
    GROUP BY 1, 2, 3, 4
  ) AS "per_day";
  INSERT INTO "reward_days" ("vendor_id", "card_id", "counter_vendor_id", "day", "earned", "redeemed", "redeemed_rounded_to_next_day")
  SELECT "vendor_id", "card_id", "counter_vendor_id", "day", sum("earned")::integer, sum("redeemed")::integer, sum("rounded")::integer
  FROM (
    SELECT "vendor_id", "card_id", "vendor_id" AS "counter_vendor_id", "pakistan_day"("earned_at") AS "day", 1 AS "earned", 0 AS "redeemed", 0 AS "rounded"
    FROM "rewards"
    UNION ALL
    SELECT "vendor_id", "card_id", coalesce("redeemed_by_vendor_id", "vendor_id"), "pakistan_day"("redeemed_at"), 0, 1,
           CASE WHEN "pakistan_hour_slot"("redeemed_at") = 25 THEN 1 ELSE 0 END
    FROM "rewards" WHERE "status" = 'redeemed'
  ) AS "contributions"
  GROUP BY 1, 2, 3, 4;
  INSERT INTO "signup_days" ("day", "shard", "signups")
  SELECT "pakistan_day"("created_at"), "rollup_shard"("id"), count(*)::integer FROM "users" GROUP BY 1, 2;
END
$$;--> statement-breakpoint
SELECT "rebuild_analytics_rollups"();
