DROP INDEX "resources_tags_ix";--> statement-breakpoint
DROP INDEX "questions_tags_ix";--> statement-breakpoint
ALTER TABLE "resources" DROP COLUMN "tag_ids";--> statement-breakpoint
ALTER TABLE "questions" DROP COLUMN "tag_ids";