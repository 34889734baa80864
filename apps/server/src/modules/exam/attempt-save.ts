import { type AttemptSaveResult, PaperStatus, type SaveItem } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { preparedStatement } from '../../platform/prepared';
import { flag, ids, orNull, type RawRow, typedRows } from '../../platform/sql-rows';
import { CHECKED_REVISION, checkedQuestions } from '../task/task.service';
import { attemptAnswers, examAttempts } from './attempt.table';
import { noticeOf } from './attempt-view';
import { ms, ts } from './exam-time';

// Saving answers (see attempt.service for the rules); submit saves its last batch the same way.

const { Answering } = PaperStatus;

// ---- save ----

// One item per question (the highest revision of a batch wins), so one statement never upserts a
// row twice; in question order, so two saves of one attempt lock its rows in the same order (two
// multi-row upserts that lock them in different orders can deadlock).
function dedupe(items: SaveItem[]): SaveItem[] {
  const best = new Map<number, SaveItem>();
  for (const i of items) {
    const held = best.get(i.questionId);
    if (!held || i.revision > held.revision) best.set(i.questionId, i);
  }
  return [...best.values()].sort((a, b) => a.questionId - b.questionId);
}

const batchOf = (items: SaveItem[]) =>
  JSON.stringify(items.map((i) => ({ q: i.questionId, ans: i.answer ?? null, rev: i.revision })));

// The upsert both save statements share: the batch's answers into the attempt, if `allowed`. A
// repeated item (same revision, same answer) touches its row too, so a duplicate racing its
// original still reads back as the sender's own answer rather than another device's; a checked
// homework answer (decision 39) is never overwritten.
const upsert = (org: unknown, attemptId: unknown, now: SQL, allowed: SQL) =>
  sql`insert into ${attemptAnswers} (organization_id, attempt_id, question_id, answer, revision, saved_at)
    select ${org}, ${attemptId}, x.q, x.ans, x.rev, ${now} from x where ${allowed}
    on conflict (organization_id, attempt_id, question_id) do update
      set answer = excluded.answer, revision = excluded.revision,
        saved_at = case when ${attemptAnswers}.revision < excluded.revision then excluded.saved_at
          else ${attemptAnswers}.saved_at end
      where ${attemptAnswers}.revision < ${CHECKED_REVISION} and (${attemptAnswers}.revision < excluded.revision
        or (${attemptAnswers}.revision = excluded.revision and ${attemptAnswers}.answer = excluded.answer))
    returning question_id, revision`;

// The attempt's row, locked against its end while the answers go in.
const attemptRow = (org: unknown, attemptId: unknown, userId: unknown) =>
  sql`select id, status, deadline, closes_at, notice, notice_at, question_ids from ${examAttempts}
    where organization_id = ${org} and id = ${attemptId} and user_id = ${userId} for share`;

// What both save statements answer of the attempt, and whether they wrote.
const attemptShape = {
  found: flag,
  status: orNull(examAttempts.status),
  open: flag,
  deadline: orNull(examAttempts.deadline),
  closes_at: orNull(examAttempts.closesAt),
  notice: examAttempts.notice,
  notice_at: examAttempts.noticeAt,
};

const leanShape = {
  ...attemptShape,
  written: (v: unknown) =>
    ((v ?? []) as { q: number; rev: number }[]).map((a) => [Number(a.q), Number(a.rev)] as const),
};

// The save as nearly every call needs it (issue 29): lock, check, upsert, return what was written,
// prepared once. When everything sent was written as sent, that is the whole answer; otherwise
// (an item another device overtook, a refusal) the full statement below works out the details.
const leanSave = preparedStatement('attempt_save', leanShape, (p) => {
  const now = sql`${p('now')}::timestamptz`;
  return sql`with a as (${attemptRow(p('org'), p('attempt'), p('user'))}),
      x as (select * from jsonb_to_recordset(${p('batch')}::jsonb) as x(q bigint, ans jsonb, rev int)),
      ok as (select exists (select 1 from a where a.status = ${Answering} and a.closes_at > ${now}
          and not exists (select 1 from x where not (x.q = any(a.question_ids))))
        and not exists (select 1 from x where x.q in (${checkedQuestions(p('org'), p('attempt'))})) as ok),
      ins as (${upsert(p('org'), p('attempt'), now, sql`(select ok from ok)`)})
    select exists (select 1 from a) as found, (select status from a) as status, (select ok from ok) as open,
      (select deadline from a) as deadline, (select closes_at from a) as closes_at,
      (select notice from a) as notice, (select notice_at from a) as notice_at,
      (select json_agg(json_build_object('q', question_id, 'rev', revision)) from ins) as written`;
});

// The save statement's row: the attempt's columns, and what the statement decided.
const saveShape = {
  ...attemptShape,
  bad: ids,
  checked: ids,
  acked: (v: unknown) =>
    ((v ?? []) as { q: number; rev: number; theirs: boolean }[]).map((a) => ({
      questionId: Number(a.q),
      revision: Number(a.rev),
      theirs: Boolean(a.theirs),
    })),
};
export type SaveOutcome = RawRow<typeof saveShape>;

// Upserts the items into an open attempt of the caller, in one statement (kept raw: the exam day's
// hottest statement, tuned as one round trip; its row is typed from the table by saveShape). A
// repeated item (same revision, same answer) touches its row too, so a duplicate racing its original
// still reads back as the sender's own answer rather than another device's. Nothing is written unless
// the attempt is the caller's, is answering, has not closed, holds every question and none of them
// was checked (homework's immediate feedback).
// The full save: the same upsert, and for every item what the server holds now (the sender's
// revision, or a later one another device saved: `theirs`), and why nothing was written (questions
// not in the paper, checked answers). Kept raw: CTEs and a JSON walk the builder cannot say; its row
// is typed from the table by saveShape.
async function fullSave(db: DbOrTx, ctx: RequestContext, attemptId: number, items: SaveItem[], now: number) {
  const org = ctx.orgId;
  const [out] = await typedRows(
    db,
    sql`with a as (${attemptRow(org, attemptId, ctx.userId)}),
      x as (select * from jsonb_to_recordset(${batchOf(items)}::jsonb) as x(q bigint, ans jsonb, rev int)),
      bad as (select coalesce(array_agg(x.q), '{}') as ids from x, a where not (x.q = any(a.question_ids))),
      checked as (select coalesce(array_agg(x.q), '{}') as ids from x
        where x.q in (${checkedQuestions(org, attemptId)})),
      ok as (select exists (select 1 from a where a.status = ${Answering} and a.closes_at > ${ts(now)})
        and cardinality((select ids from bad)) = 0 and cardinality((select ids from checked)) = 0 as ok),
      cur as (select question_id, revision, answer from ${attemptAnswers}
        where organization_id = ${org} and attempt_id = ${attemptId} and question_id in (select q from x)),
      ins as (${upsert(org, attemptId, ts(now), sql`(select ok from ok)`)})
      select exists (select 1 from a) as found, (select status from a) as status, (select ok from ok) as open,
        (select deadline from a) as deadline, (select closes_at from a) as closes_at,
        (select notice from a) as notice, (select notice_at from a) as notice_at, (select ids from bad) as bad,
        (select ids from checked) as checked, coalesce((select json_agg(json_build_object('q', x.q,
            'rev', greatest(coalesce(i.revision, 0), coalesce(c.revision, 0)),
            'theirs', i.question_id is null and c.answer is distinct from x.ans))
          from x left join ins i on i.question_id = x.q left join cur c on c.question_id = x.q), '[]') as acked`,
    saveShape,
  );
  if (!out?.found) throw notFound('Attempt');
  return out;
}

// Upserts the items into an open attempt of the caller, in one statement. Nothing is written unless
// the attempt is the caller's, is answering, has not closed, holds every question and none of them
// was checked (homework's immediate feedback).
export async function upsertAnswers(
  db: DbOrTx,
  ctx: RequestContext,
  attemptId: number,
  sent: SaveItem[],
  now: number,
): Promise<SaveOutcome> {
  const items = dedupe(sent);
  const [lean] = await leanSave.run(db, {
    org: ctx.orgId,
    attempt: attemptId,
    user: ctx.userId,
    batch: batchOf(items),
    now: new Date(now).toISOString(),
  });
  if (!lean?.found) throw notFound('Attempt');
  const written = new Map(lean.written);
  if (lean.open && items.every((i) => written.get(i.questionId) === i.revision)) {
    const acked = items.map((i) => ({ questionId: i.questionId, revision: i.revision, theirs: false }));
    return { ...lean, bad: [], checked: [], acked };
  }
  return fullSave(db, ctx, attemptId, items, now);
}

export function refusal(out: SaveOutcome, items: SaveItem[], now: number): never {
  const bad = out.bad ?? [];
  if (bad.length) {
    const index = items.findIndex((i) => bad.includes(i.questionId));
    throw invalidParams(`items.${index}.questionId`, 'questionNotInPaper', { id: bad[0]! });
  }
  if (out.status !== Answering) throw businessError('attemptEnded');
  const checked = out.checked ?? [];
  if (checked.length && now < ms(out.closes_at)!) {
    const index = items.findIndex((i) => checked.includes(i.questionId));
    throw invalidParams(`items.${index}.questionId`, 'answerChecked', { id: items[index]!.questionId });
  }
  throw businessError('attemptClosed');
}

export async function saveAnswers(
  ctx: RequestContext,
  attemptId: number,
  items: SaveItem[],
): Promise<AttemptSaveResult> {
  const now = clock.now();
  const out = await upsertAnswers(ctx.db, ctx, attemptId, items, now);
  if (!out.open) refusal(out, items, now);
  if (!items.length) {
    // Kept raw: the heartbeat of the save path, as tuned.
    await ctx.db.execute(
      sql`update ${examAttempts} set last_seen = ${ts(now)}
        where organization_id = ${ctx.orgId} and id = ${attemptId} and status = ${Answering}`,
    );
  }
  return {
    acked: out.acked,
    status: Number(out.status) as PaperStatus,
    serverNow: now,
    deadline: ms(out.deadline)!,
    closesAt: ms(out.closes_at)!,
    notice: noticeOf(out.notice, out.notice_at),
  };
}
