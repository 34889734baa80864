import {
  type MarkedPaper,
  type MarkItem,
  MarkingFlag,
  type MarkQuestion,
  type MarkQueue,
  ReviewFlag,
  type StudentAnswer,
  type zMarkQueueRequest,
  zStudentPaper,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { attemptMarks, scoreQueries } from './marking.table';
import {
  classOf,
  codeOf,
  type ExamForMarking,
  type ExamQuestion,
  examForMarking,
  examQuestions,
  mayMarkQuestion,
  numbered,
} from './marking-scope';
import { iso, num } from './score-shared';

// Marking (answer/index, /answer/list, /answer/edit, /answer/read, /answer/print).

// The answers as a marker sees them: a question's queue, and whole marked papers.

// ---- one answer as a marker sees it ----

export interface MarkRow extends Record<string, unknown> {
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

export const markSelect = (
  orgId: number,
  examId: number,
) => sql`select am.attempt_id, n.no, u.real_name, am.question_id,
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

export function toItem(r: MarkRow, reveal: boolean): MarkItem {
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
