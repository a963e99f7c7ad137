CREATE TABLE "vendor_visitors" (
	"vendor_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"first_visit_day" date NOT NULL,
	"second_visit_day" date,
	CONSTRAINT "vendor_visitors_pk" PRIMARY KEY("vendor_id","user_id")
);
--> statement-breakpoint
-- Hand-written: vendor_visitors kept by visit_days_add. A change on a day after the customer's
-- second visit changes neither of the first two (one primary-key read, the common case of a
-- regular's stamp); any other takes the row's lock, then reads the customer's first two visit
-- days from visit_days_vendor_user_idx. Each statement of this VOLATILE function sees what
-- committed before it, so two first-day stamps of one customer on two cards, queued on the lock,
-- end with both visits counted.
CREATE FUNCTION "vendor_visitors_refresh"("p_vendor" uuid, "p_user" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_first date;
  v_second date;
  r record;
BEGIN
  INSERT INTO "vendor_visitors" AS v ("vendor_id", "user_id", "first_visit_day") VALUES ("p_vendor", "p_user", 'infinity')
  ON CONFLICT ON CONSTRAINT "vendor_visitors_pk" DO UPDATE SET "first_visit_day" = v."first_visit_day";
  FOR r IN SELECT "day", sum("visits") AS "visits" FROM "visit_days"
    WHERE "vendor_id" = "p_vendor" AND "user_id" = "p_user"
    GROUP BY "day" HAVING sum("visits") > 0 ORDER BY "day" LIMIT 2
  LOOP
    IF v_first IS NULL THEN
      v_first := r."day";
      IF r."visits" >= 2 THEN v_second := r."day"; END IF;
    ELSIF v_second IS NULL THEN
      v_second := r."day";
    END IF;
  END LOOP;
  IF v_first IS NULL THEN
    DELETE FROM "vendor_visitors" WHERE "vendor_id" = "p_vendor" AND "user_id" = "p_user";
  ELSE
    UPDATE "vendor_visitors" SET "first_visit_day" = v_first, "second_visit_day" = v_second
    WHERE "vendor_id" = "p_vendor" AND "user_id" = "p_user";
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "visit_days_add"("p_vendor" uuid, "p_card" uuid, "p_branch" uuid, "p_user" text, "p_at" timestamptz, "p_bill" integer, "p_delta" integer) RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM 1 FROM "vendor_visitors" WHERE "vendor_id" = "p_vendor" AND "user_id" = "p_user" AND "second_visit_day" < v_day;
  IF NOT FOUND THEN
    PERFORM "vendor_visitors_refresh"("p_vendor", "p_user");
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_vendor_visitors"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "vendor_visitors";
  INSERT INTO "vendor_visitors" ("vendor_id", "user_id", "first_visit_day", "second_visit_day")
  SELECT "vendor_id", "user_id", min("day"),
    CASE WHEN (array_agg("visits" ORDER BY "day"))[1] >= 2 THEN min("day") ELSE (array_agg("day" ORDER BY "day"))[2] END
  FROM (
    SELECT "vendor_id", "user_id", "day", sum("visits") AS "visits" FROM "visit_days" GROUP BY 1, 2, 3 HAVING sum("visits") > 0
  ) d
  GROUP BY 1, 2;
END $$;--> statement-breakpoint
SELECT "rebuild_vendor_visitors"();
