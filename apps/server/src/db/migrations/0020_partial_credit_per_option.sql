ALTER TABLE "questions" DROP CONSTRAINT "questions_partial_ck";--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_partial_ck" CHECK ("questions"."partial_credit" in (1, 2, 3));