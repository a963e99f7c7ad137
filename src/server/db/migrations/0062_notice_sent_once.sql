ALTER TABLE "text_messages" DROP CONSTRAINT "text_messages_status_check";--> statement-breakpoint
-- A notice a stop of the app sent twice before this index: the later copy keeps its row and its
-- cost, without the key the index makes one of.
UPDATE "text_messages" SET "notice_key" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "notice_key" ORDER BY "created_at", "id") AS "copy"
    FROM "text_messages" WHERE "notice_key" IS NOT NULL AND "status" <> 'failed'
  ) AS "copies" WHERE "copy" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_notice_once_idx" ON "text_messages" USING btree ("notice_key") WHERE "text_messages"."notice_key" is not null and "text_messages"."status" <> 'failed';--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_status_check" CHECK ("text_messages"."status" in ('sending', 'sent', 'delivered', 'read', 'failed'));