-- Four customer texts became plural keys (the "_other" form keeps the old wording) and the join
-- labels of the Daily Chaska, Free and Exclusive pages are now the card tile's label per card kind;
-- an admin's overrides move with them so their wording survives. An override already saved under
-- the new key wins (the old row is then dropped).
DELETE FROM "text_overrides" WHERE "key" = 'customer:card.stamps' AND EXISTS (SELECT 1 FROM "text_overrides" WHERE "key" = 'customer:card.stamps_other');--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'customer:card.stamps_other' WHERE "key" = 'customer:card.stamps';--> statement-breakpoint
DELETE FROM "text_overrides" WHERE "key" = 'customer:live.stampText' AND EXISTS (SELECT 1 FROM "text_overrides" WHERE "key" = 'customer:live.stampText_other');--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'customer:live.stampText_other' WHERE "key" = 'customer:live.stampText';--> statement-breakpoint
DELETE FROM "text_overrides" WHERE "key" = 'customer:myQr.stampText' AND EXISTS (SELECT 1 FROM "text_overrides" WHERE "key" = 'customer:myQr.stampText_other');--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'customer:myQr.stampText_other' WHERE "key" = 'customer:myQr.stampText';--> statement-breakpoint
DELETE FROM "text_overrides" WHERE "key" = 'customer:scanner.stampText' AND EXISTS (SELECT 1 FROM "text_overrides" WHERE "key" = 'customer:scanner.stampText_other');--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'customer:scanner.stampText_other' WHERE "key" = 'customer:scanner.stampText';--> statement-breakpoint
DELETE FROM "text_overrides" WHERE "key" = 'marketplace:daily.join' AND EXISTS (SELECT 1 FROM "text_overrides" WHERE "key" = 'marketplace:tile.join.dailyChaska');--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'marketplace:tile.join.dailyChaska' WHERE "key" = 'marketplace:daily.join';--> statement-breakpoint
DELETE FROM "text_overrides" WHERE "key" = 'marketplace:free.join' AND EXISTS (SELECT 1 FROM "text_overrides" WHERE "key" = 'marketplace:tile.join.free');--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'marketplace:tile.join.free' WHERE "key" = 'marketplace:free.join';--> statement-breakpoint
DELETE FROM "text_overrides" WHERE "key" = 'marketplace:exclusive.join' AND EXISTS (SELECT 1 FROM "text_overrides" WHERE "key" = 'marketplace:tile.join.exclusive');--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'marketplace:tile.join.exclusive' WHERE "key" = 'marketplace:exclusive.join';
