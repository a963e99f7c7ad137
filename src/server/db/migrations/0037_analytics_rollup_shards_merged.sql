CREATE TABLE "card_holders" (
	"card_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"holders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_holders_pk" PRIMARY KEY("card_id","shard")
);
--> statement-breakpoint
CREATE TABLE "vendor_totals" (
	"vendor_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_totals_pk" PRIMARY KEY("vendor_id","shard")
);
--> statement-breakpoint
CREATE INDEX "rewards_vendor_earned_idx" ON "rewards" USING btree ("vendor_id","earned_at");--> statement-breakpoint
CREATE INDEX "stamp_days_shards_day_idx" ON "stamp_days" USING btree ("day") WHERE "stamp_days"."shard" <> 0;--> statement-breakpoint
-- A daily job folds the shards of past days into shard 0 (decision 055), so a deleted sign-up's
-- shard row may be gone: the delete now takes its count back by an upsert, as stamps already do,
-- and the next merge folds the negative row in.
CREATE OR REPLACE FUNCTION "users_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD."created_at" IS NOT DISTINCT FROM NEW."created_at" THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "signup_days" AS "d" ("day", "shard", "signups") VALUES ("pakistan_day"(OLD."created_at"), "rollup_shard"(OLD."id"), -1)
    ON CONFLICT ("day", "shard") DO UPDATE SET "signups" = "d"."signups" - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "signup_days" AS "d" ("day", "shard", "signups") VALUES ("pakistan_day"(NEW."created_at"), "rollup_shard"(NEW."id"), 1)
    ON CONFLICT ("day", "shard") DO UPDATE SET "signups" = "d"."signups" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The rebuild writes every day into shard 0: the shards only spread one day's concurrent writers,
-- and a read of a vendor's whole history then reads one row per card and day.
CREATE OR REPLACE FUNCTION "rebuild_analytics_rollups"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stamp_days";
  DELETE FROM "reward_days";
  DELETE FROM "signup_days";
  INSERT INTO "stamp_days" ("vendor_id", "card_id", "day", "shard", "stamps", "hour_stamps")
  SELECT "vendor_id", "card_id", "day", 0, "stamps",
         array(SELECT coalesce(("hours" ->> "i"::text)::integer, 0) FROM generate_series(1, 25) AS "i" ORDER BY "i")
  FROM (
    SELECT "vendor_id", "card_id", "day", sum("n")::integer AS "stamps", jsonb_object_agg("slot", "n") AS "hours"
    FROM (
      SELECT "vendor_id", "card_id", "pakistan_day"("issued_at") AS "day",
             "pakistan_hour_slot"("issued_at") AS "slot", count(*)::integer AS "n"
      FROM "stamps" GROUP BY 1, 2, 3, 4
    ) AS "per_slot"
    GROUP BY 1, 2, 3
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
  SELECT "pakistan_day"("created_at"), 0, count(*)::integer FROM "users" GROUP BY 1;
END
$$;--> statement-breakpoint
-- stamp_days_add and reward_days_add as 0033 wrote them: the dashboard's all-time counts are kept
-- by triggers of their own below.
CREATE OR REPLACE FUNCTION "stamp_days_add"("p_vendor" uuid, "p_card" uuid, "p_at" timestamptz, "p_shard" smallint, "p_delta" integer) RETURNS void LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE FUNCTION "reward_days_add"("p_vendor" uuid, "p_card" uuid, "p_counter" uuid, "p_at" timestamptz, "p_earned" integer, "p_redeemed" integer) RETURNS void LANGUAGE plpgsql AS $$
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
-- The dashboard's all-time counts (decision 055) are rows every stamp, redemption and new customer
-- of a vendor writes, so they are written when the transaction commits (deferred constraint
-- triggers), into the one shard of that transaction: a transaction never holds one of them while
-- it waits for anything else, nor two shards of one vendor, so two stamps cannot deadlock on them
-- (a stamp that joined the card would otherwise hold a shard from its join and wait for another).
CREATE FUNCTION "transaction_shard"() RETURNS smallint LANGUAGE sql VOLATILE AS $$
  SELECT (txid_current() % 8)::smallint
$$;--> statement-breakpoint
CREATE FUNCTION "vendor_totals_add"("p_vendor" uuid, "p_stamps" integer, "p_redeemed" integer, "p_customers" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vendor_totals" AS "t" ("vendor_id", "shard", "stamps", "redeemed", "customers")
  VALUES ("p_vendor", "transaction_shard"(), "p_stamps", "p_redeemed", "p_customers")
  ON CONFLICT ("vendor_id", "shard") DO UPDATE
    SET "stamps" = "t"."stamps" + "p_stamps", "redeemed" = "t"."redeemed" + "p_redeemed", "customers" = "t"."customers" + "p_customers";
END
$$;--> statement-breakpoint
-- Stamps under the issuing vendor, as stamp_days counts them.
CREATE FUNCTION "stamps_count_total"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "vendor_totals_add"(OLD."vendor_id", -1, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "vendor_totals_add"(NEW."vendor_id", 1, 0, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stamps_count_total" AFTER INSERT OR DELETE ON "stamps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "stamps_count_total"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stamps_count_total_moved" AFTER UPDATE OF "vendor_id" ON "stamps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."vendor_id" IS DISTINCT FROM NEW."vendor_id")
  EXECUTE FUNCTION "stamps_count_total"();--> statement-breakpoint
-- Redemptions under the card's vendor (rewards.vendor_id), whoever confirmed them.
CREATE FUNCTION "rewards_count_total"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'redeemed' THEN
    PERFORM "vendor_totals_add"(OLD."vendor_id", 0, -1, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'redeemed' THEN
    PERFORM "vendor_totals_add"(NEW."vendor_id", 0, 1, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rewards_count_total" AFTER INSERT OR DELETE ON "rewards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "rewards_count_total"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rewards_count_total_moved" AFTER UPDATE OF "vendor_id", "status" ON "rewards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_id", OLD."status" = 'redeemed') IS DISTINCT FROM (NEW."vendor_id", NEW."status" = 'redeemed'))
  EXECUTE FUNCTION "rewards_count_total"();--> statement-breakpoint
-- A customer counts for a vendor while their vendor_customers row holds a card (decision 051).
CREATE FUNCTION "vendor_customers_count_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."cards" > 0 THEN
    PERFORM "vendor_totals_add"(OLD."vendor_id", 0, 0, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."cards" > 0 THEN
    PERFORM "vendor_totals_add"(NEW."vendor_id", 0, 0, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_customers_count_up" AFTER INSERT OR DELETE ON "vendor_customers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "vendor_customers_count_up"();--> statement-breakpoint
-- Every stamp updates its customer's row; only a change of whether it holds a card counts.
CREATE CONSTRAINT TRIGGER "vendor_customers_count_moved" AFTER UPDATE OF "vendor_id", "user_id", "cards" ON "vendor_customers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_id", OLD."user_id", OLD."cards" > 0) IS DISTINCT FROM (NEW."vendor_id", NEW."user_id", NEW."cards" > 0))
  EXECUTE FUNCTION "vendor_customers_count_up"();--> statement-breakpoint
CREATE FUNCTION "user_cards_count_holders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "card_holders" AS "h" ("card_id", "shard", "holders") VALUES (OLD."card_id", "transaction_shard"(), -1)
    ON CONFLICT ("card_id", "shard") DO UPDATE SET "holders" = "h"."holders" - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "card_holders" AS "h" ("card_id", "shard", "holders") VALUES (NEW."card_id", "transaction_shard"(), 1)
    ON CONFLICT ("card_id", "shard") DO UPDATE SET "holders" = "h"."holders" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_cards_count_holders" AFTER INSERT OR DELETE ON "user_cards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_cards_count_holders"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_cards_count_holders_moved" AFTER UPDATE OF "card_id", "user_id" ON "user_cards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((OLD."card_id", OLD."user_id") IS DISTINCT FROM (NEW."card_id", NEW."user_id"))
  EXECUTE FUNCTION "user_cards_count_holders"();--> statement-breakpoint
-- Recomputes both from the rows: the backfill below, and after a bulk load without triggers (bench/seed-scale).
CREATE FUNCTION "rebuild_dashboard_counts"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "vendor_totals";
  DELETE FROM "card_holders";
  INSERT INTO "vendor_totals" ("vendor_id", "shard", "stamps", "redeemed", "customers")
  SELECT "vendor_id", 0, sum("stamps")::integer, sum("redeemed")::integer, sum("customers")::integer
  FROM (
    SELECT "vendor_id", count(*) AS "stamps", 0 AS "redeemed", 0 AS "customers" FROM "stamps" GROUP BY 1
    UNION ALL
    SELECT "vendor_id", 0, count(*), 0 FROM "rewards" WHERE "status" = 'redeemed' GROUP BY 1
    UNION ALL
    SELECT "vendor_id", 0, 0, count(*) FROM "vendor_customers" WHERE "cards" > 0 GROUP BY 1
  ) AS "counts"
  GROUP BY 1;
  INSERT INTO "card_holders" ("card_id", "shard", "holders")
  SELECT "card_id", 0, count(*)::integer FROM "user_cards" GROUP BY 1;
END
$$;--> statement-breakpoint
SELECT "rebuild_dashboard_counts"();
