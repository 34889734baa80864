import { AttemptCounting, PaperStatus } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { attemptMarks } from '../marking/marking.table';
import { attemptAnswers, attemptHistory, examAttempts } from './attempt.table';

// A paper answering again (reopened, returned for a redo or sat again): its end, score and marks cleared.
export const answeringAgain = {
  status: PaperStatus.Answering,
  endedAt: null,
  endReason: null,
  endStatus: null,
  score: null,
  scoreMax: null,
  pendingCount: 0,
  answerStatus: 3,
  markedAt: null,
};

// Keeps the ended sittings that `where` picks (on `a`, exam_attempts) in attempt_history before their
// paper opens again: score, times, and the answers with their marks. Lock the attempts first (a redo
// and a return, or two retakes, at the same moment keep one copy; the key refuses a second).
// `score` and `late` say what a sitting counts (a homework's score after its late penalty), reading
// `a` and what `join` brings in (the homework's task).
export async function keepSittings(
  tx: DbOrTx,
  where: SQL,
  opts: { returned: boolean; score: SQL; late: SQL; join?: SQL },
): Promise<void> {
  await tx.execute(
    sql`insert into ${attemptHistory} (organization_id, exam_id, user_id, attempt_no, started_at, ended_at, late,
        returned, raw_score, score, max_score, answers)
      select a.organization_id, a.exam_id, a.user_id, a.attempt_no, a.started_at, a.ended_at,
        ${opts.late}, ${opts.returned},
        case when a.status = ${PaperStatus.Marked} then a.score end, ${opts.score},
        coalesce(a.score_max, a.total_score),
        coalesce((select jsonb_agg(jsonb_build_object('questionId', x.question_id, 'answer', x.answer,
            'score', m.score) order by x.question_id)
          from ${attemptAnswers} x left join ${attemptMarks} m on m.organization_id = x.organization_id
            and m.attempt_id = x.attempt_id and m.question_id = x.question_id
          where x.organization_id = a.organization_id and x.attempt_id = a.id), '[]'::jsonb)
      from ${examAttempts} a
      ${opts.join ?? sql``}
      where ${where}
      on conflict do nothing`,
  );
}

// The kept sittings of the attempt `a` (its exam and student), summed up as `h`: best, total and
// count of the scores, and the list oldest first ({no, score, endedAt}).
export const historyJoin = (a = 'a') => {
  const x = sql.raw(a);
  return sql`left join lateral (select max(k.score) as best, sum(k.score) as total, count(k.score) as n,
      coalesce(json_agg(json_build_object('no', k.attempt_no, 'score', k.score, 'endedAt', k.ended_at)
        order by k.attempt_no), '[]'::json) as earlier
    from ${attemptHistory} k where k.organization_id = ${x}.organization_id and k.exam_id = ${x}.exam_id
      and k.user_id = ${x}.user_id) h on true`;
};

// The score that counts over the kept sittings (`h`, from historyJoin) and the current one's
// `score` (null until marked): the best, the last, or their average, as `counting` says.
export function countedScoreSql(
  score: SQL,
  counting: SQL,
  h = { best: sql`h.best`, total: sql`h.total`, n: sql`h.n` },
) {
  const [best, average] = [sql.raw(String(AttemptCounting.Best)), sql.raw(String(AttemptCounting.Average))];
  return sql`case ${counting}
    when ${best} then greatest(${score}, ${h.best})
    when ${average} then round(case when ${score} is not null then (coalesce(${h.total}, 0) + ${score}) / (${h.n} + 1)
      when ${h.n} > 0 then ${h.total} / ${h.n} end::numeric, 2)::float8
    else ${score} end`;
}
