import {
  ExamState,
  type MarkedPaper,
  type MarkItem,
  MarkingFlag,
  type MarkOverview,
  type MarkQuestion,
  type MarkQueue,
  PaperStatus,
  pageOf,
  pageOffset,
  QueryStatus,
  ReviewFlag,
  RoleKind,
  ScoreChangeKind,
  type StudentAnswer,
  type zAssignMarkersRequest,
  type zMarkExamRequest,
  type zMarkPapersRequest,
  type zMarkQueueRequest,
  type zMarkRequest,
  type zReviewMarkRequest,
  type zScoreHistoryRequest,
  zStudentPaper,
} from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { roles } from '../role/role.table';
import { teamMembers } from '../team/team.table';
import { userRoles, users } from '../user/user.table';
import { attemptMarks, examMarkers, scoreChanges, scoreQueries } from './marking.table';
import { paperItems, refreshAttempts } from './marking-engine';
import {
  classOf,
  codeOf,
  type ExamForMarking,
  type ExamQuestion,
  examForMarking,
  examQuestions,
  markableExams,
  mayMarkQuestion,
  numbered,
  plainText,
  requireOwner,
} from './marking-scope';

// Marking (answer/index, /answer/list, /answer/edit, /answer/read, /answer/print).

const iso = (d: string | Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

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

// ---- one answer as a marker sees it ----

interface MarkRow extends Record<string, unknown> {
  attempt_id: number;
  no: number;
  real_name: string | null;
  question_id: number;
  answer: StudentAnswer;
  max: number;
  auto_score: number;
  score: number | null;
  parts: MarkItem['parts'];
  manual: boolean;
  marking_flag: number;
  review_flag: number;
  comment: string;
  marker_name: string | null;
  marked_at: string | null;
  reviewer_name: string | null;
  reviewed_at: string | null;
  query_id: number | null;
  query_text: string | null;
  query_status: number | null;
  query_reply: string | null;
}

const markSelect = (orgId: number, examId: number) => sql`select am.attempt_id, n.no, u.real_name, am.question_id,
    aa.answer, am.max, am.auto_score, am.score, am.parts, am.manual, am.marking_flag, am.review_flag, am.comment,
    mk.real_name as marker_name, am.marked_at, rv.real_name as reviewer_name, am.reviewed_at,
    q.id as query_id, q.text as query_text, q.status as query_status, q.reply as query_reply
  from ${attemptMarks} am
  join ${numbered(orgId, examId)} n on n.id = am.attempt_id
  join ${examAttempts} t on t.organization_id = am.organization_id and t.id = am.attempt_id
  join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
  left join ${attemptAnswers} aa on aa.organization_id = am.organization_id and aa.attempt_id = am.attempt_id
    and aa.question_id = am.question_id
  left join ${users} mk on mk.organization_id = am.organization_id and mk.id = am.marker_id
  left join ${users} rv on rv.organization_id = am.organization_id and rv.id = am.reviewer_id
  left join lateral (select id, text, status, reply from ${scoreQueries} sq where sq.organization_id = am.organization_id
    and sq.attempt_id = am.attempt_id and sq.question_id = am.question_id order by sq.id desc limit 1) q on true
  where am.organization_id = ${orgId} and am.exam_id = ${examId}`;

function toItem(r: MarkRow, reveal: boolean): MarkItem {
  return {
    attemptId: Number(r.attempt_id),
    code: codeOf(r.no),
    realName: reveal ? r.real_name : null,
    questionId: Number(r.question_id),
    answer: r.answer ?? null,
    max: Number(r.max),
    autoScore: Number(r.auto_score),
    score: num(r.score),
    parts: r.parts ?? [],
    markingFlag: Number(r.marking_flag) as 1 | 3,
    reviewFlag: Number(r.review_flag) as 1 | 2,
    manual: Boolean(r.manual),
    comment: r.comment ?? '',
    markerName: r.marker_name,
    markedAt: iso(r.marked_at),
    reviewerName: r.reviewer_name,
    reviewedAt: iso(r.reviewed_at),
    query:
      r.query_id === null
        ? null
        : {
            id: Number(r.query_id),
            text: r.query_text ?? '',
            status: Number(r.query_status) as 1 | 2,
            reply: r.query_reply,
          },
  };
}

export function toMarkQuestion(q: ExamQuestion): MarkQuestion {
  return {
    questionId: q.questionId,
    version: q.version,
    no: q.no,
    max: q.max,
    question: q.effective,
    thrownOut: q.thrownOut,
    adjusted: q.adjusted,
  };
}

async function questionOf(db: DbOrTx, orgId: number, examId: number, questionId: number): Promise<ExamQuestion> {
  const q = (await examQuestions(db, orgId, examId)).find((x) => x.questionId === questionId);
  if (!q) throw invalidParams('questionId', 'questionNotInPaper', { id: questionId });
  return q;
}

export async function markQueue(ctx: RequestContext, req: z.output<typeof zMarkQueueRequest>): Promise<MarkQueue> {
  const exam = await examForMarking(ctx, req.examId);
  const q = await questionOf(ctx.db, ctx.orgId, req.examId, req.questionId);
  const filters = sql.join(
    [
      sql`am.question_id = ${req.questionId}`,
      req.pendingOnly ? sql`am.manual and am.marking_flag = ${MarkingFlag.NotMarked}` : sql`true`,
      req.teamId
        ? sql`exists (select 1 from ${teamMembers} tm where tm.organization_id = t.organization_id
            and tm.team_id = ${req.teamId} and tm.user_id = t.user_id)`
        : sql`true`,
    ],
    sql` and `,
  );
  const list = await rows<MarkRow>(ctx.db, sql`${markSelect(ctx.orgId, req.examId)} and ${filters} order by n.no`);
  return {
    question: toMarkQuestion(q),
    items: list.map((r) => toItem(r, req.reveal)),
    canMark: mayMarkQuestion(exam, req.questionId),
  };
}

export async function markedPapers(
  ctx: RequestContext,
  examId: number,
  attemptIds: number[],
  reveal: boolean,
  exam?: ExamForMarking,
): Promise<MarkedPaper[]> {
  const e = exam ?? (await examForMarking(ctx, examId));
  const cls = classOf('u');
  const ids = sql.join(
    attemptIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [attempts, marks, questions] = await Promise.all([
    rows<Record<string, unknown>>(
      ctx.db,
      sql`select t.id, n.no, u.user_name, u.real_name, ${cls.name} as class_name, t.status, t.answer_status, t.score,
          coalesce(t.score_max, t.total_score) as max_score, t.started_at, t.ended_at, t.paper
        from ${examAttempts} t join ${numbered(ctx.orgId, examId)} n on n.id = t.id
        join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
        where t.organization_id = ${ctx.orgId} and t.exam_id = ${examId} and t.id in (${ids})`,
    ),
    rows<MarkRow>(ctx.db, sql`${markSelect(ctx.orgId, examId)} and am.attempt_id in (${ids})`),
    examQuestions(ctx.db, ctx.orgId, examId),
  ]);
  const byQuestion = new Map(questions.map((q) => [q.questionId, q]));
  const markOf = new Map(marks.map((m) => [`${m.attempt_id}:${m.question_id}`, m]));
  const byId = new Map(attempts.map((a) => [Number(a.id), a]));
  return attemptIds.flatMap((id) => {
    const a = byId.get(id);
    if (!a) return [];
    const paper = zStudentPaper.parse(a.paper);
    return [
      {
        examId,
        examName: e.name,
        attemptId: id,
        code: codeOf(a.no),
        userName: reveal ? String(a.user_name) : null,
        realName: reveal ? ((a.real_name as string | null) ?? null) : null,
        className: reveal ? ((a.class_name as string | null) ?? null) : null,
        paperStatus: Number(a.status) as 3,
        answerStatus: Number(a.answer_status) as 1,
        score: num(a.score),
        maxScore: Number(a.max_score),
        passScore: e.passScore,
        startedAt: iso(a.started_at as string)!,
        endedAt: iso(a.ended_at as string | null),
        sections: paper.sections.map((s) => {
          const items = s.items.flatMap((item) => {
            const q = byQuestion.get(item.questionId);
            const m = markOf.get(`${id}:${item.questionId}`);
            if (!q) return [];
            const mark: MarkItem = m
              ? toItem(m, reveal)
              : {
                  attemptId: id,
                  code: codeOf(a.no),
                  realName: null,
                  questionId: item.questionId,
                  answer: null,
                  max: item.score,
                  autoScore: 0,
                  score: null,
                  parts: [],
                  markingFlag: MarkingFlag.NotMarked,
                  reviewFlag: ReviewFlag.NotReviewed,
                  manual: false,
                  comment: '',
                  markerName: null,
                  markedAt: null,
                  reviewerName: null,
                  reviewedAt: null,
                  query: null,
                };
            return [{ question: toMarkQuestion(q), mark }];
          });
          return {
            title: s.title,
            score: items.reduce((x, i) => x + i.mark.max, 0),
            got: Math.round(items.reduce((x, i) => x + (i.mark.score ?? 0), 0) * 100) / 100,
            items,
          };
        }),
        canMark: e.canMark,
      },
    ];
  });
}

export async function markedPaper(ctx: RequestContext, examId: number, attemptId: number, reveal: boolean) {
  const [paper] = await markedPapers(ctx, examId, [attemptId], reveal);
  if (!paper) throw notFound('Attempt');
  return paper;
}

// ---- changing scores ----

interface Locked {
  max: number;
  score: number | null;
  marker_id: number | null;
  status: number;
}

async function lockMark(tx: DbOrTx, ctx: RequestContext, examId: number, attemptId: number, questionId: number) {
  const [m] = await rows<Locked & Record<string, unknown>>(
    tx,
    sql`select am.max, am.score, am.marker_id, t.status from ${attemptMarks} am
      join ${examAttempts} t on t.organization_id = am.organization_id and t.id = am.attempt_id
      where am.organization_id = ${ctx.orgId} and am.exam_id = ${examId} and am.attempt_id = ${attemptId}
        and am.question_id = ${questionId} for update of am`,
  );
  if (!m) {
    const [t] = await rows<{ status: number }>(
      tx,
      sql`select status from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${examId}
        and id = ${attemptId}`,
    );
    if (!t) throw notFound('Attempt');
    if (Number(t.status) === PaperStatus.Answering) throw businessError('notMarkable');
    throw invalidParams('questionId', 'questionNotInPaper', { id: questionId });
  }
  return m;
}

function checkScore(score: number, max: number) {
  if (score > max + 1e-9) throw invalidParams('score', 'tooBig', { max });
}

export async function audit(
  tx: DbOrTx,
  orgId: number,
  userId: number | null,
  entries: {
    examId: number;
    attemptId: number;
    questionId: number | null;
    kind: ScoreChangeKind;
    from: number | null;
    to: number | null;
    reason: string;
  }[],
) {
  for (let i = 0; i < entries.length; i += 500) {
    await tx.insert(scoreChanges).values(
      entries.slice(i, i + 500).map((e) => ({
        organizationId: orgId,
        examId: e.examId,
        attemptId: e.attemptId,
        questionId: e.questionId,
        kind: e.kind,
        fromScore: e.from,
        toScore: e.to,
        reason: e.reason,
        userId,
      })),
    );
  }
}

async function markResult(ctx: RequestContext, tx: DbOrTx, examId: number, attemptId: number, questionId: number) {
  const [row] = await rows<MarkRow>(
    tx,
    sql`${markSelect(ctx.orgId, examId)} and am.attempt_id = ${attemptId} and am.question_id = ${questionId}`,
  );
  const [t] = await rows<{ score: number | null; pending_count: number }>(
    tx,
    sql`select score, pending_count from ${examAttempts} where organization_id = ${ctx.orgId} and id = ${attemptId}`,
  );
  return {
    item: toItem(row, false),
    attemptScore: Number(t?.score ?? 0),
    attemptPending: Number(t?.pending_count ?? 0),
  };
}

export async function mark(ctx: RequestContext, req: z.output<typeof zMarkRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  if (exam.confirmedAt) throw businessError('scoresConfirmed');
  if (!mayMarkQuestion(exam, req.questionId)) throw forbidden('notYourQuestion');
  return ctx.db.transaction(async (tx) => {
    await lockConfirmation(tx, ctx.orgId, req.examId);
    const m = await lockMark(tx, ctx, req.examId, req.attemptId, req.questionId);
    checkScore(req.score, Number(m.max));
    await tx.execute(
      sql`update ${attemptMarks} set score = ${req.score}, comment = ${req.comment},
          marking_flag = ${MarkingFlag.Marked}, marker_id = ${ctx.userId}, marked_at = now(),
          review_flag = ${ReviewFlag.NotReviewed}, reviewer_id = null, reviewed_at = null
        where organization_id = ${ctx.orgId} and attempt_id = ${req.attemptId} and question_id = ${req.questionId}`,
    );
    const from = num(m.score);
    if (from !== req.score) {
      await audit(tx, ctx.orgId, ctx.userId, [
        {
          examId: req.examId,
          attemptId: req.attemptId,
          questionId: req.questionId,
          kind: ScoreChangeKind.Manual,
          from,
          to: req.score,
          reason: req.comment.slice(0, 500),
        },
      ]);
    }
    await refreshAttempts(tx, ctx.orgId, [req.attemptId]);
    return markResult(ctx, tx, req.examId, req.attemptId, req.questionId);
  });
}

export async function reviewMark(ctx: RequestContext, req: z.output<typeof zReviewMarkRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  if (exam.confirmedAt) throw businessError('scoresConfirmed');
  if (!mayMarkQuestion(exam, req.questionId)) throw forbidden('notYourQuestion');
  return ctx.db.transaction(async (tx) => {
    await lockConfirmation(tx, ctx.orgId, req.examId);
    const m = await lockMark(tx, ctx, req.examId, req.attemptId, req.questionId);
    if (m.marker_id === null) throw businessError('notHandMarked');
    if (Number(m.marker_id) === ctx.userId) throw businessError('ownReview');
    checkScore(req.score, Number(m.max));
    const from = num(m.score);
    if (from !== req.score && !req.reason) throw invalidParams('reason', 'reviewReason');
    await tx.execute(
      sql`update ${attemptMarks} set score = ${req.score},
          comment = case when ${req.comment} = '' then comment else ${req.comment} end,
          review_flag = ${ReviewFlag.Reviewed}, reviewer_id = ${ctx.userId}, reviewed_at = now()
        where organization_id = ${ctx.orgId} and attempt_id = ${req.attemptId} and question_id = ${req.questionId}`,
    );
    if (from !== req.score) {
      await audit(tx, ctx.orgId, ctx.userId, [
        {
          examId: req.examId,
          attemptId: req.attemptId,
          questionId: req.questionId,
          kind: ScoreChangeKind.Review,
          from,
          to: req.score,
          reason: req.reason,
        },
      ]);
    }
    await refreshAttempts(tx, ctx.orgId, [req.attemptId]);
    return markResult(ctx, tx, req.examId, req.attemptId, req.questionId);
  });
}

// Confirmation and a score change exclude each other: both take the exam row, the change then
// re-reads that the scores are still open.
export async function lockConfirmation(tx: DbOrTx, orgId: number, examId: number) {
  const [e] = await rows<{ scores_confirmed_at: string | null }>(
    tx,
    sql`select scores_confirmed_at from ${exams} where organization_id = ${orgId} and id = ${examId} for share`,
  );
  if (e?.scores_confirmed_at) throw businessError('scoresConfirmed');
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

export async function scoreHistory(ctx: RequestContext, req: z.output<typeof zScoreHistoryRequest>) {
  await examForMarking(ctx, req.examId);
  const where: SQL = sql.join(
    [
      sql`c.organization_id = ${ctx.orgId} and c.exam_id = ${req.examId}`,
      req.attemptId ? sql`c.attempt_id = ${req.attemptId}` : sql`true`,
      req.questionId ? sql`c.question_id = ${req.questionId}` : sql`true`,
    ],
    sql` and `,
  );
  const [[count], list] = await Promise.all([
    rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${scoreChanges} c where ${where}`),
    rows<Record<string, unknown>>(
      ctx.db,
      sql`select c.id, c.attempt_id, n.no, c.question_id, c.kind, c.from_score, c.to_score, c.reason,
          coalesce(u.real_name, u.user_name) as user_name, c.create_time
        from ${scoreChanges} c join ${numbered(ctx.orgId, req.examId)} n on n.id = c.attempt_id
        left join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
        where ${where} order by c.id desc limit ${req.pageSize} offset ${pageOffset(req)}`,
    ),
  ]);
  return pageOf(
    list.map((r) => ({
      id: Number(r.id),
      attemptId: Number(r.attempt_id),
      code: codeOf(r.no),
      questionId: num(r.question_id),
      kind: Number(r.kind) as 1,
      from: num(r.from_score),
      to: num(r.to_score),
      reason: String(r.reason ?? ''),
      userName: (r.user_name as string | null) ?? null,
      at: iso(r.create_time as string)!,
    })),
    Number(count?.n ?? 0),
    req,
  );
}

export { paperItems, QueryStatus };
