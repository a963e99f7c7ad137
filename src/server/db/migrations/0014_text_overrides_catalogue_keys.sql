-- The Global Text Editor's six texts now live in the message catalogue under "namespace:key";
-- their overrides move with them so an admin's wording survives.
UPDATE "text_overrides" SET "key" = 'landing:hero.tagline' WHERE "key" = 'landing.hero.tagline';--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'landing:hero.headline' WHERE "key" = 'landing.hero.headline';--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'landing:hero.intro' WHERE "key" = 'landing.hero.intro';--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'common:footer.tagline' WHERE "key" = 'footer.tagline';--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'common:footer.description' WHERE "key" = 'footer.description';--> statement-breakpoint
UPDATE "text_overrides" SET "key" = 'common:footer.note' WHERE "key" = 'footer.note';
