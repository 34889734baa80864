CREATE TABLE "attempt_history" (
	"organization_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"attempt_no" integer NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"returned" boolean DEFAULT false NOT NULL,
	"raw_score" double precision,
	"score" double precision,
	"max_score" double precision,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_history_organization_id_exam_id_user_id_attempt_no_pk" PRIMARY KEY("organization_id","exam_id","user_id","attempt_no")
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "attempt_no" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "attempts_allowed" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "score_counting" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "score_counting" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_history" ADD CONSTRAINT "attempt_history_organization_id_exam_id_exams_organization_id_id_fk" FOREIGN KEY ("organization_id","exam_id") REFERENCES "public"."exams"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_history" ADD CONSTRAINT "attempt_history_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_history_user_ix" ON "attempt_history" USING btree ("organization_id","user_id");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_score_counting_ck" CHECK ("exams"."score_counting" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_score_counting_ck" CHECK ("tasks"."score_counting" in (1, 2, 3));