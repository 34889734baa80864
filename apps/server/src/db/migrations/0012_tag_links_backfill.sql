-- Tag ids kept in arrays move to the join tables; ids that name no tag of the organisation are
-- dropped (0006 already cleared them for questions).
INSERT INTO "question_tags" ("organization_id", "question_id", "tag_id")
SELECT DISTINCT q."organization_id", q."id", t."id"
FROM "questions" q
CROSS JOIN LATERAL unnest(q."tag_ids") AS u(tag_id)
JOIN "tags" t ON t."organization_id" = q."organization_id" AND t."id" = u.tag_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "resource_tags" ("organization_id", "resource_id", "tag_id")
SELECT DISTINCT r."organization_id", r."id", t."id"
FROM "resources" r
CROSS JOIN LATERAL unnest(r."tag_ids") AS u(tag_id)
JOIN "tags" t ON t."organization_id" = r."organization_id" AND t."id" = u.tag_id
ON CONFLICT DO NOTHING;
