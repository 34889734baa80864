import { type AttemptSaveResult, PaperStatus, type SaveItem } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { flag, ids, orNull, type RawRow, typedRows } from '../../platform/sql-rows';
import { CHECKED_REVISION, checkedQuestions } from '../task/task.service';
import { attemptAnswers, examAttempts } from './attempt.table';
import { noticeOf } from './attempt-view';
import { ms, ts } from './exam-time';

// Saving answers (see attempt.service for the rules); submit saves its last batch the same way.

const { Answering } = PaperStatus;

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

// The save statement's row: the attempt's columns, and what the statement decided.
const saveShape = {
  found: flag,
  status: orNull(examAttempts.status),
  open: flag,
  deadline: orNull(examAttempts.deadline),
  closes_at: orNull(examAttempts.closesAt),
  notice: examAttempts.notice,
  notice_at: examAttempts.noticeAt,
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
export async function upsertAnswers(
  db: DbOrTx,
  ctx: RequestContext,
  attemptId: number,
  items: SaveItem[],
  now: number,
) {
  const org = ctx.orgId;
  const batch = JSON.stringify(dedupe(items).map((i) => ({ q: i.questionId, ans: i.answer ?? null, rev: i.revision })));
  const [out] = await typedRows(
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
    saveShape,
  );
  if (!out?.found) throw notFound('Attempt');
  return out;
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
