import {
  CandidateStatus,
  ExamState,
  type MonitorExam,
  type MonitorPage,
  type MonitorRow,
  type PaperStatus,
  PaperStatus as PS,
  pageOf,
  pageOffset,
  ScoreChangeKind,
  type Timeline,
  type zAddTimeRequest,
  type zMonitorExamRequest,
  type zMonitorRequest,
  type zReopenRequest,
  type zReviewRequest,
} from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { allows } from '../../platform/route';
import { rows } from '../../platform/sql-rows';
import { teachVenues } from '../calendar/calendar.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { fileUrl } from '../file/file.service';
import { files } from '../file/file.table';
import { registerFileReader } from '../file/file-access';
import { audit, lockConfirmation } from '../marking/marking.service';
import { attemptMarks } from '../marking/marking.table';
import { questionVersions } from '../question/question.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { answeredSql, endAttempts, scheduleCollection } from './attempt.service';
import { attemptAnswers, attemptEvents, examAttempts } from './attempt.table';
import { examCandidates, examInvigilators, exams } from './exam.table';
import { ms, ts } from './exam-time';

// Exam day, the invigilators' side (exam/monitorLog). Academic staff (exam:all) watch every exam;
// a teacher the exams they made or invigilate. Every figure is read from the attempt rows, whose
// counters the events endpoint keeps, so a poll every few seconds costs one query per page.

const { Answering, ForceCollected, Abnormal } = PS;

// What the monitor shows of a paper: how it ended, also once it is marked (7 keeps the ending in
// `end_status`), since invigilators care whether it was handed in or collected.
const shownStatus = sql.raw(
  `case when t.status = ${PS.Marked} then coalesce(t.end_status, t.status) else coalesce(t.status, ${PS.NotStarted}) end`,
);

function watchable(ctx: RequestContext): SQL {
  if (allows(ctx, ['exam:all'])) return sql`true`;
  return sql`(e.creator_id = ${ctx.userId} or exists (select 1 from ${examInvigilators} i
    where i.organization_id = e.organization_id and i.exam_id = e.id and i.user_id = ${ctx.userId}))`;
}

// The exam, when the caller may watch it; "not found" otherwise (another teacher's exam, another
// organisation's id).
async function watchedExam(ctx: RequestContext, examId: number) {
  const [e] = await rows<{ id: number; virtual_room_id: string | null; question_count: number }>(
    ctx.db,
    sql`select e.id, e.virtual_room_id, p.question_count from ${exams} e
      join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      where e.organization_id = ${ctx.orgId} and e.id = ${examId} and e.state <> ${ExamState.Draft}
        and ${watchable(ctx)}`,
  );
  if (!e) throw notFound('Exam');
  return e;
}

export async function monitorExams(ctx: RequestContext, req: z.output<typeof zMonitorExamRequest>) {
  const now = ts(clock.now());
  const where = sql.join(
    [
      sql`e.organization_id = ${ctx.orgId} and e.state = ${ExamState.Published} and not e.homework`,
      watchable(ctx),
      req.id ? sql`e.id = ${req.id}` : sql`true`,
      req.keyword ? sql`e.name ilike ${`%${req.keyword}%`}` : sql`true`,
      // Open now, or still with someone answering (extra time runs past the window).
      req.live
        ? sql`e.window_start <= ${now} and (e.window_end > ${now} or exists (select 1 from ${examAttempts} t
            where t.organization_id = e.organization_id and t.exam_id = e.id and t.status = ${Answering}))`
        : sql`true`,
    ],
    sql` and `,
  );
  const [count] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${exams} e where ${where}`);
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`select e.id, e.name, e.window_start, e.window_end, e.duration_minutes, e.virtual_room_id,
        v.name as venue_name, e.candidate_count as candidates,
        (select count(*) filter (where t.status = ${Answering}) from ${examAttempts} t
          where t.organization_id = e.organization_id and t.exam_id = e.id)::int as answering,
        (select count(*) filter (where t.status <> ${Answering}) from ${examAttempts} t
          where t.organization_id = e.organization_id and t.exam_id = e.id)::int as ended,
        (select count(*) filter (where t.flagged and t.review_decision is null) from ${examAttempts} t
          where t.organization_id = e.organization_id and t.exam_id = e.id)::int as flagged
      from ${exams} e
      left join ${teachVenues} v on v.organization_id = e.organization_id and v.id = e.venue_id
      where ${where}
      order by abs(extract(epoch from (e.window_start - ${now}))), e.id
      limit ${req.pageSize} offset ${pageOffset(req)}`,
  );
  const out: MonitorExam[] = list.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    windowStart: new Date(r.window_start as string).toISOString(),
    windowEnd: new Date(r.window_end as string).toISOString(),
    durationMinutes: Number(r.duration_minutes),
    virtualRoomId: (r.virtual_room_id as string | null) ?? null,
    venueName: (r.venue_name as string | null) ?? null,
    candidates: Number(r.candidates),
    answering: Number(r.answering),
    ended: Number(r.ended),
    flagged: Number(r.flagged),
  }));
  return pageOf(out, Number(count?.n ?? 0), req);
}

interface CandidateRow extends Record<string, unknown> {
  user_id: number;
  user_name: string;
  real_name: string | null;
  class_name: string | null;
  seat_no: number | null;
  student_status: number;
  attempt_id: number | null;
  paper_status: number;
  answered: number;
  question_count: number | null;
  started_at: string | null;
  deadline: string | null;
  extra_minutes: number | null;
  added_minutes: number;
  last_seen: string | null;
  switch_count: number | null;
  left_count: number | null;
  snapshot_count: number | null;
  event_count: number | null;
  flagged: boolean | null;
  review_decision: number | null;
}

const candidateFrom = (examId: number, orgId: number) => sql`from ${examCandidates} c
  join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
  left join ${examAttempts} t on t.organization_id = c.organization_id and t.exam_id = c.exam_id
    and t.user_id = c.user_id
  where c.organization_id = ${orgId} and c.exam_id = ${examId} and c.status = ${CandidateStatus.Approved}`;

const candidateColumns = sql`u.id as user_id, u.user_name, u.real_name, c.seat_no, c.student_status,
  (select string_agg(tm.name, ', ' order by tm.name) from ${teamMembers} m
     join ${teams} tm on tm.organization_id = m.organization_id and tm.id = m.team_id
   where m.organization_id = c.organization_id and m.user_id = c.user_id) as class_name,
  t.id as attempt_id, ${shownStatus} as paper_status,
  (select count(*) from ${attemptAnswers} aa where aa.organization_id = t.organization_id
     and aa.attempt_id = t.id and ${answeredSql})::int as answered,
  cardinality(t.question_ids) as question_count, t.started_at, t.deadline, t.extra_minutes, c.added_minutes,
  greatest(t.last_seen, (select max(saved_at) from ${attemptAnswers} aa where aa.organization_id = t.organization_id
     and aa.attempt_id = t.id)) as last_seen,
  t.switch_count, t.left_count, t.snapshot_count, t.event_count, t.flagged, t.review_decision`;

function toRow(r: CandidateRow, paperQuestions: number, now: number): MonitorRow {
  const status = Number(r.paper_status) as PaperStatus;
  const deadline = ms(r.deadline);
  return {
    userId: Number(r.user_id),
    userName: r.user_name,
    realName: r.real_name,
    className: r.class_name,
    seatNo: r.seat_no == null ? null : Number(r.seat_no),
    studentStatus: Number(r.student_status) as 1 | 2,
    paperStatus: status,
    attemptId: r.attempt_id == null ? null : Number(r.attempt_id),
    answered: Number(r.answered ?? 0),
    total: r.question_count == null ? paperQuestions : Number(r.question_count),
    startedAt: ms(r.started_at),
    deadline,
    timeLeftMs: status === Answering && deadline !== null ? Math.max(0, deadline - now) : null,
    extraMinutes: Number(r.extra_minutes ?? 0) + Number(r.added_minutes ?? 0),
    lastSeen: ms(r.last_seen),
    switchCount: Number(r.switch_count ?? 0),
    leftCount: Number(r.left_count ?? 0),
    snapshotCount: Number(r.snapshot_count ?? 0),
    eventCount: Number(r.event_count ?? 0),
    flagged: Boolean(r.flagged),
    reviewDecision: r.review_decision == null ? null : (Number(r.review_decision) as 1 | 2),
  };
}

export async function monitorPage(ctx: RequestContext, req: z.output<typeof zMonitorRequest>): Promise<MonitorPage> {
  const exam = await watchedExam(ctx, req.examId);
  const now = clock.now();
  const base = candidateFrom(req.examId, ctx.orgId);
  const filters = sql.join(
    [
      req.userName
        ? sql`(u.user_name ilike ${`%${req.userName}%`} or u.real_name ilike ${`%${req.userName}%`})`
        : sql`true`,
      req.paperStatus !== undefined ? sql`${shownStatus} = ${req.paperStatus}` : sql`true`,
      req.studentStatus !== undefined ? sql`c.student_status = ${req.studentStatus}` : sql`true`,
      req.virtualRoomId ? sql`${exam.virtual_room_id ?? ''} = ${req.virtualRoomId}` : sql`true`,
      req.flagged ? sql`t.flagged and t.review_decision is null` : sql`true`,
    ],
    sql` and `,
  );
  const [[total], list, byStatus] = await Promise.all([
    rows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${base} and ${filters}`),
    rows<CandidateRow>(
      ctx.db,
      sql`select ${candidateColumns} ${base} and ${filters}
        order by c.seat_no nulls last, u.user_name limit ${req.pageSize} offset ${pageOffset(req)}`,
    ),
    rows<{ status: number; n: number; flagged: number }>(
      ctx.db,
      sql`select ${shownStatus} as status, count(*)::int as n,
          count(*) filter (where t.flagged and t.review_decision is null)::int as flagged
        ${base} group by 1 order by 1`,
    ),
  ]);
  const questions = Number(exam.question_count);
  return {
    ...pageOf(
      list.map((r) => toRow(r, questions, now)),
      Number(total?.n ?? 0),
      req,
    ),
    serverNow: now,
    counts: {
      candidates: byStatus.reduce((s, r) => s + Number(r.n), 0),
      byStatus: byStatus.map((r) => ({ status: Number(r.status) as PaperStatus, count: Number(r.n) })),
      flagged: byStatus.reduce((s, r) => s + Number(r.flagged), 0),
    },
  };
}

export async function timeline(ctx: RequestContext, examId: number, userId: number): Promise<Timeline> {
  const exam = await watchedExam(ctx, examId);
  const now = clock.now();
  const [r] = await rows<
    CandidateRow & {
      notice: string | null;
      notice_at: string | null;
      review_note: string | null;
      reviewer: string | null;
      review_time: string | null;
    }
  >(
    ctx.db,
    sql`select ${candidateColumns}, t.notice, t.notice_at, t.review_note, t.review_time,
        (select coalesce(r.real_name, r.user_name) from ${users} r where r.organization_id = t.organization_id
          and r.id = t.reviewer_id) as reviewer
      ${candidateFrom(examId, ctx.orgId)} and c.user_id = ${userId}`,
  );
  if (!r) throw notFound('Candidate');
  const entries = r.attempt_id
    ? await rows<{
        id: number;
        type: number;
        at: string;
        received_at: string;
        detail: string;
        file_id: number | null;
        purpose: string | null;
      }>(
        ctx.db,
        sql`select ev.id, ev.type, ev.at, ev.received_at, ev.detail, f.id as file_id, f.purpose
          from ${attemptEvents} ev
          left join ${files} f on f.organization_id = ev.organization_id and f.id = ev.file_id
          where ev.organization_id = ${ctx.orgId} and ev.attempt_id = ${r.attempt_id}
          order by ev.at, ev.id limit 2000`,
      )
    : [];
  return {
    row: toRow(r, Number(exam.question_count), now),
    entries: entries.map((e) => ({
      id: Number(e.id),
      type: Number(e.type) as Timeline['entries'][number]['type'],
      at: ms(e.at)!,
      receivedAt: ms(e.received_at)!,
      detail: e.detail,
      fileId: e.file_id == null ? null : Number(e.file_id),
      fileUrl: e.file_id == null ? null : fileUrl(Number(e.file_id), 'snapshot'),
    })),
    review:
      r.review_decision != null && r.review_time
        ? {
            decision: Number(r.review_decision) as 1 | 2,
            note: r.review_note ?? '',
            reviewerName: r.reviewer,
            at: ms(r.review_time)!,
          }
        : null,
    notice: r.notice && r.notice_at ? { text: r.notice, at: ms(r.notice_at)! } : null,
  };
}

// ---- actions ----

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );
const attemptsOf = (orgId: number, examId: number, userIds: number[]) =>
  sql`t.organization_id = ${orgId} and t.exam_id = ${examId} and t.user_id in (${ids(userIds)})`;

// Every action that changes a candidate's paper or time is refused once the exam's scores are
// confirmed (the same rule as marking): confirmed results change only after academic staff reopen
// them. Taken inside the action's transaction, so a confirmation cannot slip in between.
async function changing<T>(ctx: RequestContext, examId: number, action: (tx: Tx) => Promise<T>): Promise<T> {
  await watchedExam(ctx, examId);
  return ctx.db.transaction(async (tx) => {
    await lockConfirmation(tx, ctx.orgId, examId);
    return action(tx);
  });
}

export async function addTime(ctx: RequestContext, req: z.output<typeof zAddTimeRequest>) {
  return changing(ctx, req.examId, async (tx) => {
    const changed = await rows<{ user_id: number }>(
      tx,
      sql`update ${examCandidates} set added_minutes = added_minutes + ${req.minutes}
        where organization_id = ${ctx.orgId} and exam_id = ${req.examId} and user_id in (${ids(req.userIds)})
          and status = ${CandidateStatus.Approved}
        returning user_id`,
    );
    await tx.execute(
      sql`update ${examAttempts} t set deadline = deadline + ${req.minutes} * interval '1 minute',
          closes_at = closes_at + ${req.minutes} * interval '1 minute'
        where ${attemptsOf(ctx.orgId, req.examId, req.userIds)} and t.status = ${Answering}`,
    );
    return { changed: changed.length };
  });
}

export async function collectNow(ctx: RequestContext, examId: number, userIds: number[]) {
  return changing(ctx, examId, async (tx) => {
    const ended = await endAttempts(
      tx,
      attemptsOf(ctx.orgId, examId, userIds),
      ForceCollected,
      ts(clock.now()),
      'collected by an invigilator',
    );
    return { changed: ended.length };
  });
}

export async function markAbnormal(ctx: RequestContext, examId: number, userId: number, reason: string) {
  const now = clock.now();
  return changing(ctx, examId, async (tx) => {
    // An attempt still answering ends here; one already ended is marked abnormal over its status.
    const ended = await endAttempts(tx, attemptsOf(ctx.orgId, examId, [userId]), Abnormal, ts(now), reason);
    if (ended.length) return { changed: 1 };
    const marked = await rows<{ id: number }>(
      tx,
      sql`update ${examAttempts} t set status = ${Abnormal}, end_reason = ${reason}
        where ${attemptsOf(ctx.orgId, examId, [userId])} and t.status <> ${Abnormal} returning t.id`,
    );
    for (const m of marked) {
      await tx
        .insert(attemptEvents)
        .values({
          organizationId: ctx.orgId,
          attemptId: Number(m.id),
          type: 8,
          at: new Date(now),
          receivedAt: new Date(now),
          detail: reason,
        })
        .onConflictDoNothing();
    }
    return { changed: marked.length };
  });
}

export async function reopen(ctx: RequestContext, req: z.output<typeof zReopenRequest>) {
  const now = clock.now();
  return changing(ctx, req.examId, async (tx) => {
    const [t] = await rows<{ id: number; status: number; deadline: string; grace_seconds: number }>(
      tx,
      sql`select t.id, t.status, t.deadline, e.grace_seconds from ${examAttempts} t
        join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
        where ${attemptsOf(ctx.orgId, req.examId, [req.userId])} for update of t`,
    );
    if (!t) throw notFound('Attempt');
    const status = Number(t.status);
    if (status !== ForceCollected && status !== Abnormal) throw invalidParams('userId', 'notReopenable');
    const deadline = ms(t.deadline)! + req.minutes * 60_000;
    if (deadline <= now) {
      throw invalidParams('minutes', 'tooSmall', { min: Math.ceil((now - ms(t.deadline)!) / 60_000) + 1 });
    }
    const closesAt = deadline + Number(t.grace_seconds) * 1000;
    await tx.execute(
      sql`update ${examAttempts} set status = ${Answering}, ended_at = null, end_reason = null,
          deadline = ${ts(deadline)}, closes_at = ${ts(closesAt)}, end_status = null, score = null,
          score_max = null, pending_count = 0, answer_status = 3, marked_at = null
        where organization_id = ${ctx.orgId} and id = ${t.id}`,
    );
    // The student may change answers: marks made so far no longer hold (the next end marks again).
    // Each removed score is audited, as every other change to a score is.
    const removed = await rows<{ question_id: number; score: number | null }>(
      tx,
      sql`delete from ${attemptMarks} where organization_id = ${ctx.orgId} and attempt_id = ${t.id}
        returning question_id, score`,
    );
    await audit(
      tx,
      ctx.orgId,
      ctx.userId,
      removed.map((m) => ({
        examId: req.examId,
        attemptId: Number(t.id),
        questionId: Number(m.question_id),
        kind: ScoreChangeKind.Reopened,
        from: m.score === null ? null : Number(m.score),
        to: null,
        reason: 'paper reopened by an invigilator',
      })),
    );
    if (req.minutes) {
      await tx.execute(
        sql`update ${examCandidates} set added_minutes = added_minutes + ${req.minutes}
          where organization_id = ${ctx.orgId} and exam_id = ${req.examId} and user_id = ${req.userId}`,
      );
    }
    await scheduleCollection(tx, ctx.orgId, Number(t.id), closesAt);
    return { changed: 1 };
  });
}

export async function sendNotice(ctx: RequestContext, examId: number, userIds: number[], text: string) {
  await watchedExam(ctx, examId);
  const changed = await rows<{ id: number }>(
    ctx.db,
    sql`update ${examAttempts} t set notice = ${text}, notice_at = ${ts(clock.now())}
      where ${attemptsOf(ctx.orgId, examId, userIds)} returning t.id`,
  );
  return { changed: changed.length };
}

export async function review(ctx: RequestContext, req: z.output<typeof zReviewRequest>) {
  return changing(ctx, req.examId, (tx) => reviewIn(tx, ctx, req));
}

async function reviewIn(tx: Tx, ctx: RequestContext, req: z.output<typeof zReviewRequest>) {
  const changed = await rows<{ id: number }>(
    tx,
    sql`update ${examAttempts} t set review_decision = ${req.decision}, review_note = ${req.note},
        reviewer_id = ${ctx.userId}, review_time = ${ts(clock.now())}
      where ${attemptsOf(ctx.orgId, req.examId, [req.userId])} returning t.id`,
  );
  return { changed: changed.length };
}

// Snapshots linked to an attempt are read by those who may watch its exam (and by their uploader).
registerFileReader('examAttempt', async (ctx, attemptIds) => {
  if (!allows(ctx, ['examLog:page'])) return false;
  const found = await rows<{ id: number }>(
    ctx.db,
    sql`select t.id from ${examAttempts} t join ${exams} e on e.organization_id = t.organization_id
        and e.id = t.exam_id
      where t.organization_id = ${ctx.orgId} and t.id in (${ids(attemptIds)}) and ${watchable(ctx)} limit 1`,
  );
  return found.length > 0;
});

// A candidate sees every figure of their own paper and nothing more: a question's file is read by a
// member whose attempt's paper holds that question, when the file is in what the paper shows of its
// version (stems and options, a compound question's parts too), never its key or analysis.
registerFileReader('question', async (ctx, questionIds, fileId) => {
  const shown = sql`concat(v.snapshot->>'stem', v.snapshot->'options',
    jsonb_path_query_array(v.snapshot, '$.children[*].stem'),
    jsonb_path_query_array(v.snapshot, '$.children[*].options'))`;
  const found = await rows<{ id: number }>(
    ctx.db,
    sql`select t.id from ${examAttempts} t
      cross join lateral jsonb_array_elements(t.paper->'sections') s
      cross join lateral jsonb_array_elements(s->'items') i
      join ${questionVersions} v on v.organization_id = t.organization_id
        and v.question_id = (i->>'questionId')::bigint and v.version = (i->>'questionVersion')::int
      where t.organization_id = ${ctx.orgId} and t.user_id = ${ctx.userId}
        and (i->>'questionId')::bigint in (${ids(questionIds)})
        and ${shown} ~ ${`/api/file/${fileId}([^0-9]|$)`}
      limit 1`,
  );
  return found.length > 0;
});
