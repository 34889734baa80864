import { ExamState, type Statistics, type zStatisticsRequest } from '@lyceum/contract';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { sameOrg } from '../../platform/tenant-sql';
import { semesters } from '../calendar/calendar.table';
import { courseCategories } from '../catalogue/catalogue.table';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { inClass } from '../team/reach';
import { users } from '../user/user.table';
import { classOf, markableExams } from './marking-scope';
import { COUNTED_STATUSES, iso, round2 } from './score-shared';
import { mean } from './stats';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// Statistics across exams (decision 38).

// ---- statistics across exams ----

export async function statistics(ctx: RequestContext, req: z.output<typeof zStatisticsRequest>): Promise<Statistics> {
  const e = exams;
  const p = examPapers;
  const t = examAttempts;
  const cc = courseCategories;
  const cls = classOf(users);
  const where = and(
    // Across exams, like a gradebook: confirmed scores only, never provisional ones (issue 36).
    eq(e.organizationId, ctx.orgId),
    ne(e.state, ExamState.Draft),
    eq(e.homework, false),
    isNotNull(e.scoresConfirmedAt),
    markableExams(ctx),
    req.subjectId ? eq(p.subjectId, req.subjectId) : undefined,
    req.from ? sql`${e.windowStart} >= ${req.from}::timestamptz` : undefined,
    req.to ? sql`${e.windowStart} < ${req.to}::timestamptz` : undefined,
    req.semesterId
      ? sql`exists (select 1 from ${semesters} where ${semesters.organizationId} = ${e.organizationId}
          and ${semesters.id} = ${req.semesterId} and ${e.windowStart} >= ${semesters.startDate}
          and ${e.windowStart} < ${semesters.endDate} + interval '1 day')`
      : undefined,
    req.teamId ? inClass(req.teamId, t.organizationId, t.userId) : undefined,
  );
  const list = await ctx.db
    .select({
      examId: e.id,
      name: e.name,
      windowStart: e.windowStart,
      subjectName: cc.name,
      passScore: p.passScore,
      teamId: cls.id,
      className: cls.name,
      score: sql<number>`coalesce(${t.score}, 0)`.mapWith(Number),
      max: sql<number>`coalesce(${t.scoreMax}, ${p.totalScore})`.mapWith(Number),
    })
    .from(e)
    .innerJoin(p, sameOrg(p, e, [eq(p.id, e.paperId)]))
    .leftJoin(cc, sameOrg(cc, p, [eq(cc.id, p.subjectId)]))
    .innerJoin(t, sameOrg(t, e, [eq(t.examId, e.id), inArray(t.status, COUNTED_STATUSES)]))
    .innerJoin(users, sameOrg(users, t, [eq(users.id, t.userId)]))
    .where(where)
    .orderBy(asc(e.windowStart), asc(e.id));
  const byExam = new Map<number, typeof list>();
  for (const r of list) {
    const arr = byExam.get(r.examId) ?? [];
    arr.push(r);
    byExam.set(r.examId, arr);
  }
  const rate = (rs: typeof list) => {
    const m = mean(rs.map((r) => (r.max > 0 ? r.score / r.max : 0)));
    return m === null ? null : Math.round(m * 1000) / 1000;
  };
  const pass = (rs: typeof list) => {
    const withPass = rs.filter((r) => r.passScore !== null);
    return withPass.length
      ? Math.round((withPass.filter((r) => r.score >= Number(r.passScore)).length / withPass.length) * 1000) / 1000
      : null;
  };
  const examRows = [...byExam.values()].map((rs) => {
    const m = mean(rs.map((r) => r.score));
    return {
      examId: rs[0].examId,
      name: rs[0].name,
      date: iso(rs[0].windowStart)!,
      subjectName: rs[0].subjectName,
      count: rs.length,
      mean: m === null ? null : round2(m),
      meanRate: rate(rs),
      passRate: pass(rs),
    };
  });
  const classKey = (r: (typeof list)[number]) => `${r.teamId}|${r.subjectName ?? ''}`;
  const byClass = new Map<string, typeof list>();
  for (const r of list) {
    const arr = byClass.get(classKey(r)) ?? [];
    arr.push(r);
    byClass.set(classKey(r), arr);
  }
  const teamsSeen = new Map<string, { teamId: number | null; className: string }>();
  for (const r of list) teamsSeen.set(String(r.teamId), { teamId: r.teamId, className: r.className ?? '—' });
  return {
    exams: examRows,
    classes: [...byClass.values()].map((rs) => ({
      teamId: rs[0].teamId,
      className: rs[0].className ?? '—',
      subjectName: rs[0].subjectName,
      exams: new Set(rs.map((r) => r.examId)).size,
      count: rs.length,
      meanRate: rate(rs),
      passRate: pass(rs),
    })),
    trend: [...teamsSeen.entries()].map(([k, t]) => ({
      ...t,
      points: examRows.map((x) => {
        const rs = (byExam.get(x.examId) ?? []).filter((r) => String(r.teamId) === k);
        return { examId: x.examId, meanRate: rs.length ? rate(rs) : null };
      }),
    })),
  };
}
