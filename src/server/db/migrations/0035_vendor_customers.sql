CREATE TABLE "vendor_customer_months" (
	"vendor_id" uuid NOT NULL,
	"month" date NOT NULL,
	"user_id" text NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_customer_months_pk" PRIMARY KEY("vendor_id","month","user_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_customers" (
	"vendor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"name" text,
	"surname" text,
	"email" text,
	"phone" text,
	"cards" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"stamps" integer DEFAULT 0 NOT NULL,
	"first_stamp_at" timestamp with time zone,
	"last_stamp_at" timestamp with time zone,
	"rewards" integer DEFAULT 0 NOT NULL,
	"last_reward_at" timestamp with time zone,
	CONSTRAINT "vendor_customers_pk" PRIMARY KEY("vendor_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "vendor_customers_user_idx" ON "vendor_customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vendor_customers_recent_idx" ON "vendor_customers" USING btree ("vendor_id","last_activity_at" DESC NULLS LAST,"user_id") WHERE "vendor_customers"."cards" > 0;--> statement-breakpoint
CREATE INDEX "vendor_customers_stamps_idx" ON "vendor_customers" USING btree ("vendor_id","stamps" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"user_id") WHERE "vendor_customers"."cards" > 0;--> statement-breakpoint
CREATE INDEX "vendor_customers_name_idx" ON "vendor_customers" USING btree ("vendor_id",lower("name"),lower("surname"),"user_id") WHERE "vendor_customers"."cards" > 0;--> statement-breakpoint
CREATE INDEX "vendor_customers_completed_idx" ON "vendor_customers" USING btree ("vendor_id","last_activity_at" DESC NULLS LAST,"user_id") WHERE "vendor_customers"."cards" > 0 and "vendor_customers"."rewards" > 0;--> statement-breakpoint
CREATE INDEX "vendor_customers_joined_idx" ON "vendor_customers" USING btree ("vendor_id","joined_at" DESC NULLS LAST,"user_id") WHERE "vendor_customers"."cards" > 0;--> statement-breakpoint
CREATE INDEX "vendor_customers_last_stamp_idx" ON "vendor_customers" USING btree ("vendor_id","last_stamp_at");--> statement-breakpoint
CREATE INDEX "vendor_customers_last_reward_idx" ON "vendor_customers" USING btree ("vendor_id","last_reward_at");--> statement-breakpoint
-- Decision 051: vendor_customers is kept by triggers on user_cards, stamps, rewards and users, in
-- the transaction of every write (cascades included). Counts move by deltas, which add up whatever
-- order a statement's row triggers fire in. A first or last time moves by least() or greatest()
-- on an insert; a delete that removes the row holding it recomputes just that time from the
-- customer's own rows (the per-user indexes keep that to a few rows), an absolute value, right
-- however many rows the statement removed. An update that moves a row to another vendor,
-- customer or time recomputes both rows' columns. A row whose counts all reach zero is deleted.
-- The common write (a stamp of a known customer) is one UPDATE; a new row first copies the
-- customer's name and contacts.
CREATE FUNCTION "vendor_customer_create"("p_vendor" uuid, "p_user" text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "vendor_customers" ("vendor_id", "user_id", "name", "surname", "email", "phone")
  SELECT "p_vendor", "p_user", "u"."name", "u"."surname", "u"."email", "u"."phone"
  FROM (SELECT 1) AS "one" LEFT JOIN "users" AS "u" ON "u"."id" = "p_user"
  ON CONFLICT ("vendor_id", "user_id") DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION "vendor_customer_prune"("p_vendor" uuid, "p_user" text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "vendor_customers"
  WHERE "vendor_id" = "p_vendor" AND "user_id" = "p_user" AND "cards" = 0 AND "stamps" = 0 AND "rewards" = 0
$$;--> statement-breakpoint
CREATE FUNCTION "vendor_customer_cards_refresh"("p_vendor" uuid, "p_user" text, "p_counts" boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "vendor_customer_create"("p_vendor", "p_user");
  UPDATE "vendor_customers" AS "d"
  SET "cards" = CASE WHEN "p_counts" THEN "a"."cards" ELSE "d"."cards" END,
      "joined_at" = "a"."joined_at", "last_activity_at" = "a"."last_activity_at"
  FROM (
    SELECT count(*)::integer AS "cards", min("uc"."created_at") AS "joined_at",
           greatest(max("uc"."last_stamp_at"), max("uc"."created_at")) AS "last_activity_at"
    FROM "user_cards" AS "uc" JOIN "loyalty_cards" AS "c" ON "c"."id" = "uc"."card_id"
    WHERE "uc"."user_id" = "p_user" AND "c"."vendor_id" = "p_vendor"
  ) AS "a"
  WHERE "d"."vendor_id" = "p_vendor" AND "d"."user_id" = "p_user";
  PERFORM "vendor_customer_prune"("p_vendor", "p_user");
END
$$;--> statement-breakpoint
CREATE FUNCTION "vendor_customer_stamps_refresh"("p_vendor" uuid, "p_user" text, "p_counts" boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "vendor_customer_create"("p_vendor", "p_user");
  UPDATE "vendor_customers" AS "d"
  SET "stamps" = CASE WHEN "p_counts" THEN "a"."stamps" ELSE "d"."stamps" END,
      "first_stamp_at" = "a"."first_stamp_at", "last_stamp_at" = "a"."last_stamp_at"
  FROM (
    SELECT count(*)::integer AS "stamps", min("issued_at") AS "first_stamp_at", max("issued_at") AS "last_stamp_at"
    FROM "stamps" WHERE "user_id" = "p_user" AND "vendor_id" = "p_vendor"
  ) AS "a"
  WHERE "d"."vendor_id" = "p_vendor" AND "d"."user_id" = "p_user";
  PERFORM "vendor_customer_prune"("p_vendor", "p_user");
END
$$;--> statement-breakpoint
CREATE FUNCTION "vendor_customer_rewards_refresh"("p_vendor" uuid, "p_user" text, "p_counts" boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "vendor_customer_create"("p_vendor", "p_user");
  UPDATE "vendor_customers" AS "d"
  SET "rewards" = CASE WHEN "p_counts" THEN "a"."rewards" ELSE "d"."rewards" END, "last_reward_at" = "a"."last_reward_at"
  FROM (
    SELECT count(*)::integer AS "rewards", max("earned_at") AS "last_reward_at"
    FROM "rewards" WHERE "user_id" = "p_user" AND "vendor_id" = "p_vendor"
  ) AS "a"
  WHERE "d"."vendor_id" = "p_vendor" AND "d"."user_id" = "p_user";
  PERFORM "vendor_customer_prune"("p_vendor", "p_user");
END
$$;--> statement-breakpoint
-- A user card counts under its card's vendor. When the card itself is being deleted (a cascade
-- from loyalty_cards, one statement per card), its vendor can no longer be looked up: every row
-- of the customer is recomputed instead, counts included, which leaves the deleted card out.
CREATE FUNCTION "user_cards_customer_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "card_vendor" uuid;
  "moves_bounds" boolean;
  "removed_from" timestamptz;
  "removed_until" timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT "vendor_id" INTO "card_vendor" FROM "loyalty_cards" WHERE "id" = NEW."card_id";
    FOR "attempt" IN 1..2 LOOP
      UPDATE "vendor_customers"
      SET "cards" = "cards" + 1, "joined_at" = least("joined_at", NEW."created_at"),
          "last_activity_at" = greatest("last_activity_at", NEW."last_stamp_at", NEW."created_at")
      WHERE "vendor_id" = "card_vendor" AND "user_id" = NEW."user_id";
      EXIT WHEN FOUND;
      PERFORM "vendor_customer_create"("card_vendor", NEW."user_id");
    END LOOP;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT "vendor_id" INTO "card_vendor" FROM "loyalty_cards" WHERE "id" = OLD."card_id";
    IF NOT FOUND THEN
      PERFORM "vendor_customer_cards_refresh"("vc"."vendor_id", "vc"."user_id", true)
      FROM "vendor_customers" AS "vc" WHERE "vc"."user_id" = OLD."user_id" AND "vc"."cards" > 0;
      RETURN NULL;
    END IF;
    -- (The removed row's times as variables: PostgreSQL 18 reads OLD in RETURNING as the updated row.)
    "removed_from" := OLD."created_at";
    "removed_until" := greatest(OLD."last_stamp_at", OLD."created_at");
    UPDATE "vendor_customers" SET "cards" = "cards" - 1
    WHERE "vendor_id" = "card_vendor" AND "user_id" = OLD."user_id"
    RETURNING "removed_from" <= "joined_at" OR "removed_until" >= "last_activity_at" INTO "moves_bounds";
    IF "moves_bounds" IS NOT FALSE THEN
      PERFORM "vendor_customer_cards_refresh"("card_vendor", OLD."user_id", false);
    ELSE
      PERFORM "vendor_customer_prune"("card_vendor", OLD."user_id");
    END IF;
    RETURN NULL;
  END IF;
  IF (OLD."user_id", OLD."card_id", OLD."created_at") IS NOT DISTINCT FROM (NEW."user_id", NEW."card_id", NEW."created_at") THEN
    IF OLD."last_stamp_at" IS NOT DISTINCT FROM NEW."last_stamp_at" THEN
      RETURN NULL;
    END IF;
    SELECT "vendor_id" INTO "card_vendor" FROM "loyalty_cards" WHERE "id" = NEW."card_id";
    IF OLD."last_stamp_at" IS NULL OR NEW."last_stamp_at" >= OLD."last_stamp_at" THEN
      -- A stamp: the card's last stamp moves later, and the customer's last activity with it.
      UPDATE "vendor_customers" SET "last_activity_at" = NEW."last_stamp_at"
      WHERE "vendor_id" = "card_vendor" AND "user_id" = NEW."user_id" AND "last_activity_at" < NEW."last_stamp_at";
    ELSE
      PERFORM "vendor_customer_cards_refresh"("card_vendor", NEW."user_id", false);
    END IF;
    RETURN NULL;
  END IF;
  SELECT "vendor_id" INTO "card_vendor" FROM "loyalty_cards" WHERE "id" = OLD."card_id";
  PERFORM "vendor_customer_cards_refresh"("card_vendor", OLD."user_id", true);
  SELECT "vendor_id" INTO "card_vendor" FROM "loyalty_cards" WHERE "id" = NEW."card_id";
  PERFORM "vendor_customer_cards_refresh"("card_vendor", NEW."user_id", true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_cards_customer_roll_up" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "card_id", "created_at", "last_stamp_at" ON "user_cards"
  FOR EACH ROW EXECUTE FUNCTION "user_cards_customer_roll_up"();--> statement-breakpoint
-- A stamp's Pakistan month, and its count there (pure deltas; a month at zero is deleted).
CREATE FUNCTION "pakistan_month"("at" timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select date_trunc('month', "pakistan_day"("at")::timestamp)::date
$$;--> statement-breakpoint
CREATE FUNCTION "vendor_customer_month_add"("p_vendor" uuid, "p_user" text, "p_at" timestamptz, "p_delta" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vendor_customer_months" AS "d" ("vendor_id", "month", "user_id", "stamps")
  VALUES ("p_vendor", "pakistan_month"("p_at"), "p_user", "p_delta")
  ON CONFLICT ("vendor_id", "month", "user_id") DO UPDATE SET "stamps" = "d"."stamps" + "p_delta";
  IF "p_delta" < 0 THEN
    DELETE FROM "vendor_customer_months"
    WHERE "vendor_id" = "p_vendor" AND "month" = "pakistan_month"("p_at") AND "user_id" = "p_user" AND "stamps" = 0;
  END IF;
END
$$;--> statement-breakpoint
-- A stamp counts under the vendor that issued it, in vendor_customers and in its month.
CREATE FUNCTION "stamps_customer_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "moves_bounds" boolean;
  "removed_at" timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR "attempt" IN 1..2 LOOP
      UPDATE "vendor_customers"
      SET "stamps" = "stamps" + 1, "first_stamp_at" = least("first_stamp_at", NEW."issued_at"),
          "last_stamp_at" = greatest("last_stamp_at", NEW."issued_at")
      WHERE "vendor_id" = NEW."vendor_id" AND "user_id" = NEW."user_id";
      EXIT WHEN FOUND;
      PERFORM "vendor_customer_create"(NEW."vendor_id", NEW."user_id");
    END LOOP;
    PERFORM "vendor_customer_month_add"(NEW."vendor_id", NEW."user_id", NEW."issued_at", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "vendor_customer_month_add"(OLD."vendor_id", OLD."user_id", OLD."issued_at", -1);
    "removed_at" := OLD."issued_at";
    UPDATE "vendor_customers" SET "stamps" = "stamps" - 1
    WHERE "vendor_id" = OLD."vendor_id" AND "user_id" = OLD."user_id"
    RETURNING "removed_at" <= "first_stamp_at" OR "removed_at" >= "last_stamp_at" INTO "moves_bounds";
    IF "moves_bounds" IS NOT FALSE THEN
      PERFORM "vendor_customer_stamps_refresh"(OLD."vendor_id", OLD."user_id", false);
    ELSE
      PERFORM "vendor_customer_prune"(OLD."vendor_id", OLD."user_id");
    END IF;
  ELSIF (OLD."vendor_id", OLD."user_id", OLD."issued_at") IS DISTINCT FROM (NEW."vendor_id", NEW."user_id", NEW."issued_at") THEN
    PERFORM "vendor_customer_month_add"(OLD."vendor_id", OLD."user_id", OLD."issued_at", -1);
    PERFORM "vendor_customer_month_add"(NEW."vendor_id", NEW."user_id", NEW."issued_at", 1);
    PERFORM "vendor_customer_stamps_refresh"(OLD."vendor_id", OLD."user_id", true);
    PERFORM "vendor_customer_stamps_refresh"(NEW."vendor_id", NEW."user_id", true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stamps_customer_roll_up" AFTER INSERT OR DELETE OR UPDATE OF "vendor_id", "user_id", "issued_at" ON "stamps"
  FOR EACH ROW EXECUTE FUNCTION "stamps_customer_roll_up"();--> statement-breakpoint
-- A reward counts under its card's vendor (`rewards.vendor_id`), whoever confirmed it.
CREATE FUNCTION "rewards_customer_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "moves_bounds" boolean;
  "removed_at" timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR "attempt" IN 1..2 LOOP
      UPDATE "vendor_customers" SET "rewards" = "rewards" + 1, "last_reward_at" = greatest("last_reward_at", NEW."earned_at")
      WHERE "vendor_id" = NEW."vendor_id" AND "user_id" = NEW."user_id";
      EXIT WHEN FOUND;
      PERFORM "vendor_customer_create"(NEW."vendor_id", NEW."user_id");
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    "removed_at" := OLD."earned_at";
    UPDATE "vendor_customers" SET "rewards" = "rewards" - 1
    WHERE "vendor_id" = OLD."vendor_id" AND "user_id" = OLD."user_id"
    RETURNING "removed_at" >= "last_reward_at" INTO "moves_bounds";
    IF "moves_bounds" IS NOT FALSE THEN
      PERFORM "vendor_customer_rewards_refresh"(OLD."vendor_id", OLD."user_id", false);
    ELSE
      PERFORM "vendor_customer_prune"(OLD."vendor_id", OLD."user_id");
    END IF;
  ELSIF (OLD."vendor_id", OLD."user_id", OLD."earned_at") IS DISTINCT FROM (NEW."vendor_id", NEW."user_id", NEW."earned_at") THEN
    PERFORM "vendor_customer_rewards_refresh"(OLD."vendor_id", OLD."user_id", true);
    PERFORM "vendor_customer_rewards_refresh"(NEW."vendor_id", NEW."user_id", true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "rewards_customer_roll_up" AFTER INSERT OR DELETE OR UPDATE OF "vendor_id", "user_id", "earned_at" ON "rewards"
  FOR EACH ROW EXECUTE FUNCTION "rewards_customer_roll_up"();--> statement-breakpoint
-- A customer's new name or contacts reach every vendor's row of them.
CREATE FUNCTION "users_customer_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vendor_customers" SET "name" = NEW."name", "surname" = NEW."surname", "email" = NEW."email", "phone" = NEW."phone"
  WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_customer_roll_up" AFTER UPDATE OF "name", "surname", "email", "phone" ON "users"
  FOR EACH ROW WHEN ((OLD."name", OLD."surname", OLD."email", OLD."phone") IS DISTINCT FROM (NEW."name", NEW."surname", NEW."email", NEW."phone"))
  EXECUTE FUNCTION "users_customer_roll_up"();--> statement-breakpoint
-- Recomputes every row (and every month) from user_cards, stamps, rewards and users: the backfill below, and after
-- a bulk load that ran with the triggers switched off (bench/seed-scale).
CREATE FUNCTION "rebuild_vendor_customers"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "vendor_customer_months";
  INSERT INTO "vendor_customer_months" ("vendor_id", "month", "user_id", "stamps")
  SELECT "vendor_id", "pakistan_month"("issued_at"), "user_id", count(*)::integer FROM "stamps" GROUP BY 1, 2, 3;
  DELETE FROM "vendor_customers";
  INSERT INTO "vendor_customers" ("vendor_id", "user_id", "name", "surname", "email", "phone", "cards", "joined_at", "last_activity_at",
    "stamps", "first_stamp_at", "last_stamp_at", "rewards", "last_reward_at")
  SELECT "parts"."vendor_id", "parts"."user_id", "u"."name", "u"."surname", "u"."email", "u"."phone",
         sum("cards")::integer, min("joined_at"), max("last_activity_at"),
         sum("stamps")::integer, min("first_stamp_at"), max("last_stamp_at"), sum("rewards")::integer, max("last_reward_at")
  FROM (
    SELECT "c"."vendor_id", "uc"."user_id", count(*) AS "cards", min("uc"."created_at") AS "joined_at",
           greatest(max("uc"."last_stamp_at"), max("uc"."created_at")) AS "last_activity_at",
           0 AS "stamps", NULL::timestamptz AS "first_stamp_at", NULL::timestamptz AS "last_stamp_at", 0 AS "rewards", NULL::timestamptz AS "last_reward_at"
    FROM "user_cards" AS "uc" JOIN "loyalty_cards" AS "c" ON "c"."id" = "uc"."card_id" GROUP BY 1, 2
    UNION ALL
    SELECT "vendor_id", "user_id", 0, NULL, NULL, count(*), min("issued_at"), max("issued_at"), 0, NULL FROM "stamps" GROUP BY 1, 2
    UNION ALL
    SELECT "vendor_id", "user_id", 0, NULL, NULL, 0, NULL, NULL, count(*), max("earned_at") FROM "rewards" GROUP BY 1, 2
  ) AS "parts"
  LEFT JOIN "users" AS "u" ON "u"."id" = "parts"."user_id"
  GROUP BY 1, 2, 3, 4, 5, 6;
END
$$;--> statement-breakpoint
SELECT "rebuild_vendor_customers"();
