CREATE TABLE "vendor_month_bills" (
	"vendor_id" uuid NOT NULL,
	"month" date NOT NULL,
	"total_bills" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_month_bills_pk" PRIMARY KEY("vendor_id","month"),
	CONSTRAINT "vendor_month_bills_total_check" CHECK ("vendor_month_bills"."total_bills" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_monthly_reports" (
	"vendor_id" uuid NOT NULL,
	"month" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_monthly_reports_pk" PRIMARY KEY("vendor_id","month")
);
--> statement-breakpoint
CREATE TABLE "reward_value_days" (
	"vendor_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"expires_day" date NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"redeemed_value" bigint DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reward_value_days_pk" PRIMARY KEY("vendor_id","day","card_id","branch_id","expires_day")
);
--> statement-breakpoint
CREATE TABLE "visit_days" (
	"vendor_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"billed_visits" integer DEFAULT 0 NOT NULL,
	"bill_pkr" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_days_pk" PRIMARY KEY("vendor_id","day","card_id","branch_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "vendor_month_bills" ADD CONSTRAINT "vendor_month_bills_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_monthly_reports" ADD CONSTRAINT "vendor_monthly_reports_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_days_vendor_user_idx" ON "visit_days" USING btree ("vendor_id","user_id","day");--> statement-breakpoint
-- Hand-written (decision 090): the programme-health rollups' triggers and their rebuild.
-- A visit is a stamp of kind 'visit' that no stamp_reversals row names. The stamps trigger is
-- BEFORE, so a stamp deleted by a cascade still sees its reversal (if that cascade has not removed
-- it yet): a reversed stamp's visit was taken off when it was reversed and is not taken off again;
-- a reversal deleted while its stamp is still there gives the visit back; one deleted after its
-- stamp (the stamp is gone) changes nothing. Either order of a cascade ends at zero.
CREATE FUNCTION "visit_days_add"("p_vendor" uuid, "p_card" uuid, "p_branch" uuid, "p_user" text, "p_at" timestamptz, "p_bill" integer, "p_delta" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_branch uuid := coalesce("p_branch", '00000000-0000-0000-0000-000000000000');
  v_day date := (("p_at" AT TIME ZONE 'UTC') + interval '5 hours')::date;
BEGIN
  INSERT INTO "visit_days" AS v ("vendor_id", "card_id", "branch_id", "user_id", "day", "visits", "billed_visits", "bill_pkr")
  VALUES ("p_vendor", "p_card", v_branch, "p_user", v_day, "p_delta",
    CASE WHEN "p_bill" IS NULL THEN 0 ELSE "p_delta" END, coalesce("p_bill", 0)::bigint * "p_delta")
  ON CONFLICT ON CONSTRAINT "visit_days_pk" DO UPDATE SET
    "visits" = v."visits" + excluded."visits",
    "billed_visits" = v."billed_visits" + excluded."billed_visits",
    "bill_pkr" = v."bill_pkr" + excluded."bill_pkr";
  IF "p_delta" < 0 THEN
    DELETE FROM "visit_days" WHERE "vendor_id" = "p_vendor" AND "day" = v_day AND "card_id" = "p_card"
      AND "branch_id" = v_branch AND "user_id" = "p_user" AND "visits" = 0;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "stamps_visit_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."kind" = 'visit'
    AND NOT EXISTS (SELECT 1 FROM "stamp_reversals" WHERE "stamp_id" = OLD."id") THEN
    PERFORM "visit_days_add"(OLD."vendor_id", OLD."card_id", OLD."branch_id", OLD."user_id", OLD."issued_at", OLD."bill_pkr", -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."kind" = 'visit'
    AND (TG_OP = 'INSERT' OR NOT EXISTS (SELECT 1 FROM "stamp_reversals" WHERE "stamp_id" = NEW."id")) THEN
    PERFORM "visit_days_add"(NEW."vendor_id", NEW."card_id", NEW."branch_id", NEW."user_id", NEW."issued_at", NEW."bill_pkr", 1);
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "stamps_visit_days" BEFORE INSERT OR DELETE OR UPDATE OF "vendor_id", "card_id", "user_id", "issued_at", "kind", "branch_id", "bill_pkr" ON "stamps"
  FOR EACH ROW EXECUTE FUNCTION "stamps_visit_days"();--> statement-breakpoint
CREATE FUNCTION "stamp_reversals_visit_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO s FROM "stamps" WHERE "id" = OLD."stamp_id";
    IF FOUND AND s."kind" = 'visit' THEN
      PERFORM "visit_days_add"(s."vendor_id", s."card_id", s."branch_id", s."user_id", s."issued_at", s."bill_pkr", 1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO s FROM "stamps" WHERE "id" = NEW."stamp_id";
    IF FOUND AND s."kind" = 'visit' THEN
      PERFORM "visit_days_add"(s."vendor_id", s."card_id", s."branch_id", s."user_id", s."issued_at", s."bill_pkr", -1);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stamp_reversals_visit_days" AFTER INSERT OR DELETE OR UPDATE OF "stamp_id" ON "stamp_reversals"
  FOR EACH ROW EXECUTE FUNCTION "stamp_reversals_visit_days"();--> statement-breakpoint
-- A reward counts as redeemed (with its value) on its day of redemption, at the branch that
-- confirmed it, or as open on the day it was earned and the day it expires; a withdrawn one not
-- at all. Expiry instants are Pakistan midnights (shared/rewards/reward-expiry.ts), so a reward is
-- expired exactly when its expiry day is today or earlier.
CREATE FUNCTION "reward_value_days_add"("p_vendor" uuid, "p_card" uuid, "p_status" text, "p_earned_at" timestamptz, "p_expires_at" timestamptz, "p_redeemed_at" timestamptz, "p_branch" uuid, "p_value" integer, "p_delta" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_redeemed boolean := "p_status" = 'redeemed' AND "p_redeemed_at" IS NOT NULL;
  v_branch uuid := CASE WHEN v_redeemed THEN coalesce("p_branch", '00000000-0000-0000-0000-000000000000') ELSE '00000000-0000-0000-0000-000000000000' END;
  v_day date := ((CASE WHEN v_redeemed THEN "p_redeemed_at" ELSE "p_earned_at" END AT TIME ZONE 'UTC') + interval '5 hours')::date;
  v_expires date := CASE WHEN v_redeemed OR "p_expires_at" IS NULL THEN 'infinity'::date
    ELSE (("p_expires_at" AT TIME ZONE 'UTC') + interval '5 hours')::date END;
BEGIN
  IF NOT v_redeemed AND "p_status" <> 'earned' THEN RETURN; END IF;
  INSERT INTO "reward_value_days" AS r ("vendor_id", "card_id", "branch_id", "day", "expires_day", "redeemed", "redeemed_value", "open")
  VALUES ("p_vendor", "p_card", v_branch, v_day, v_expires,
    CASE WHEN v_redeemed THEN "p_delta" ELSE 0 END,
    CASE WHEN v_redeemed THEN "p_value"::bigint * "p_delta" ELSE 0 END,
    CASE WHEN v_redeemed THEN 0 ELSE "p_delta" END)
  ON CONFLICT ON CONSTRAINT "reward_value_days_pk" DO UPDATE SET
    "redeemed" = r."redeemed" + excluded."redeemed",
    "redeemed_value" = r."redeemed_value" + excluded."redeemed_value",
    "open" = r."open" + excluded."open";
  IF "p_delta" < 0 THEN
    DELETE FROM "reward_value_days" WHERE "vendor_id" = "p_vendor" AND "day" = v_day AND "card_id" = "p_card"
      AND "branch_id" = v_branch AND "expires_day" = v_expires AND "redeemed" = 0 AND "open" = 0;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "rewards_value_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "reward_value_days_add"(OLD."vendor_id", OLD."card_id", OLD."status", OLD."earned_at", OLD."expires_at", OLD."redeemed_at", OLD."redeemed_branch_id", OLD."reward_value", -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "reward_value_days_add"(NEW."vendor_id", NEW."card_id", NEW."status", NEW."earned_at", NEW."expires_at", NEW."redeemed_at", NEW."redeemed_branch_id", NEW."reward_value", 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rewards_value_days" AFTER INSERT OR DELETE OR UPDATE OF "vendor_id", "card_id", "status", "earned_at", "expires_at", "redeemed_at", "redeemed_branch_id", "reward_value" ON "rewards"
  FOR EACH ROW EXECUTE FUNCTION "rewards_value_days"();--> statement-breakpoint
CREATE FUNCTION "rebuild_programme_health"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
END $$;--> statement-breakpoint
SELECT "rebuild_programme_health"();
