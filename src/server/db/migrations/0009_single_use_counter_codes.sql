-- A counter code is now used up by its first scan, for everyone: one row per code. Rows from
-- before (one per code and customer) are only kept minutes anyway; keep one per code.
DELETE FROM "consumed_codes" AS "later" USING "consumed_codes" AS "earlier"
WHERE "later"."code_id" = "earlier"."code_id"
  AND ("later"."consumed_at", "later"."user_id") > ("earlier"."consumed_at", "earlier"."user_id");--> statement-breakpoint
ALTER TABLE "consumed_codes" DROP CONSTRAINT "consumed_codes_code_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "consumed_codes" ADD PRIMARY KEY ("code_id");
