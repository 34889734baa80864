import { MarkSource } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';

// The current mark of each student in each session, read from the append-only log: an office mark
// (academic staff correcting the record) stands over every other kind; among marks of the same
// standing the latest wins (a teacher's second take over their first, a QR check-in over the
// default). `sessions` is a query of session ids. Columns: session_id, student_id, status_id,
// source, mark_id, marked_by, create_time, reason, leave_id.
export function currentMarks(orgId: number, sessions: SQL): SQL {
  return sql`select distinct on (m.session_id, m.student_id)
      m.session_id, m.student_id, m.status_id, m.source, m.id as mark_id, m.marked_by, m.create_time,
      m.reason, m.leave_id
    from attendance_marks m
    where m.organization_id = ${orgId} and m.session_id in (${sessions})
    order by m.session_id, m.student_id, (m.source = ${MarkSource.Office}) desc, m.id desc`;
}
