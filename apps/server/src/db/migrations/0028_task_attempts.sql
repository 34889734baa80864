CREATE TABLE "task_attempts" (
	"organization_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"attempt_no" integer NOT NULL,
	"handed_in_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"returned" boolean DEFAULT false NOT NULL,
	"raw_score" double precision,
	"score" double precision,
	"max_score" double precision,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_attempts_organization_id_task_id_user_id_attempt_no_pk" PRIMARY KEY("organization_id","task_id","user_id","attempt_no")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "score_counting" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_attempts" ADD CONSTRAINT "task_attempts_task_user_fk" FOREIGN KEY ("organization_id","task_id","user_id") REFERENCES "public"."task_users"("organization_id","task_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_score_counting_ck" CHECK ("tasks"."score_counting" in (1, 2, 3));