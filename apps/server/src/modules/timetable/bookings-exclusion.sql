-- The clash engine (timetable.table.ts): one exclusion constraint per resource. A `shared` row (an
-- exam's class) stands aside for other shared rows only: its key is 0 where every other row's is
-- its own id, and rows clash only when their keys differ.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_teacher_ex" EXCLUDE USING gist ("organization_id" WITH =, "resource_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&, (CASE WHEN "shared" THEN 0::bigint ELSE "id" END) WITH <>) WHERE ("resource" = 1);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_venue_ex" EXCLUDE USING gist ("organization_id" WITH =, "resource_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&, (CASE WHEN "shared" THEN 0::bigint ELSE "id" END) WITH <>) WHERE ("resource" = 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_team_ex" EXCLUDE USING gist ("organization_id" WITH =, "resource_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&, (CASE WHEN "shared" THEN 0::bigint ELSE "id" END) WITH <>) WHERE ("resource" = 3);
--> statement-breakpoint
-- Exam sittings published before the clash engine existed take their time now (exam-bookings.ts):
-- venue and invigilators exclusively, classes shared; an open window (decision 43) takes nothing. A
-- row that would clash with one already written is left out rather than failing the upgrade.
WITH sittings AS (
  SELECT e.organization_id, e.id, e.venue_id, e.window_start, e.window_end FROM "exams" e
  WHERE e.state = 2 AND NOT e.homework AND e.window_end > now() AND e.window_start < e.window_end
    AND least(e.window_end - make_interval(mins => e.duration_minutes),
              e.window_start + make_interval(mins => coalesce(e.latest_entry_minutes, 2147483647)))
        - e.window_start < make_interval(mins => e.duration_minutes)
)
INSERT INTO "bookings" ("organization_id", "resource", "resource_id", "starts_at", "ends_at", "owner_kind", "owner_id", "shared")
SELECT s.organization_id, 2, s.venue_id, s.window_start, s.window_end, 2, s.id, false FROM sittings s WHERE s.venue_id IS NOT NULL
UNION ALL
SELECT s.organization_id, 1, i.user_id, s.window_start, s.window_end, 2, s.id, false FROM sittings s
  JOIN "exam_invigilators" i ON i.organization_id = s.organization_id AND i.exam_id = s.id
UNION ALL
SELECT s.organization_id, 3, t.team_id, s.window_start, s.window_end, 2, s.id, true FROM sittings s
  JOIN "exam_teams" t ON t.organization_id = s.organization_id AND t.exam_id = s.id
ON CONFLICT DO NOTHING;
