ALTER TABLE "exam_papers" ADD COLUMN "expected_difficulty" double precision;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "measured_difficulty" double precision;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD COLUMN "discrimination" double precision;--> statement-breakpoint
-- Papers saved before this migration: their items' difficulty weighted by points (the next save also
-- counts a per-student paper's rules).
UPDATE "exam_papers" p SET "expected_difficulty" = f.v
FROM (
  SELECT s."organization_id", s."paper_id", round((sum(i."score" * q."difficulty") / sum(i."score"))::numeric, 1)::double precision AS v
  FROM "paper_sections" s
  JOIN "paper_items" i ON i."organization_id" = s."organization_id" AND i."section_id" = s."id"
  JOIN "questions" q ON q."organization_id" = i."organization_id" AND q."id" = i."question_id"
  WHERE i."score" > 0
  GROUP BY s."organization_id", s."paper_id"
) f
WHERE p."organization_id" = f."organization_id" AND p."id" = f."paper_id";
