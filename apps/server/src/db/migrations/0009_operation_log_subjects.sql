ALTER TABLE "operation_logs" ADD COLUMN "entity" varchar(48) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "action" varchar(48) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "record_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "record_label" varchar(255);--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "message" varchar(500);--> statement-breakpoint
CREATE INDEX "operation_logs_user_ix" ON "operation_logs" USING btree ("organization_id","user_id","create_time");