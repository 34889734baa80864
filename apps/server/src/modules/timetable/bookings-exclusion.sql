-- The clash engine (timetable.table.ts): one exclusion constraint per resource. A `shared` row (an
-- exam's class) stands aside for other shared rows only: its key is 0 where every other row's is
-- its own id, and rows clash only when their keys differ.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_teacher_ex" EXCLUDE USING gist ("organization_id" WITH =, "resource_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&, (CASE WHEN "shared" THEN 0::bigint ELSE "id" END) WITH <>) WHERE ("resource" = 1);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_venue_ex" EXCLUDE USING gist ("organization_id" WITH =, "resource_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&, (CASE WHEN "shared" THEN 0::bigint ELSE "id" END) WITH <>) WHERE ("resource" = 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_team_ex" EXCLUDE USING gist ("organization_id" WITH =, "resource_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&, (CASE WHEN "shared" THEN 0::bigint ELSE "id" END) WITH <>) WHERE ("resource" = 3);
