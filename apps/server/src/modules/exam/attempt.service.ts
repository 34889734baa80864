import {
  type Attempt,
  type AttemptEventsResult,
  type AttemptSaveResult,
  type AttemptSection,
  type AttemptSubmitResult,
  CandidateStatus,
  ExamLogType,
  ExamState,
  extraMinutesOf,
  PaperStatus,
  type SaveItem,
  StudentExamStatus,
  type zAttemptEventsRequest,
  type zAttemptSubmitRequest,
} from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { announceJobs, enqueue, type JobRunner } from '../../platform/jobs';
import { rows } from '../../platform/sql-rows';
import { fileLinks, files } from '../file/file.table';
import { jobs } from '../job/job.table';
import { attemptMarks } from '../marking/marking.table';
import { MARK_JOB } from '../marking/marking-jobs';
import { CHECKED_REVISION, checkedQuestions, homeworkRules } from '../task/task.service';
import { syncTaskUsers } from '../task/task-status';
import { attemptAnswers, attemptEvents, examAttempts } from './attempt.table';
import { keepSittings } from './attempt-history';
import { drawAttemptPaper } from './attempt-paper';
import { accommodations, examCandidates, exams } from './exam.table';
import { ms, ts } from './exam-time';

// Exam day, the student's side (decision 37). The rules that keep answers safe:
// - one attempt per student and exam (unique key); a second start returns it;
// - a save is one statement: it takes the attempt row FOR SHARE, checks the attempt is open and the
//   questions are in the paper, and upserts every item whose revision is above the stored one, so a
//   batch is all or nothing and committed before the reply; a stale or repeated save changes nothing;
// - submit, collection and the invigilators' actions change the attempt's status with the row
//   locked FOR UPDATE and only from "answering", so a save that waited for them sees the new status
//   and is refused, a save that got in first is part of the final record, and every attempt gets
//   exactly one final status.

const { Answering, HandedIn, AutoCollected, ForceCollected } = PaperStatus;
const MINUTE = 60_000;
export const COLLECT_JOB = 'exam.collect';
export const COLLECT_SWEEP_JOB = 'exam.collectSweep';

interface AttemptRow extends Record<string, unknown> {
  id: number;
  exam_id: number;
  user_id: number;
  status: number;
  attempt_no: number;
  view: AttemptSection[];
  question_ids: number[];
  total_score: number;
  extra_minutes: number;
  started_at: string;
  deadline: string;
  closes_at: string;
  ended_at: string | null;
  switch_count: number;
  notice: string | null;
  notice_at: string | null;
  exam_name: string;
  duration_minutes: number;
  instructions: string | null;
  added_minutes: number;
  fullscreen: boolean;
  switch_warn_after: number;
  switch_collect_after: number | null;
  camera_source: number | null;
  snapshot_interval_seconds: number;
  show_score: number;
  allow_review: boolean;
  homework: boolean;
}

const attemptColumns = sql`t.id, t.exam_id, t.user_id, t.status, t.attempt_no, t.view, t.question_ids, t.total_score,
  t.extra_minutes, t.started_at, t.deadline, t.closes_at, t.ended_at, t.switch_count, t.notice, t.notice_at,
  e.name as exam_name, e.duration_minutes, e.instructions, coalesce(c.added_minutes, 0) as added_minutes,
  e.fullscreen, e.switch_warn_after, e.switch_collect_after, e.camera_source, e.snapshot_interval_seconds,
  e.show_score, e.allow_review, e.homework`;
const attemptJoins = sql`from ${examAttempts} t
  join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
  left join ${examCandidates} c on c.organization_id = t.organization_id and c.exam_id = t.exam_id
    and c.user_id = t.user_id`;

async function findAttempt(db: DbOrTx, orgId: number, where: SQL): Promise<AttemptRow | undefined> {
  const [row] = await rows<AttemptRow>(
    db,
    sql`select ${attemptColumns} ${attemptJoins} where t.organization_id = ${orgId} and ${where}`,
  );
  return row;
}

const noticeOf = (r: { notice: string | null; notice_at: string | null }) =>
  r.notice && r.notice_at ? { text: r.notice, at: ms(r.notice_at)! } : null;

async function toAttempt(db: DbOrTx, orgId: number, r: AttemptRow, now: number): Promise<Attempt> {
  const answers = await db
    .select({
      questionId: attemptAnswers.questionId,
      answer: attemptAnswers.answer,
      revision: attemptAnswers.revision,
      savedAt: attemptAnswers.savedAt,
    })
    .from(attemptAnswers)
    .where(sql`${attemptAnswers.organizationId} = ${orgId} and ${attemptAnswers.attemptId} = ${r.id}`);
  return {
    id: Number(r.id),
    examId: Number(r.exam_id),
    examName: r.exam_name,
    status: Number(r.status) as PaperStatus,
    startedAt: ms(r.started_at)!,
    deadline: ms(r.deadline)!,
    closesAt: ms(r.closes_at)!,
    serverNow: now,
    durationMinutes: Number(r.duration_minutes),
    extraMinutes: Number(r.extra_minutes) + Number(r.added_minutes),
    instructions: r.instructions,
    rules: {
      fullscreen: r.fullscreen,
      switchWarnAfter: Number(r.switch_warn_after),
      switchCollectAfter: r.switch_collect_after == null ? null : Number(r.switch_collect_after),
      cameraSource: r.camera_source == null ? null : (Number(r.camera_source) as 1 | 2),
      snapshotIntervalSeconds: Number(r.snapshot_interval_seconds),
      showScore: Number(r.show_score) as 1 | 2 | 3,
      allowReview: r.allow_review,
    },
    totalScore: Number(r.total_score),
    sections: r.view,
    answers: answers.map((a) => ({
      questionId: a.questionId,
      answer: a.answer as Attempt['answers'][number]['answer'],
      revision: a.revision,
      savedAt: a.savedAt.getTime(),
    })),
    switchCount: Number(r.switch_count),
    notice: noticeOf(r),
    endedAt: ms(r.ended_at),
    homework: r.homework ? await homeworkRules(db, orgId, Number(r.exam_id), Number(r.id), Number(r.user_id)) : null,
  };
}

interface ExamForStart extends Record<string, unknown> {
  id: number;
  paper_id: number;
  state: number;
  window_start: string;
  window_end: string;
  duration_minutes: number;
  latest_entry_minutes: number | null;
  grace_seconds: number;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  candidate_status: number | null;
  homework: boolean;
  factor: number;
  minutes: number;
  added_minutes: number;
  attempts_allowed: number;
  confirmed: boolean;
}

// ---- start ----

// The exam as a sitting starts it, refused when the caller is no candidate.
async function examForStart(ctx: RequestContext, examId: number): Promise<ExamForStart> {
  const [e] = await rows<ExamForStart>(
    ctx.db,
    sql`select e.id, e.paper_id, e.state, e.window_start, e.window_end, e.duration_minutes, e.latest_entry_minutes,
        e.grace_seconds, e.shuffle_questions, e.shuffle_options, c.status as candidate_status,
        -- Homework has no clock to extend: its deadline is the task's cutoff for everyone.
        case when e.homework then 1 else coalesce(c.extra_time_factor, a.extra_time_factor, 1) end as factor,
        case when e.homework then 0 else coalesce(c.extra_minutes, a.extra_minutes, 0) end as minutes,
        coalesce(c.added_minutes, 0) as added_minutes, e.homework, e.attempts_allowed,
        e.scores_confirmed_at is not null as confirmed
      from ${exams} e
      left join ${examCandidates} c on c.organization_id = e.organization_id and c.exam_id = e.id
        and c.user_id = ${ctx.userId}
      left join ${accommodations} a on a.organization_id = e.organization_id and a.user_id = ${ctx.userId}
      where e.organization_id = ${ctx.orgId} and e.id = ${examId}`,
  );
  if (!e || Number(e.state) === ExamState.Draft) throw notFound('Exam');
  if (Number(e.state) === ExamState.Cancelled || Number(e.candidate_status) !== CandidateStatus.Approved) {
    throw forbidden('notCandidate');
  }
  return e;
}

// A sitting starting now: its extra time and deadline, refused outside the window or after entry closed.
function sittingTimes(e: ExamForStart, now: number) {
  const duration = Number(e.duration_minutes);
  const extra = extraMinutesOf(duration, { extraTimeFactor: Number(e.factor), extraMinutes: Number(e.minutes) });
  const added = Number(e.added_minutes);
  const windowStart = ms(e.window_start)!;
  const personalEnd = ms(e.window_end)! + (extra + added) * MINUTE;
  if (now < windowStart) throw businessError('examNotOpenYet');
  if (e.latest_entry_minutes != null && now > windowStart + Number(e.latest_entry_minutes) * MINUTE) {
    throw businessError('entryClosed');
  }
  if (now >= personalEnd) throw businessError('examEnded');
  const deadline = Math.min(now + (duration + extra + added) * MINUTE, personalEnd);
  return { extra, deadline, closesAt: deadline + Number(e.grace_seconds) * 1000 };
}

const drawFor = (ctx: RequestContext, e: ExamForStart) =>
  drawAttemptPaper(
    ctx.db,
    ctx,
    {
      id: Number(e.id),
      paperId: Number(e.paper_id),
      shuffleQuestions: e.shuffle_questions,
      shuffleOptions: e.shuffle_options,
    },
    ctx.userId,
  );

export async function startAttempt(ctx: RequestContext, examId: number): Promise<Attempt> {
  const org = ctx.orgId;
  const mine = sql`t.exam_id = ${examId} and t.user_id = ${ctx.userId}`;
  const existing = await findAttempt(ctx.db, org, mine);
  if (existing) {
    if (Number(existing.status) !== Answering) throw businessError('attemptEnded');
    return toAttempt(ctx.db, org, existing, clock.now());
  }
  const e = await examForStart(ctx, examId);
  const now = clock.now();
  const { extra, deadline, closesAt } = sittingTimes(e, now);
  const drawn = await drawFor(ctx, e);
  const totalScore = drawn.paper.totalScore;
  await ctx.db.transaction(async (tx) => {
    const created = await tx
      .insert(examAttempts)
      .values({
        organizationId: org,
        examId,
        userId: ctx.userId,
        status: Answering,
        paper: drawn.paper,
        view: drawn.view,
        questionIds: drawn.questionIds,
        totalScore,
        extraMinutes: extra,
        startedAt: new Date(now),
        deadline: new Date(deadline),
        closesAt: new Date(closesAt),
        lastSeen: new Date(now),
      })
      .onConflictDoNothing({ target: [examAttempts.organizationId, examAttempts.examId, examAttempts.userId] })
      .returning({ id: examAttempts.id });
    // Another tab or device got there first: its attempt is the one (read below).
    const first = created[0];
    if (!first) return;
    await tx.execute(
      sql`update ${examCandidates} set student_status = ${StudentExamStatus.Entered}
        where organization_id = ${org} and exam_id = ${examId} and user_id = ${ctx.userId}`,
    );
    await tx
      .insert(attemptEvents)
      .values({
        organizationId: org,
        attemptId: first.id,
        type: ExamLogType.Start,
        at: new Date(now),
        receivedAt: new Date(now),
      })
      .onConflictDoNothing();
    await scheduleCollection(tx, org, first.id, closesAt);
    if (e.homework) await syncTaskUsers(tx, org, sql`a.id = ${first.id}`, now);
  });
  const row = await findAttempt(ctx.db, org, mine);
  if (!row) throw new Error('attempt vanished after start');
  if (Number(row.status) !== Answering) throw businessError('attemptEnded');
  return toAttempt(ctx.db, org, row, clock.now());
}

// ---- another sitting ----

// Another sitting of an exam that allows several (a practice exam): the ended sitting is kept in
// attempt_history and the same row opens again with a fresh paper, timed from now, so every screen
// still finds one paper per student and exam. The exam page then enters it with startAttempt.
export async function retakeAttempt(ctx: RequestContext, examId: number): Promise<{ examId: number }> {
  const org = ctx.orgId;
  const e = await examForStart(ctx, examId);
  const current = await findAttempt(ctx.db, org, sql`t.exam_id = ${examId} and t.user_id = ${ctx.userId}`);
  // Already sitting again (a second tab asked too): nothing to do.
  if (current && Number(current.status) === Answering) return { examId };
  if (e.homework || !current || e.confirmed) throw businessError('notRetakable');
  const allowed = Number(e.attempts_allowed);
  if (Number(current.attempt_no) >= allowed) throw businessError('noRetakeLeft', { max: allowed });
  const now = clock.now();
  const { extra, deadline, closesAt } = sittingTimes(e, now);
  const drawn = await drawFor(ctx, e);
  await ctx.db.transaction(async (tx) => {
    // Locked and checked again: of two retakes at once, the second finds the sitting open and stops.
    const [held] = await rows<{ status: number; attempt_no: number }>(
      tx,
      sql`select status, attempt_no from ${examAttempts} where organization_id = ${org} and id = ${current.id} for update`,
    );
    if (!held || Number(held.status) === Answering || Number(held.attempt_no) !== Number(current.attempt_no)) return;
    await keepSittings(tx, sql`a.organization_id = ${org} and a.id = ${current.id}`, {
      returned: false,
      score: sql`case when a.status = ${sql.raw(String(PaperStatus.Marked))} then a.score end`,
      late: sql`false`,
    });
    await tx.execute(sql`delete from ${attemptAnswers} where organization_id = ${org} and attempt_id = ${current.id}`);
    await tx.execute(sql`delete from ${attemptMarks} where organization_id = ${org} and attempt_id = ${current.id}`);
    await tx
      .update(examAttempts)
      .set({
        attemptNo: Number(current.attempt_no) + 1,
        status: Answering,
        paper: drawn.paper,
        view: drawn.view,
        questionIds: drawn.questionIds,
        totalScore: drawn.paper.totalScore,
        extraMinutes: extra,
        startedAt: new Date(now),
        deadline: new Date(deadline),
        closesAt: new Date(closesAt),
        endedAt: null,
        endReason: null,
        endStatus: null,
        lastSeen: new Date(now),
        switchCount: 0,
        leftCount: 0,
        flagged: false,
        reviewDecision: null,
        reviewNote: null,
        reviewerId: null,
        reviewTime: null,
        score: null,
        scoreMax: null,
        pendingCount: 0,
        answerStatus: 3,
        markedAt: null,
        notice: null,
        noticeAt: null,
      })
      .where(sql`${examAttempts.organizationId} = ${org} and ${examAttempts.id} = ${current.id}`);
    await tx
      .insert(attemptEvents)
      .values({
        organizationId: org,
        attemptId: Number(current.id),
        type: ExamLogType.Start,
        at: new Date(now),
        receivedAt: new Date(now),
      })
      .onConflictDoNothing();
    await scheduleCollection(tx, org, Number(current.id), closesAt);
  });
  return { examId };
}

// ---- save ----

// One item per question (the highest revision of a batch wins), so one statement never upserts a
// row twice.
function dedupe(items: SaveItem[]): SaveItem[] {
  const best = new Map<number, SaveItem>();
  for (const i of items) {
    const held = best.get(i.questionId);
    if (!held || i.revision > held.revision) best.set(i.questionId, i);
  }
  return [...best.values()];
}

interface SaveOutcome extends Record<string, unknown> {
  found: boolean;
  status: number | null;
  open: boolean;
  deadline: string | null;
  closes_at: string | null;
  notice: string | null;
  notice_at: string | null;
  bad: number[] | null;
  checked: number[] | null;
  acked: { q: number; rev: number; theirs: boolean }[];
}

// Upserts the items into an open attempt of the caller, in one statement. A repeated item (same
// revision, same answer) touches its row too, so a duplicate racing its original still reads back as
// the sender's own answer rather than another device's. Nothing is written unless
// the attempt is the caller's, is answering, has not closed, holds every question and none of them
// was checked (homework's immediate feedback).
async function upsertAnswers(db: DbOrTx, ctx: RequestContext, attemptId: number, items: SaveItem[], now: number) {
  const org = ctx.orgId;
  const batch = JSON.stringify(dedupe(items).map((i) => ({ q: i.questionId, ans: i.answer ?? null, rev: i.revision })));
  const [out] = await rows<SaveOutcome>(
    db,
    sql`with a as (
        select id, status, deadline, closes_at, notice, notice_at, question_ids from ${examAttempts}
        where organization_id = ${org} and id = ${attemptId} and user_id = ${ctx.userId}
        for share),
      x as (select * from jsonb_to_recordset(${batch}::jsonb) as x(q bigint, ans jsonb, rev int)),
      bad as (select coalesce(array_agg(x.q), '{}') as ids from x, a where not (x.q = any(a.question_ids))),
      -- Homework answers checked with immediate feedback are final (decision 39).
      checked as (select coalesce(array_agg(x.q), '{}') as ids from x
        where x.q in (${checkedQuestions(org, attemptId)})),
      ok as (select exists (select 1 from a where a.status = ${Answering} and a.closes_at > ${ts(now)})
        and cardinality((select ids from bad)) = 0 and cardinality((select ids from checked)) = 0 as ok),
      cur as (select question_id, revision, answer from ${attemptAnswers}
        where organization_id = ${org} and attempt_id = ${attemptId} and question_id in (select q from x)),
      ins as (insert into ${attemptAnswers} (organization_id, attempt_id, question_id, answer, revision, saved_at)
        select ${org}, ${attemptId}, x.q, x.ans, x.rev, ${ts(now)} from x where (select ok from ok)
        on conflict (organization_id, attempt_id, question_id) do update
          set answer = excluded.answer, revision = excluded.revision,
            saved_at = case when ${attemptAnswers}.revision < excluded.revision then excluded.saved_at
              else ${attemptAnswers}.saved_at end
          where ${attemptAnswers}.revision < ${CHECKED_REVISION} and (${attemptAnswers}.revision < excluded.revision
            or (${attemptAnswers}.revision = excluded.revision and ${attemptAnswers}.answer = excluded.answer))
        returning question_id, revision)
      select exists (select 1 from a) as found, (select status from a) as status, (select ok from ok) as open,
        (select deadline from a) as deadline, (select closes_at from a) as closes_at,
        (select notice from a) as notice, (select notice_at from a) as notice_at, (select ids from bad) as bad,
        (select ids from checked) as checked, coalesce((select json_agg(json_build_object('q', x.q,
            'rev', greatest(coalesce(i.revision, 0), coalesce(c.revision, 0)),
            'theirs', i.question_id is null and c.answer is distinct from x.ans))
          from x left join ins i on i.question_id = x.q left join cur c on c.question_id = x.q), '[]') as acked`,
  );
  if (!out?.found) throw notFound('Attempt');
  return out;
}

function refusal(out: SaveOutcome, items: SaveItem[], now: number): never {
  const bad = (out.bad ?? []).map(Number);
  if (bad.length) {
    const index = items.findIndex((i) => bad.includes(i.questionId));
    throw invalidParams(`items.${index}.questionId`, 'questionNotInPaper', { id: bad[0]! });
  }
  if (Number(out.status) !== Answering) throw businessError('attemptEnded');
  const checked = (out.checked ?? []).map(Number);
  if (checked.length && now < ms(out.closes_at)!) {
    const index = items.findIndex((i) => checked.includes(i.questionId));
    throw invalidParams(`items.${index}.questionId`, 'answerChecked', { id: items[index]!.questionId });
  }
  throw businessError('attemptClosed');
}

const acksOf = (out: SaveOutcome) =>
  out.acked.map((a) => ({ questionId: Number(a.q), revision: Number(a.rev), theirs: Boolean(a.theirs) }));

export async function saveAnswers(
  ctx: RequestContext,
  attemptId: number,
  items: SaveItem[],
): Promise<AttemptSaveResult> {
  const now = clock.now();
  const out = await upsertAnswers(ctx.db, ctx, attemptId, items, now);
  if (!out.open) refusal(out, items, now);
  if (!items.length) {
    await ctx.db.execute(
      sql`update ${examAttempts} set last_seen = ${ts(now)}
        where organization_id = ${ctx.orgId} and id = ${attemptId} and status = ${Answering}`,
    );
  }
  return {
    acked: acksOf(out),
    status: Number(out.status) as PaperStatus,
    serverNow: now,
    deadline: ms(out.deadline)!,
    closesAt: ms(out.closes_at)!,
    notice: noticeOf(out),
  };
}

// ---- ending an attempt ----

// Ends attempts that are still answering, with one final status each (the update's condition is
// what makes it exactly once), and writes the matching timeline entry. Returns the ended ids.
export async function endAttempts(
  db: DbOrTx,
  where: SQL,
  status: PaperStatus,
  endedAt: SQL,
  reason: string | null,
): Promise<number[]> {
  const type =
    status === HandedIn
      ? ExamLogType.ManualSubmit
      : status === AutoCollected
        ? ExamLogType.AutoSubmit
        : status === ForceCollected
          ? ExamLogType.ForcedCollection
          : ExamLogType.AbnormalSubmit;
  const ended = await rows<{ id: number }>(
    db,
    sql`with done as (
        update ${examAttempts} t set status = ${status}, ended_at = ${endedAt}, end_reason = ${reason}
        where t.status = ${Answering} and ${where}
        returning t.organization_id, t.id, t.ended_at),
      logged as (insert into ${attemptEvents} (organization_id, attempt_id, type, at, received_at, detail)
        select organization_id, id, ${type}, ended_at, ended_at, ${reason ?? ''} from done
        on conflict do nothing),
      -- Marking (decision 38) starts with the end, in the same statement: one job per ending.
      queued as (insert into ${jobs} (organization_id, kind, payload, dedupe_key)
        select organization_id, ${MARK_JOB}, jsonb_build_object('attemptId', id),
          'mark:' || organization_id || ':' || id || ':' || (extract(epoch from ended_at) * 1000)::bigint from done
        on conflict do nothing)
      select id from done`,
  );
  if (ended.length) await announceJobs(db, MARK_JOB);
  return ended.map((r) => Number(r.id));
}

const answeredSql = sql`(answer is not null and answer::text !~ '^(null|""|\\[[\\[\\]", null]*\\])$')`;

async function answeredCount(db: DbOrTx, orgId: number, attemptId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${attemptAnswers}
      where organization_id = ${orgId} and attempt_id = ${attemptId} and ${answeredSql}`,
  );
  return Number(r?.n ?? 0);
}

export { answeredSql };

// Hand in: the last batch is saved first (same rules as a save), then the attempt ends as handed in
// (or as collected automatically when the page's timer ran out). A repeated submit, or one that
// arrives after the attempt ended another way, returns the final state and changes nothing.
export async function submitAttempt(
  ctx: RequestContext,
  body: z.output<typeof zAttemptSubmitRequest>,
): Promise<AttemptSubmitResult> {
  const org = ctx.orgId;
  const result = await ctx.db.transaction(async (tx) => {
    const [t] = await rows<{ id: number; status: number; closes_at: string; deadline: string }>(
      tx,
      sql`select id, status, closes_at, deadline from ${examAttempts}
        where organization_id = ${org} and id = ${body.attemptId} and user_id = ${ctx.userId} for update`,
    );
    if (!t) throw notFound('Attempt');
    // Read with the row held: every save that got in first was stamped earlier, so the end time
    // follows every answer in the record.
    const now = clock.now();
    let acked: { questionId: number; revision: number; theirs: boolean }[] = [];
    if (Number(t.status) === Answering && now < ms(t.closes_at)!) {
      if (body.items?.length) {
        const out = await upsertAnswers(tx, ctx, body.attemptId, body.items, now);
        if (!out.open) refusal(out, body.items, now);
        acked = acksOf(out);
      }
      // The page's timer is trusted only once the deadline has really come.
      const timeUp = body.reason === 'timeUp' && now >= ms(t.deadline)! - 5000;
      await endAttempts(
        tx,
        sql`t.organization_id = ${org} and t.id = ${t.id}`,
        timeUp ? AutoCollected : HandedIn,
        ts(now),
        null,
      );
    } else if (Number(t.status) === Answering) {
      // Past deadline + grace and not yet collected: collect it now, as the collector would.
      await endAttempts(tx, sql`t.organization_id = ${org} and t.id = ${t.id}`, AutoCollected, sql`t.closes_at`, null);
    }
    return acked;
  });
  const [final] = await rows<{ status: number; ended_at: string; n: number }>(
    ctx.db,
    // How the paper ended, also once marked (7 keeps the ending in end_status): the page says so.
    sql`select case when status = ${PaperStatus.Marked} then coalesce(end_status, status) else status end as status,
        ended_at, cardinality(question_ids) as n from ${examAttempts}
      where organization_id = ${org} and id = ${body.attemptId}`,
  );
  return {
    attemptId: body.attemptId,
    status: Number(final!.status) as PaperStatus,
    endedAt: ms(final!.ended_at)!,
    answered: await answeredCount(ctx.db, org, body.attemptId),
    total: Number(final!.n),
    acked: result,
    serverNow: clock.now(),
  };
}

// ---- proctoring events ----

const SWITCH_TYPES: readonly number[] = [ExamLogType.ScreenSwitch, ExamLogType.LeftApp];
const PICTURE_TYPES: readonly number[] = [ExamLogType.Screenshot, ExamLogType.Snapshot];
const SNAPSHOT_LINK = 'examAttempt';
// Events an attempt may have reported so far: a burst at the start, then a steady allowance per
// minute. The web page sends one event per absence and a snapshot at most every 10 s (6 a minute),
// so an honest client stays far below; a flood is refused without a counter in any process.
export const EVENT_BURST = 200;
export const EVENTS_PER_MINUTE = 20;
// Bytes of one events request: 100 events with the longest details in any script fit.
export const EVENTS_BODY_LIMIT = 256 * 1024;

// Snapshots come only from an open attempt of the caller; an attempt of someone else, one handed in
// or one past its closing time is refused naming the field, before a byte is stored.
export async function openAttemptForSnapshot(ctx: RequestContext, attemptId: number): Promise<void> {
  const [open] = await rows<{ id: number }>(
    ctx.db,
    sql`select id from ${examAttempts} where organization_id = ${ctx.orgId} and id = ${attemptId}
      and user_id = ${ctx.userId} and status = ${Answering} and closes_at > ${ts(clock.now())}`,
  );
  if (!open) throw invalidParams('attemptId', 'noOpenAttempt');
}

// The upload is linked to its attempt at once: readable by its uploader and those who may watch
// the exam (monitor.service), and the only pictures that attempt's events may name.
export async function linkSnapshot(ctx: RequestContext, attemptId: number, fileId: number): Promise<void> {
  await ctx.db
    .insert(fileLinks)
    .values({ organizationId: ctx.orgId, fileId, entity: SNAPSHOT_LINK, entityId: attemptId })
    .onConflictDoNothing();
}

export async function recordEvents(
  ctx: RequestContext,
  body: z.output<typeof zAttemptEventsRequest>,
): Promise<AttemptEventsResult> {
  const org = ctx.orgId;
  const now = clock.now();
  const fileIds = [...new Set(body.events.flatMap((e) => (e.fileId ? [e.fileId] : [])))];
  if (fileIds.length) {
    // The caller's own uploads for this very attempt.
    const own = await rows<{ id: number }>(
      ctx.db,
      sql`select f.id from ${files} f join ${fileLinks} l on l.organization_id = f.organization_id
          and l.file_id = f.id and l.entity = ${SNAPSHOT_LINK} and l.entity_id = ${body.attemptId}
        where f.organization_id = ${org} and f.uploader_id = ${ctx.userId} and f.purpose = 'snapshot'
          and f.id in (${sql.join(
            fileIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const ok = new Set(own.map((r) => Number(r.id)));
    const index = body.events.findIndex((e) => e.fileId && !ok.has(e.fileId));
    if (index >= 0) {
      throw invalidParams(`events.${index}.fileId`, 'noSuchReference', {
        entity: 'snapshot',
        ids: String(body.events[index]!.fileId),
      });
    }
  }
  return ctx.db.transaction(async (tx) => {
    const [t] = await rows<{
      id: number;
      status: number;
      closes_at: string;
      started_at: string;
      event_count: number;
      switch_count: number;
      switch_warn_after: number;
      switch_collect_after: number | null;
    }>(
      tx,
      sql`select t.id, t.status, t.closes_at, t.started_at, t.event_count, t.switch_count, e.switch_warn_after,
          e.switch_collect_after
        from ${examAttempts} t join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
        where t.organization_id = ${org} and t.id = ${body.attemptId} and t.user_id = ${ctx.userId}
        for update of t`,
    );
    if (!t) throw notFound('Attempt');
    // The paper is over: nothing more is reported on it (the page then shows how it ended).
    if (Number(t.status) !== Answering) throw businessError('attemptEnded');
    if (now >= ms(t.closes_at)!) throw businessError('attemptClosed');
    const inserted = await tx
      .insert(attemptEvents)
      .values(
        body.events.map((e) => ({
          organizationId: org,
          attemptId: t.id,
          type: e.type,
          at: new Date(e.at),
          receivedAt: new Date(now),
          detail: e.detail,
          fileId: e.fileId ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ type: attemptEvents.type, fileId: attemptEvents.fileId });
    // Counted after the insert, so a retried batch (stored once) is never what hits the limit; the
    // refusal rolls the batch back.
    const allowed = EVENT_BURST + Math.floor(((now - ms(t.started_at)!) / 60_000) * EVENTS_PER_MINUTE);
    if (Number(t.event_count) + inserted.length > allowed) {
      throw invalidParams('events', 'tooManyEvents', { max: allowed, perMinute: EVENTS_PER_MINUTE });
    }
    const switches = inserted.filter((e) => SWITCH_TYPES.includes(e.type)).length;
    const left = inserted.filter((e) => e.type === ExamLogType.LeftApp).length;
    const pictures = inserted.some((e) => PICTURE_TYPES.includes(e.type));
    const switchCount = Number(t.switch_count) + switches;
    const warnAfter = Number(t.switch_warn_after);
    // Snapshots count by picture: the same file reported again adds nothing.
    const snapshotCount = pictures
      ? sql`(select count(distinct file_id) from ${attemptEvents} where organization_id = ${org}
          and attempt_id = ${t.id} and type in (${ExamLogType.Screenshot}, ${ExamLogType.Snapshot}))`
      : sql`snapshot_count`;
    await tx.execute(
      sql`update ${examAttempts} set switch_count = ${switchCount}, left_count = left_count + ${left},
        snapshot_count = ${snapshotCount}, event_count = event_count + ${inserted.length},
        last_seen = ${ts(now)}, flagged = flagged or (${warnAfter} > 0 and ${switchCount} >= ${warnAfter})
        where organization_id = ${org} and id = ${t.id}`,
    );
    let status = Number(t.status) as PaperStatus;
    const collectAfter = t.switch_collect_after == null ? null : Number(t.switch_collect_after);
    if (status === Answering && collectAfter !== null && switchCount >= collectAfter) {
      await endAttempts(
        tx,
        sql`t.organization_id = ${org} and t.id = ${t.id}`,
        ForceCollected,
        ts(now),
        `screen switches reached ${collectAfter}`,
      );
      status = ForceCollected;
    }
    return {
      accepted: inserted.length,
      status,
      switchCount,
      warn: status === Answering && warnAfter > 0 && switchCount >= warnAfter,
      serverNow: now,
    };
  });
}

// ---- collection at deadline + grace ----

// A job per attempt at its closing time, and a sweep every minute for anything a job missed; both
// end only attempts still answering whose closing time has passed, so running either twice, in two
// processes, or after a restart collects each attempt once.
export async function scheduleCollection(db: DbOrTx, orgId: number, attemptId: number, closesAt: number) {
  await enqueue(db, {
    kind: COLLECT_JOB,
    orgId,
    payload: { attemptId },
    dedupeKey: `${orgId}:${attemptId}:${closesAt}`,
    runAt: new Date(closesAt),
  });
}

export async function collectDue(db: DbOrTx, now = clock.now(), only?: { orgId: number; attemptId: number }) {
  const which = only
    ? sql`t.organization_id = ${only.orgId} and t.id = ${only.attemptId} and t.closes_at <= ${ts(now)}`
    : sql`t.closes_at <= ${ts(now)}`;
  return endAttempts(db, which, AutoCollected, sql`t.closes_at`, null);
}

export function registerAttemptJobs(runner: JobRunner, db: Db): void {
  runner.register(COLLECT_JOB, {
    run: async (job) => {
      const attemptId = Number(job.payload.attemptId);
      const orgId = Number(job.orgId);
      const collected = await collectDue(db, clock.now(), { orgId, attemptId });
      if (collected.length) return { collected: 1 };
      // Time was added since this job was planned: plan the collection for the new closing time.
      const [open] = await rows<{ closes_at: string }>(
        db,
        sql`select closes_at from ${examAttempts}
          where organization_id = ${orgId} and id = ${attemptId} and status = ${Answering}`,
      );
      if (open) await scheduleCollection(db, orgId, attemptId, ms(open.closes_at)!);
      return { collected: 0 };
    },
  });
  runner.register(COLLECT_SWEEP_JOB, { run: async () => ({ collected: (await collectDue(db)).length }) });
  runner.every(COLLECT_SWEEP_JOB, 60_000);
}

// The exam's window moved later: open attempts' deadlines are computed again from their start
// (an attempt capped by the old end gains the time; one ending on its own duration does not).
// Their collection jobs find the later closing time when they run and plan themselves again.
export async function refreshDeadlines(db: DbOrTx, orgId: number, examId: number, windowEnd: Date) {
  await db.execute(
    sql`update ${examAttempts} t set
        deadline = least(t.started_at + (e.duration_minutes + t.extra_minutes + coalesce(c.added_minutes, 0))
            * interval '1 minute', ${ts(windowEnd.getTime())} + (t.extra_minutes + coalesce(c.added_minutes, 0))
            * interval '1 minute'),
        closes_at = least(t.started_at + (e.duration_minutes + t.extra_minutes + coalesce(c.added_minutes, 0))
            * interval '1 minute', ${ts(windowEnd.getTime())} + (t.extra_minutes + coalesce(c.added_minutes, 0))
            * interval '1 minute') + e.grace_seconds * interval '1 second'
      from ${exams} e, ${examCandidates} c
      where e.organization_id = t.organization_id and e.id = t.exam_id
        and c.organization_id = t.organization_id and c.exam_id = t.exam_id and c.user_id = t.user_id
        and t.organization_id = ${orgId} and t.exam_id = ${examId} and t.status = ${Answering}`,
  );
}

// The exam was called off while candidates were answering: their attempts end as abnormal.
export async function endForCancelledExam(db: DbOrTx, orgId: number, examId: number) {
  await endAttempts(
    db,
    sql`t.organization_id = ${orgId} and t.exam_id = ${examId}`,
    PaperStatus.Abnormal,
    ts(clock.now()),
    'exam cancelled',
  );
}
