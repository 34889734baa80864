CREATE TABLE "file_links" (
	"organization_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" bigint NOT NULL,
	CONSTRAINT "file_links_organization_id_file_id_entity_entity_id_pk" PRIMARY KEY("organization_id","file_id","entity","entity_id")
);
--> statement-breakpoint
DROP INDEX "departments_name_uq";--> statement-breakpoint
DROP INDEX "user_categories_name_uq";--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_organization_id_file_id_files_organization_id_id_fk" FOREIGN KEY ("organization_id","file_id") REFERENCES "public"."files"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_links_entity_ix" ON "file_links" USING btree ("organization_id","entity","entity_id");--> statement-breakpoint
-- Names that only differed in case (or were top-level twins) get their id appended, so the new
-- unique indexes can be built; nothing is deleted.
UPDATE "course_categories" t SET "name" = left(t."name", 48) || ' (' || t."id" || ')' WHERE EXISTS (SELECT 1 FROM "course_categories" o WHERE o."organization_id" = t."organization_id" AND coalesce(o."parent_id", 0) = coalesce(t."parent_id", 0) AND lower(o."name") = lower(t."name") AND o."id" < t."id");
--> statement-breakpoint
UPDATE "product_categories" t SET "name" = left(t."name", 48) || ' (' || t."id" || ')' WHERE EXISTS (SELECT 1 FROM "product_categories" o WHERE o."organization_id" = t."organization_id" AND coalesce(o."parent_id", 0) = coalesce(t."parent_id", 0) AND lower(o."name") = lower(t."name") AND o."id" < t."id");
--> statement-breakpoint
UPDATE "tags" t SET "name" = left(t."name", 48) || ' (' || t."id" || ')' WHERE EXISTS (SELECT 1 FROM "tags" o WHERE o."organization_id" = t."organization_id" AND coalesce(o."parent_id", 0) = coalesce(t."parent_id", 0) AND lower(o."name") = lower(t."name") AND o."id" < t."id");
--> statement-breakpoint
UPDATE "departments" t SET "name" = left(t."name", 48) || ' (' || t."id" || ')' WHERE EXISTS (SELECT 1 FROM "departments" o WHERE o."organization_id" = t."organization_id" AND coalesce(o."parent_id", 0) = coalesce(t."parent_id", 0) AND lower(o."name") = lower(t."name") AND o."id" < t."id");
--> statement-breakpoint
UPDATE "user_categories" t SET "name" = left(t."name", 48) || ' (' || t."id" || ')' WHERE EXISTS (SELECT 1 FROM "user_categories" o WHERE o."organization_id" = t."organization_id" AND lower(o."name") = lower(t."name") AND o."id" < t."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "course_categories_name_uq" ON "course_categories" USING btree ("organization_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_uq" ON "product_categories" USING btree ("organization_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("organization_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_uq" ON "departments" USING btree ("organization_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_categories_name_uq" ON "user_categories" USING btree ("organization_id",lower("name"));--> statement-breakpoint
-- Links for files already referred to before this migration.
INSERT INTO "file_links" ("organization_id", "file_id", "entity", "entity_id") SELECT DISTINCT x."organization_id", m[1]::bigint, 'document', x."id" FROM "documents" x CROSS JOIN LATERAL regexp_matches(x."file_url", '/api/file/(?:public/)?([0-9]{1,15})', 'g') AS m WHERE EXISTS (SELECT 1 FROM "files" f WHERE f."organization_id" = x."organization_id" AND f."id" = m[1]::bigint) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_links" ("organization_id", "file_id", "entity", "entity_id") SELECT DISTINCT x."organization_id", m[1]::bigint, 'resource', x."id" FROM "resources" x CROSS JOIN LATERAL regexp_matches(x."url", '/api/file/(?:public/)?([0-9]{1,15})', 'g') AS m WHERE EXISTS (SELECT 1 FROM "files" f WHERE f."organization_id" = x."organization_id" AND f."id" = m[1]::bigint) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_links" ("organization_id", "file_id", "entity", "entity_id") SELECT DISTINCT x."organization_id", m[1]::bigint, 'user', x."id" FROM "users" x CROSS JOIN LATERAL regexp_matches(coalesce(x."avatar", ''), '/api/file/(?:public/)?([0-9]{1,15})', 'g') AS m WHERE EXISTS (SELECT 1 FROM "files" f WHERE f."organization_id" = x."organization_id" AND f."id" = m[1]::bigint) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_links" ("organization_id", "file_id", "entity", "entity_id") SELECT DISTINCT x."organization_id", m[1]::bigint, 'question', x."id" FROM "questions" x CROSS JOIN LATERAL regexp_matches(x."stem" || x."options"::text || x."analysis" || coalesce(x."answer"::text, '') || x."children"::text, '/api/file/(?:public/)?([0-9]{1,15})', 'g') AS m WHERE EXISTS (SELECT 1 FROM "files" f WHERE f."organization_id" = x."organization_id" AND f."id" = m[1]::bigint) ON CONFLICT DO NOTHING;
