CREATE TABLE "exam_questions" (
	"organization_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"score" double precision NOT NULL,
	"section_no" integer NOT NULL,
	"item_no" integer NOT NULL,
	"section_title" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "exam_questions_organization_id_exam_id_question_id_pk" PRIMARY KEY("organization_id","exam_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_organization_id_exam_id_exams_organization_id_id_fk" FOREIGN KEY ("organization_id","exam_id") REFERENCES "public"."exams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "exam_questions" ("organization_id", "exam_id", "question_id", "version", "score", "section_no", "item_no", "section_title")
SELECT t."organization_id", t."exam_id", (it.item->>'questionId')::bigint, max((it.item->>'questionVersion')::int),
  max((it.item->>'score')::float8), min(s.sec_no), min(it.item_no), left(coalesce(min(s.sec->>'title'), ''), 200)
FROM "exam_attempts" t
  CROSS JOIN LATERAL jsonb_array_elements(t."paper"->'sections') WITH ORDINALITY AS s(sec, sec_no)
  CROSS JOIN LATERAL jsonb_array_elements(s.sec->'items') WITH ORDINALITY AS it(item, item_no)
GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;
