import { ExamState, type Statistics, type zStatisticsRequest } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { rows } from '../../platform/sql-rows';
import { semesters } from '../calendar/calendar.table';
import { courseCategories } from '../catalogue/catalogue.table';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { classOf, markableExams } from './marking-scope';
import { COUNTED, iso, num, round2 } from './score-shared';
import { mean } from './stats';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// Statistics across exams (decision 38).

// ---- statistics across exams ----

export async function statistics(ctx: RequestContext, req: z.output<typeof zStatisticsRequest>): Promise<Statistics> {
  const cls = classOf('u');
  const where = sql.join(
    [
      // Across exams, like a gradebook: confirmed scores only, never provisional ones (issue 36).
      sql`e.organization_id = ${ctx.orgId} and e.state <> ${ExamState.Draft} and not e.homework
        and e.scores_confirmed_at is not null`,
      markableExams(ctx),
      req.subjectId ? sql`p.subject_id = ${req.subjectId}` : sql`true`,
      req.from ? sql`e.window_start >= ${req.from}::timestamptz` : sql`true`,
      req.to ? sql`e.window_start < ${req.to}::timestamptz` : sql`true`,
      req.semesterId
        ? sql`exists (select 1 from ${semesters} s where s.organization_id = e.organization_id and s.id = ${req.semesterId}
            and e.window_start >= s.start_date and e.window_start < s.end_date + interval '1 day')`
        : sql`true`,
    ],
    sql` and `,
  );
  const list = await rows<{
    exam_id: number;
    name: string;
    window_start: string;
    subject_name: string | null;
    pass_score: number | null;
    team_id: number | null;
    class_name: string | null;
    score: number;
    max: number;
  }>(
    ctx.db,
    sql`select e.id as exam_id, e.name, e.window_start, cc.name as subject_name, p.pass_score,
        ${cls.id} as team_id, ${cls.name} as class_name, coalesce(t.score, 0) as score,
        coalesce(t.score_max, p.total_score) as max
      from ${exams} e join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      left join ${courseCategories} cc on cc.organization_id = p.organization_id and cc.id = p.subject_id
      join ${examAttempts} t on t.organization_id = e.organization_id and t.exam_id = e.id and t.status in ${COUNTED}
      join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
      where ${where}
        ${req.teamId ? sql`and exists (select 1 from ${teamMembers} tm where tm.organization_id = t.organization_id and tm.team_id = ${req.teamId} and tm.user_id = t.user_id)` : sql``}
      order by e.window_start, e.id`,
  );
  const byExam = new Map<number, typeof list>();
  for (const r of list) {
    const arr = byExam.get(Number(r.exam_id)) ?? [];
    arr.push(r);
    byExam.set(Number(r.exam_id), arr);
  }
  const rate = (rs: typeof list) => {
    const m = mean(rs.map((r) => (Number(r.max) > 0 ? Number(r.score) / Number(r.max) : 0)));
    return m === null ? null : Math.round(m * 1000) / 1000;
  };
  const pass = (rs: typeof list) => {
    const withPass = rs.filter((r) => r.pass_score !== null);
    return withPass.length
      ? Math.round((withPass.filter((r) => Number(r.score) >= Number(r.pass_score)).length / withPass.length) * 1000) /
          1000
      : null;
  };
  const examRows = [...byExam.values()].map((rs) => {
    const m = mean(rs.map((r) => Number(r.score)));
    return {
      examId: Number(rs[0].exam_id),
      name: rs[0].name,
      date: iso(rs[0].window_start)!,
      subjectName: rs[0].subject_name,
      count: rs.length,
      mean: m === null ? null : round2(m),
      meanRate: rate(rs),
      passRate: pass(rs),
    };
  });
  const classKey = (r: (typeof list)[number]) => `${r.team_id}|${r.subject_name ?? ''}`;
  const byClass = new Map<string, typeof list>();
  for (const r of list) {
    const arr = byClass.get(classKey(r)) ?? [];
    arr.push(r);
    byClass.set(classKey(r), arr);
  }
  const teamsSeen = new Map<string, { teamId: number | null; className: string }>();
  for (const r of list) teamsSeen.set(String(r.team_id), { teamId: num(r.team_id), className: r.class_name ?? '—' });
  return {
    exams: examRows,
    classes: [...byClass.values()].map((rs) => ({
      teamId: num(rs[0].team_id),
      className: rs[0].class_name ?? '—',
      subjectName: rs[0].subject_name,
      exams: new Set(rs.map((r) => r.exam_id)).size,
      count: rs.length,
      meanRate: rate(rs),
      passRate: pass(rs),
    })),
    trend: [...teamsSeen.entries()].map(([k, t]) => ({
      ...t,
      points: examRows.map((e) => {
        const rs = (byExam.get(e.examId) ?? []).filter((r) => String(r.team_id) === k);
        return { examId: e.examId, meanRate: rs.length ? rate(rs) : null };
      }),
    })),
  };
}
