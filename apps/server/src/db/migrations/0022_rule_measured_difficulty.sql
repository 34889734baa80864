ALTER TABLE "paper_rules" ADD COLUMN "measured_min" double precision;--> statement-breakpoint
ALTER TABLE "paper_rules" ADD COLUMN "measured_max" double precision;--> statement-breakpoint
ALTER TABLE "paper_rules" ADD CONSTRAINT "paper_rules_measured_min_ck" CHECK ("paper_rules"."measured_min" between 0 and 1);--> statement-breakpoint
ALTER TABLE "paper_rules" ADD CONSTRAINT "paper_rules_measured_max_ck" CHECK ("paper_rules"."measured_max" between 0 and 1);