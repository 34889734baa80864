CREATE TABLE "resource_tags" (
	"organization_id" bigint NOT NULL,
	"resource_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "resource_tags_organization_id_resource_id_tag_id_pk" PRIMARY KEY("organization_id","resource_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "question_tags" (
	"organization_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "question_tags_organization_id_question_id_tag_id_pk" PRIMARY KEY("organization_id","question_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "resource_tags" ADD CONSTRAINT "resource_tags_organization_id_resource_id_resources_organization_id_id_fk" FOREIGN KEY ("organization_id","resource_id") REFERENCES "public"."resources"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_tags" ADD CONSTRAINT "resource_tags_organization_id_tag_id_tags_organization_id_id_fk" FOREIGN KEY ("organization_id","tag_id") REFERENCES "public"."tags"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tags" ADD CONSTRAINT "question_tags_organization_id_question_id_questions_organization_id_id_fk" FOREIGN KEY ("organization_id","question_id") REFERENCES "public"."questions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tags" ADD CONSTRAINT "question_tags_organization_id_tag_id_tags_organization_id_id_fk" FOREIGN KEY ("organization_id","tag_id") REFERENCES "public"."tags"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_tags_tag_ix" ON "resource_tags" USING btree ("organization_id","tag_id");--> statement-breakpoint
CREATE INDEX "question_tags_tag_ix" ON "question_tags" USING btree ("organization_id","tag_id");