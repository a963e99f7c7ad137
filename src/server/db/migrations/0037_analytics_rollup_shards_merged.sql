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
$$;
