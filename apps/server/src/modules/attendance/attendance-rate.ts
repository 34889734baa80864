import { MarkSource } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../../platform/sql-rows';
import { attendanceMarks, attendanceSessions, attendanceStatuses } from './attendance.table';

// What other modules read of a student's attendance (graduation's audit): the weighted rate over
// the current mark of every session held so far (the rule of attendance-marks.ts: an office mark
// stands over every other, else the latest), and how many marks it is over.

export interface AttendanceRate {
  marks: number;
  // 0..1; null without marks.
  rate: number | null;
}

export async function attendanceRateOf(db: DbOrTx, orgId: number, userId: number): Promise<AttendanceRate> {
  const now = clock.date().toISOString();
  const [row] = await rows<{ marks: number; rate: number | null }>(
    db,
    sql`select count(*)::int as marks, (sum(st.weight) / nullif(count(*), 0))::float8 as rate
      from (
        select distinct on (m.session_id) m.session_id, m.status_id
        from ${attendanceMarks} m
        join ${attendanceSessions} s on s.organization_id = m.organization_id and s.id = m.session_id
          and s.starts_at <= ${now}::timestamptz
        where m.organization_id = ${orgId} and m.student_id = ${userId}
        order by m.session_id, (m.source = ${MarkSource.Office}) desc, m.id desc) cm
      join ${attendanceStatuses} st on st.organization_id = ${orgId} and st.id = cm.status_id`,
  );
  return {
    marks: Number(row?.marks ?? 0),
    rate: row?.rate === null || row?.rate === undefined ? null : Number(row.rate),
  };
}
