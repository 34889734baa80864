import {
  ExamState,
  MarkingFlag,
  type MarkOverview,
  PaperStatus,
  pageOf,
  pageOffset,
  ReviewFlag,
  RoleKind,
  type zAssignMarkersRequest,
  type zMarkExamRequest,
  type zMarkPapersRequest,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { roles } from '../role/role.table';
import { teamMembers } from '../team/team.table';
import { userRoles, users } from '../user/user.table';
import { attemptMarks, examMarkers } from './marking.table';
import {
  classOf,
  codeOf,
  type ExamQuestion,
  examForMarking,
  examQuestions,
  markableExams,
  numbered,
  plainText,
  requireOwner,
} from './marking-scope';
import { iso, num } from './score-shared';

// Marking (answer/index, /answer/list, /answer/edit, /answer/read, /answer/print).

// The exams to mark, an exam's progress and its markers, and its papers.

export async function markExams(ctx: RequestContext, req: z.output<typeof zMarkExamRequest>) {
  const where = sql.join(
    [
      // Homework is marked from its task (/task/taskPaperEdit).
      sql`e.organization_id = ${ctx.orgId} and e.state <> ${ExamState.Draft} and not e.homework`,
      markableExams(ctx),
      sql`exists (select 1 from ${examAttempts} t where t.organization_id = e.organization_id and t.exam_id = e.id)`,
      req.keyword ? sql`e.name ilike ${`%${req.keyword}%`}` : sql`true`,
      req.pendingOnly
        ? sql`exists (select 1 from ${attemptMarks} m where m.organization_id = e.organization_id
            and m.exam_id = e.id and m.manual and m.marking_flag = ${MarkingFlag.NotMarked})`
        : sql`true`,
    ],
    sql` and `,
  );
  const [count] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${exams} e where ${where}`);
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`select e.id, e.name, e.paper_id, p.name as paper_name, e.window_start, e.window_end, e.candidate_count,
        e.scores_confirmed_at, a.ended, a.answering, m.manual_items, m.pending_items
      from ${exams} e join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      cross join lateral (select count(*) filter (where t.status <> ${PaperStatus.Answering})::int as ended,
          count(*) filter (where t.status = ${PaperStatus.Answering})::int as answering
        from ${examAttempts} t where t.organization_id = e.organization_id and t.exam_id = e.id) a
      cross join lateral (select count(*) filter (where am.manual)::int as manual_items,
          count(*) filter (where am.manual and am.marking_flag = ${MarkingFlag.NotMarked})::int as pending_items
        from ${attemptMarks} am where am.organization_id = e.organization_id and am.exam_id = e.id) m
      where ${where}
      order by e.window_start desc, e.id desc limit ${req.pageSize} offset ${pageOffset(req)}`,
  );
  const canMark = ctx.permissions.has('answer:mark');
  return pageOf(
    list.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      paperId: Number(r.paper_id),
      paperName: String(r.paper_name),
      windowStart: iso(r.window_start as string)!,
      windowEnd: iso(r.window_end as string)!,
      candidates: Number(r.candidate_count),
      ended: Number(r.ended),
      answering: Number(r.answering),
      manualItems: Number(r.manual_items),
      pendingItems: Number(r.pending_items),
      confirmedAt: iso(r.scores_confirmed_at as string | null),
      canMark: canMark && !r.scores_confirmed_at,
    })),
    Number(count?.n ?? 0),
    req,
  );
}

export async function markOverview(ctx: RequestContext, examId: number, db: DbOrTx = ctx.db): Promise<MarkOverview> {
  const exam = await examForMarking(ctx, examId, db);
  const questions = await examQuestions(db, ctx.orgId, examId);
  const [counts, attempts, markers] = await Promise.all([
    rows<{
      question_id: number;
      answers: number;
      manual: number;
      pending: number;
      reviewed: number;
      average: number | null;
    }>(
      db,
      sql`select question_id, count(*)::int as answers, count(*) filter (where manual)::int as manual,
          count(*) filter (where manual and marking_flag = ${MarkingFlag.NotMarked})::int as pending,
          count(*) filter (where review_flag = ${ReviewFlag.Reviewed})::int as reviewed, avg(score) as average
        from ${attemptMarks} where organization_id = ${ctx.orgId} and exam_id = ${examId} group by question_id`,
    ),
    rows<{ ended: number; answering: number }>(
      db,
      sql`select count(*) filter (where status <> ${PaperStatus.Answering})::int as ended,
          count(*) filter (where status = ${PaperStatus.Answering})::int as answering
        from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${examId}`,
    ),
    rows<{ user_id: number; real_name: string | null; user_name: string; question_id: number }>(
      db,
      sql`select k.user_id, u.real_name, u.user_name, k.question_id from ${examMarkers} k
        join ${users} u on u.organization_id = k.organization_id and u.id = k.user_id
        where k.organization_id = ${ctx.orgId} and k.exam_id = ${examId} order by u.real_name, k.user_id`,
    ),
  ]);
  const byQuestion = new Map(counts.map((c) => [Number(c.question_id), c]));
  // A marker's progress counts the answers of their questions that need a hand (an empty answer
  // scores 0 by itself), marked by anyone: the same figures as the questions' "to mark".
  const handOf = (q: number) => Number(byQuestion.get(q)?.manual ?? 0);
  const pendingOf = (q: number) => Number(byQuestion.get(q)?.pending ?? 0);
  const markerMap = new Map<number, { userId: number; realName: string; questionIds: number[] }>();
  for (const m of markers) {
    const id = Number(m.user_id);
    const entry = markerMap.get(id) ?? { userId: id, realName: m.real_name || m.user_name, questionIds: [] };
    entry.questionIds.push(Number(m.question_id));
    markerMap.set(id, entry);
  }
  return {
    examId,
    examName: exam.name,
    paperName: exam.paperName,
    totalScore: exam.totalScore,
    passScore: exam.passScore,
    confirmedAt: exam.confirmedAt,
    canMark: exam.canMark,
    canAssign: exam.canAssign,
    ended: Number(attempts[0]?.ended ?? 0),
    answering: Number(attempts[0]?.answering ?? 0),
    questions: questions.map((q) => {
      const c = byQuestion.get(q.questionId);
      return {
        questionId: q.questionId,
        no: q.no,
        sectionTitle: q.sectionTitle,
        type: q.question.type,
        stemText: plainText(q.question.stem),
        max: q.max,
        manual: isManual(q),
        answers: Number(c?.answers ?? 0),
        pending: Number(c?.pending ?? 0),
        reviewed: Number(c?.reviewed ?? 0),
        average: c?.average === null || c?.average === undefined ? null : Math.round(Number(c.average) * 100) / 100,
        thrownOut: q.thrownOut,
        adjusted: q.adjusted,
        markerIds: [...markerMap.values()].filter((m) => m.questionIds.includes(q.questionId)).map((m) => m.userId),
      };
    }),
    markers: [...markerMap.values()].map((m) => ({
      ...m,
      assigned: m.questionIds.reduce((s, q) => s + handOf(q), 0),
      marked: m.questionIds.reduce((s, q) => s + handOf(q) - pendingOf(q), 0),
    })),
  };
}

// A question a teacher judges: a manual short answer, or a compose question holding one.
function isManual(q: ExamQuestion): boolean {
  const manual = (c: { type: number; judgeType?: number }) => c.type === 5 && (c.judgeType ?? 2) === 2;
  return q.question.type === 6 ? q.question.children.some(manual) : manual(q.question);
}

export async function markPapers(ctx: RequestContext, req: z.output<typeof zMarkPapersRequest>) {
  await examForMarking(ctx, req.examId);
  const cls = classOf('u');
  const where = sql.join(
    [
      sql`t.organization_id = ${ctx.orgId} and t.exam_id = ${req.examId}`,
      req.pendingOnly ? sql`t.pending_count > 0` : sql`true`,
      req.teamId
        ? sql`exists (select 1 from ${teamMembers} tm where tm.organization_id = t.organization_id
            and tm.team_id = ${req.teamId} and tm.user_id = t.user_id)`
        : sql`true`,
      req.keyword
        ? req.reveal
          ? sql`(u.user_name ilike ${`%${req.keyword}%`} or u.real_name ilike ${`%${req.keyword}%`})`
          : sql`lpad(n.no::text, 4, '0') like ${`%${req.keyword.replace(/^#/, '')}%`}`
        : sql`true`,
    ],
    sql` and `,
  );
  const from = sql`from ${examAttempts} t join ${numbered(ctx.orgId, req.examId)} n on n.id = t.id
    join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id where ${where}`;
  const [[count], list] = await Promise.all([
    rows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${from}`),
    rows<Record<string, unknown>>(
      ctx.db,
      sql`select t.id, n.no, u.id as user_id, u.user_name, u.real_name, ${cls.name} as class_name, t.status,
          t.answer_status, t.score, coalesce(t.score_max, t.total_score) as max_score, t.pending_count, t.ended_at
        ${from} order by n.no limit ${req.pageSize} offset ${pageOffset(req)}`,
    ),
  ]);
  return pageOf(
    list.map((r) => ({
      attemptId: Number(r.id),
      code: codeOf(r.no),
      userId: req.reveal ? Number(r.user_id) : null,
      userName: req.reveal ? String(r.user_name) : null,
      realName: req.reveal ? ((r.real_name as string | null) ?? null) : null,
      className: (r.class_name as string | null) ?? null,
      paperStatus: Number(r.status) as 3,
      answerStatus: Number(r.answer_status) as 1,
      score: num(r.score),
      maxScore: Number(r.max_score),
      pending: Number(r.pending_count),
      endedAt: iso(r.ended_at as string | null),
    })),
    Number(count?.n ?? 0),
    req,
  );
}

export async function assignMarkers(ctx: RequestContext, req: z.output<typeof zAssignMarkersRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  requireOwner(ctx, exam);
  const questions = new Set((await examQuestions(ctx.db, ctx.orgId, req.examId)).map((q) => q.questionId));
  for (const [i, m] of req.markers.entries()) {
    for (const [j, q] of m.questionIds.entries()) {
      if (!questions.has(q)) throw invalidParams(`markers.${i}.questionIds.${j}`, 'questionNotInPaper', { id: q });
    }
  }
  const userIds = [...new Set(req.markers.map((m) => m.userId))];
  if (userIds.length) {
    const staff = await rows<{ id: number }>(
      ctx.db,
      sql`select u.id from ${users} u where u.organization_id = ${ctx.orgId}
        and u.id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        and exists (select 1 from ${userRoles} ur join ${roles} r on r.organization_id = ur.organization_id
          and r.id = ur.role_id where ur.organization_id = u.organization_id and ur.user_id = u.id
          and r.kind <> ${RoleKind.Student})`,
    );
    const ok = new Set(staff.map((s) => Number(s.id)));
    for (const [i, m] of req.markers.entries()) {
      if (!ok.has(m.userId)) throw invalidParams(`markers.${i}.userId`, 'notFound', { entity: 'User' });
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${examMarkers} where organization_id = ${ctx.orgId} and exam_id = ${req.examId}`);
    const values = req.markers.flatMap((m) =>
      [...new Set(m.questionIds)].map((q) => ({
        organizationId: ctx.orgId,
        examId: req.examId,
        userId: m.userId,
        questionId: q,
      })),
    );
    if (values.length) await tx.insert(examMarkers).values(values).onConflictDoNothing();
  });
  return markOverview(ctx, req.examId);
}
