CREATE INDEX "documents_title_trgm" ON "documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_description_trgm" ON "documents" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_title_ix" ON "documents" USING btree ("organization_id","title");--> statement-breakpoint
CREATE INDEX "resources_title_trgm" ON "resources" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resources_description_trgm" ON "resources" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_user_name_trgm" ON "users" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_real_name_trgm" ON "users" USING gin ("real_name" gin_trgm_ops);