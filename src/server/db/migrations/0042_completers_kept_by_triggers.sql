CREATE TABLE "card_completers" (
	"card_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rewards" integer NOT NULL,
	CONSTRAINT "card_completers_pk" PRIMARY KEY("card_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "card_holders" ADD COLUMN "completers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_totals" ADD COLUMN "completers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 067. A card's completers (customers with a reward of it) and a vendor's completed
-- customers were counted on every read (analytics' card table, the card list, the customers
-- summary). card_completers holds one row per card and customer with rewards, kept in the
-- statement that writes them: deleting three rewards of one customer (their account, or the card)
-- takes the row down once. Rewards are earned under the customer's user card lock, one at a time.
CREATE FUNCTION "rewards_count_completers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "card_completers" WHERE "card_id" = OLD."card_id" AND "user_id" = OLD."user_id" AND "rewards" <= 1;
    IF NOT FOUND THEN
      UPDATE "card_completers" SET "rewards" = "rewards" - 1 WHERE "card_id" = OLD."card_id" AND "user_id" = OLD."user_id";
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "card_completers" AS "cc" ("card_id", "user_id", "rewards") VALUES (NEW."card_id", NEW."user_id", 1)
    ON CONFLICT ("card_id", "user_id") DO UPDATE SET "rewards" = "cc"."rewards" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "rewards_count_completers" AFTER INSERT OR DELETE ON "rewards"
  FOR EACH ROW EXECUTE FUNCTION "rewards_count_completers"();--> statement-breakpoint
CREATE TRIGGER "rewards_count_completers_moved" AFTER UPDATE OF "card_id", "user_id" ON "rewards"
  FOR EACH ROW WHEN ((OLD."card_id", OLD."user_id") IS DISTINCT FROM (NEW."card_id", NEW."user_id"))
  EXECUTE FUNCTION "rewards_count_completers"();--> statement-breakpoint
-- The card's count, at commit into the transaction's shard, as its holders (0037).
CREATE FUNCTION "card_completers_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "card_holders" AS "h" ("card_id", "shard", "completers")
  VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."card_id" ELSE NEW."card_id" END, "transaction_shard"(),
          CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END)
  ON CONFLICT ("card_id", "shard") DO UPDATE SET "completers" = "h"."completers" + excluded."completers";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "card_completers_count" AFTER INSERT OR DELETE ON "card_completers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "card_completers_count"();--> statement-breakpoint
-- vendor_totals_add gains the completers; the trigger functions of 0037 call it with four values.
DROP FUNCTION "vendor_totals_add"(uuid, integer, integer, integer);--> statement-breakpoint
CREATE FUNCTION "vendor_totals_add"("p_vendor" uuid, "p_stamps" integer, "p_redeemed" integer, "p_customers" integer, "p_completers" integer DEFAULT 0) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vendor_totals" AS "t" ("vendor_id", "shard", "stamps", "redeemed", "customers", "completers")
  VALUES ("p_vendor", "transaction_shard"(), "p_stamps", "p_redeemed", "p_customers", "p_completers")
  ON CONFLICT ("vendor_id", "shard") DO UPDATE
    SET "stamps" = "t"."stamps" + "p_stamps", "redeemed" = "t"."redeemed" + "p_redeemed",
        "customers" = "t"."customers" + "p_customers", "completers" = "t"."completers" + "p_completers";
END
$$;--> statement-breakpoint
-- A customer counts while their vendor_customers row holds a card, and as completed while it has a reward.
CREATE OR REPLACE FUNCTION "vendor_customers_count_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND (OLD."cards" > 0 OR OLD."last_reward_at" IS NOT NULL) THEN
    PERFORM "vendor_totals_add"(OLD."vendor_id", 0, 0, CASE WHEN OLD."cards" > 0 THEN -1 ELSE 0 END,
                                CASE WHEN OLD."last_reward_at" IS NOT NULL THEN -1 ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW."cards" > 0 OR NEW."last_reward_at" IS NOT NULL) THEN
    PERFORM "vendor_totals_add"(NEW."vendor_id", 0, 0, CASE WHEN NEW."cards" > 0 THEN 1 ELSE 0 END,
                                CASE WHEN NEW."last_reward_at" IS NOT NULL THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "vendor_customers_count_moved" ON "vendor_customers";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "vendor_customers_count_moved" AFTER UPDATE OF "vendor_id", "user_id", "cards", "last_reward_at" ON "vendor_customers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."vendor_id", OLD."user_id", OLD."cards" > 0, OLD."last_reward_at" IS NOT NULL)
        IS DISTINCT FROM (NEW."vendor_id", NEW."user_id", NEW."cards" > 0, NEW."last_reward_at" IS NOT NULL))
  EXECUTE FUNCTION "vendor_customers_count_up"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_dashboard_counts"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "card_completers";
  INSERT INTO "card_completers" ("card_id", "user_id", "rewards")
  SELECT "card_id", "user_id", count(*)::integer FROM "rewards" GROUP BY 1, 2;
  -- The counts those writes queued for commit are run now, and then replaced by the rebuild's own.
  SET CONSTRAINTS "card_completers_count" IMMEDIATE;
  SET CONSTRAINTS "card_completers_count" DEFERRED;
  DELETE FROM "vendor_totals";
  DELETE FROM "card_holders";
  INSERT INTO "vendor_totals" ("vendor_id", "shard", "stamps", "redeemed", "customers", "completers")
  SELECT "vendor_id", 0, sum("stamps")::integer, sum("redeemed")::integer, sum("customers")::integer, sum("completers")::integer
  FROM (
    SELECT "vendor_id", count(*) AS "stamps", 0 AS "redeemed", 0 AS "customers", 0 AS "completers" FROM "stamps" GROUP BY 1
    UNION ALL
    SELECT "vendor_id", 0, count(*), 0, 0 FROM "rewards" WHERE "status" = 'redeemed' GROUP BY 1
    UNION ALL
    SELECT "vendor_id", 0, 0, count(*) FILTER (WHERE "cards" > 0), count(*) FILTER (WHERE "last_reward_at" IS NOT NULL)
    FROM "vendor_customers" GROUP BY 1
  ) AS "counts"
  GROUP BY 1;
  INSERT INTO "card_holders" ("card_id", "shard", "holders", "completers")
  SELECT "card_id", 0, sum("holders")::integer, sum("completers")::integer
  FROM (
    SELECT "card_id", count(*) AS "holders", 0 AS "completers" FROM "user_cards" GROUP BY 1
    UNION ALL
    SELECT "card_id", 0, count(*) FROM "card_completers" GROUP BY 1
  ) AS "counts"
  GROUP BY 1;
END
$$;--> statement-breakpoint
SELECT "rebuild_dashboard_counts"();
