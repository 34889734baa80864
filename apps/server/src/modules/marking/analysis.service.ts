import { type Analysis, CandidateStatus, type ItemAnalysis, QuestionType } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../../platform/sql-rows';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { examCandidates, exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { pendingOfExam } from './exam-scores.service';
import { attemptMarks } from './marking.table';
import { classOf, examForMarking, examQuestions, plainText } from './marking-scope';
import { catalogueTags } from './marking-tags';
import { COUNTED, EXCELLENT_SHARE, num, round2 } from './score-shared';
import { box, groupSize, histogram, summary } from './stats';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// The analysis report of an exam, and the questions' statistics it feeds (decision 38).

// ---- analysis ----

export interface Taker {
  attemptId: number;
  userId: number;
  teamId: number | null;
  className: string;
  score: number;
}

export async function takers(db: DbOrTx, orgId: number, examId: number, teamId?: number): Promise<Taker[]> {
  const cls = classOf('u');
  const out: Taker[] = [];
  // In slices of 5,000 attempts, for the same reason as the per-question statements below.
  for (let after = 0; ; ) {
    const list = await rows<{
      id: number;
      user_id: number;
      team_id: number | null;
      class_name: string | null;
      score: number | null;
    }>(
      db,
      sql`select t.id, t.user_id, ${cls.id} as team_id, ${cls.name} as class_name, t.score
        from ${examAttempts} t join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
        where t.organization_id = ${orgId} and t.exam_id = ${examId} and t.status in ${COUNTED} and t.id > ${after}
          ${teamId ? sql`and exists (select 1 from ${teamMembers} tm where tm.organization_id = t.organization_id and tm.team_id = ${teamId} and tm.user_id = t.user_id)` : sql``}
        order by t.id limit 5000`,
    );
    for (const r of list) {
      out.push({
        attemptId: Number(r.id),
        userId: Number(r.user_id),
        teamId: num(r.team_id),
        className: r.class_name ?? '',
        score: Number(r.score ?? 0),
      });
    }
    if (list.length < 5000) return out;
    after = Number(list[list.length - 1]!.id);
  }
}

export async function analysis(ctx: RequestContext, examId: number, teamId?: number): Promise<Analysis> {
  const exam = await examForMarking(ctx, examId);
  return analyse(ctx.db, ctx.orgId, exam, teamId);
}

// The whole report from three aggregate queries: per-attempt totals (one row a student), per-item
// figures grouped in the database, and choice counts; nothing reads the answers one by one.
export async function analyse(
  db: DbOrTx,
  orgId: number,
  exam: {
    id: number;
    name: string;
    paperName: string;
    totalScore: number;
    passScore: number | null;
    confirmedAt: string | null;
  },
  teamId?: number,
): Promise<Analysis> {
  const examId = exam.id;
  // Sequential queries: this also runs inside confirmation's transaction (one connection).
  const people = await takers(db, orgId, examId, teamId);
  const questions = await examQuestions(db, orgId, examId);
  const [cand] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${examCandidates} c where c.organization_id = ${orgId} and c.exam_id = ${examId}
        and c.status = ${CandidateStatus.Approved}
        ${teamId ? sql`and exists (select 1 from ${teamMembers} tm where tm.organization_id = c.organization_id and tm.team_id = ${teamId} and tm.user_id = c.user_id)` : sql``}`,
  );
  const pending = await pendingOfExam(db, orgId, examId);
  const maxScore = questions.reduce((s, q) => s + (q.thrownOut === 2 ? 0 : q.max), 0) || exam.totalScore;
  const excellentScore = round2(maxScore * EXCELLENT_SHARE);
  const scores = people.map((p) => p.score);
  // Upper and lower 27 % by total (ties broken by attempt id, so the groups are reproducible).
  const ordered = [...people].sort((a, b) => b.score - a.score || a.attemptId - b.attemptId);
  const g = groupSize(ordered.length);
  // One statement per question (each reads its question's rows through an index), so on the
  // embedded database, where statements run one at a time on the server's thread, students' saves
  // wait at most one question's aggregate, never the whole report.
  // The groups as conditions on the attempt's own row (by total, then id, as ordered above), so each
  // row is placed in constant time whatever the class size.
  const u = ordered[g - 1];
  const l = ordered[ordered.length - g];
  const inUpper = u
    ? sql`(coalesce(t.score, 0) > ${u.score} or (coalesce(t.score, 0) = ${u.score} and t.id <= ${u.attemptId}))`
    : sql`false`;
  const inLower =
    l && g
      ? sql`(coalesce(t.score, 0) < ${l.score} or (coalesce(t.score, 0) = ${l.score} and t.id >= ${l.attemptId}))`
      : sql`false`;
  const counted = sql`t.status in ${COUNTED}
    ${teamId ? sql`and exists (select 1 from ${teamMembers} tm where tm.organization_id = t.organization_id and tm.team_id = ${teamId} and tm.user_id = t.user_id)` : sql``}`;
  const items: {
    question_id: number;
    n: number;
    avg: number | null;
    corr: number | null;
    up: number | null;
    low: number | null;
  }[] = [];
  const choices: { question_id: number; label: string; n: number; up: number; low: number }[] = [];
  const byClass: { question_id: number; team_id: number | null; got: number; max: number }[] = [];
  const tagged = new Set(questions.filter((q) => q.question.tagIds.length).map((q) => q.questionId));
  for (const q of people.length ? questions : []) {
    const [it] = await rows<(typeof items)[number]>(
      db,
      sql`select ${q.questionId}::bigint as question_id, count(*)::int as n, avg(am.score) as avg,
          corr(coalesce(am.score, 0), coalesce(t.score, 0)) as corr,
          avg(coalesce(am.score, 0)) filter (where ${inUpper}) as up,
          avg(coalesce(am.score, 0)) filter (where ${inLower}) as low
        from ${attemptMarks} am join ${examAttempts} t on t.organization_id = am.organization_id and t.id = am.attempt_id
        where am.organization_id = ${orgId} and am.exam_id = ${examId} and am.question_id = ${q.questionId}
          and ${counted}`,
    );
    if (it && Number(it.n) > 0) items.push(it);
    if (q.question.type === QuestionType.SingleChoice || q.question.type === QuestionType.MultipleChoice) {
      choices.push(
        ...(await rows<(typeof choices)[number]>(
          db,
          sql`select aa.question_id, l.label, count(*)::int as n,
              count(*) filter (where ${inUpper})::int as up,
              count(*) filter (where ${inLower})::int as low
            from ${attemptAnswers} aa join ${examAttempts} t on t.organization_id = aa.organization_id
              and t.id = aa.attempt_id
              cross join lateral jsonb_array_elements_text(case jsonb_typeof(aa.answer) when 'array' then aa.answer
                when 'string' then jsonb_build_array(aa.answer) else '[]'::jsonb end) as l(label)
            where t.organization_id = ${orgId} and t.exam_id = ${examId} and aa.question_id = ${q.questionId}
              and ${counted}
            group by 1, 2`,
        )),
      );
    }
    if (tagged.has(q.questionId)) {
      byClass.push(
        ...(await rows<(typeof byClass)[number]>(
          db,
          sql`select am.question_id, ${classOf('u').id} as team_id, sum(coalesce(am.score, 0)) as got,
              sum(am.max) as max
            from ${attemptMarks} am join ${examAttempts} t on t.organization_id = am.organization_id
              and t.id = am.attempt_id
            join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
            where am.organization_id = ${orgId} and am.exam_id = ${examId} and am.question_id = ${q.questionId}
              and ${counted}
            group by 1, 2`,
        )),
      );
    }
  }
  const itemOf = new Map(items.map((i) => [Number(i.question_id), i]));
  const choicesOf = new Map<number, { label: string; n: number; up: number; low: number }[]>();
  for (const c of choices) {
    const list = choicesOf.get(Number(c.question_id)) ?? [];
    list.push({ label: c.label, n: Number(c.n), up: Number(c.up), low: Number(c.low) });
    choicesOf.set(Number(c.question_id), list);
  }
  const itemRows: ItemAnalysis[] = questions.map((q) => {
    const it = itemOf.get(q.questionId);
    const avg = it?.avg === null || it?.avg === undefined ? null : Number(it.avg);
    const up = it?.up === null || it?.up === undefined ? null : Number(it.up);
    const low = it?.low === null || it?.low === undefined ? null : Number(it.low);
    const key = q.effective.answer;
    const correct = new Set(typeof key === 'string' ? [key] : Array.isArray(key) ? key : []);
    const counts = choicesOf.get(q.questionId) ?? [];
    const isChoice = q.question.type === QuestionType.SingleChoice || q.question.type === QuestionType.MultipleChoice;
    return {
      questionId: q.questionId,
      no: q.no,
      type: q.question.type,
      stemText: plainText(q.question.stem, 80),
      max: q.max,
      answers: Number(it?.n ?? 0),
      mean: avg === null ? null : round2(avg),
      difficulty: avg === null || q.max <= 0 ? null : Math.round((avg / q.max) * 1000) / 1000,
      discrimination:
        up === null || low === null || q.max <= 0 || !g ? null : Math.round(((up - low) / q.max) * 1000) / 1000,
      pointBiserial: it?.corr === null || it?.corr === undefined ? null : Math.round(Number(it.corr) * 1000) / 1000,
      options: isChoice
        ? q.question.options.map((o) => {
            const c = counts.find((x) => x.label === o.label);
            return {
              label: o.label,
              correct: correct.has(o.label),
              count: c?.n ?? 0,
              upper: c?.up ?? 0,
              lower: c?.low ?? 0,
            };
          })
        : [],
      thrownOut: q.thrownOut,
    };
  });
  // Classes.
  const classes = new Map<string, { teamId: number | null; className: string; scores: number[] }>();
  for (const p of people) {
    const k = String(p.teamId);
    const c = classes.get(k) ?? { teamId: p.teamId, className: p.className, scores: [] };
    c.scores.push(p.score);
    classes.set(k, c);
  }
  // Knowledge points: the questions' tags.
  const tagIds = [...new Set(questions.flatMap((q) => q.question.tagIds))];
  const tagNames = await catalogueTags(db, orgId, tagIds);
  const knowledge = tagIds.map((tagId) => {
    const qs = new Set(questions.filter((q) => q.question.tagIds.includes(tagId)).map((q) => q.questionId));
    const rowsOf = byClass.filter((r) => qs.has(Number(r.question_id)));
    const rate = (list: typeof rowsOf) => {
      const max = list.reduce((s, r) => s + Number(r.max), 0);
      return max > 0 ? Math.round((list.reduce((s, r) => s + Number(r.got), 0) / max) * 1000) / 1000 : null;
    };
    return {
      tagId,
      name: tagNames.get(tagId) ?? `#${tagId}`,
      mastery: rate(rowsOf),
      byClass: [...classes.values()].map((c) => ({
        teamId: c.teamId,
        mastery: rate(rowsOf.filter((r) => num(r.team_id) === c.teamId)),
      })),
    };
  });
  return {
    examId,
    examName: exam.name,
    paperName: exam.paperName,
    maxScore,
    passScore: exam.passScore,
    excellentScore,
    confirmedAt: exam.confirmedAt,
    pending,
    summary: {
      ...summary(scores, exam.passScore, excellentScore),
      absent: Math.max(0, Number(cand?.n ?? 0) - people.length),
    },
    histogram: histogram(scores, maxScore),
    classes: [...classes.values()]
      .sort((a, b) => a.className.localeCompare(b.className))
      .map((c) => ({
        ...summary(c.scores, exam.passScore, excellentScore),
        absent: 0,
        teamId: c.teamId,
        className: c.className,
        box: box(c.scores),
      })),
    items: itemRows,
    knowledge,
  };
}

// Confirmed scores feed the question bank: each question's measured difficulty and discrimination
// over every confirmed exam that used it (weighted by answers), its answer count, and the paper's.
export async function updateQuestionStatistics(tx: DbOrTx, orgId: number, examId: number) {
  const [exam] = await rows<{
    paper_id: number;
    name: string;
    paper_name: string;
    total_score: number;
    pass_score: number | null;
  }>(
    tx,
    sql`select e.paper_id, e.name, p.name as paper_name, p.total_score, p.pass_score from ${exams} e
      join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      where e.organization_id = ${orgId} and e.id = ${examId}`,
  );
  if (!exam) return;
  const report = await analyse(tx, orgId, {
    id: examId,
    name: exam.name,
    paperName: exam.paper_name,
    totalScore: Number(exam.total_score),
    passScore: num(exam.pass_score),
    confirmedAt: null,
  });
  const measured = report.items.filter((i) => i.answers > 0 && i.difficulty !== null && !i.thrownOut);
  if (measured.length) {
    const data = JSON.stringify(
      measured.map((i) => ({ id: i.questionId, n: i.answers, d: i.difficulty, r: i.discrimination })),
    );
    // Running weighted means: the old figure counts for the answers it was measured on.
    await tx.execute(
      sql`update questions q set
          stat_difficulty = (coalesce(q.stat_difficulty, 0) * q.answer_count + x.d * x.n) / (q.answer_count + x.n),
          stat_discrimination = case when x.r is null then q.stat_discrimination
            else (coalesce(q.stat_discrimination, 0) * q.answer_count + x.r * x.n) / (q.answer_count + x.n) end,
          answer_count = q.answer_count + x.n
        from jsonb_to_recordset(${data}::jsonb) as x(id bigint, n int, d float8, r float8)
        where q.organization_id = ${orgId} and q.id = x.id`,
    );
  }
  const weighted = (f: (i: ItemAnalysis) => number | null) => {
    const list = measured.filter((i) => f(i) !== null);
    const w = list.reduce((s, i) => s + i.max, 0);
    return w > 0 ? Math.round((list.reduce((s, i) => s + f(i)! * i.max, 0) / w) * 1000) / 1000 : null;
  };
  await tx.execute(
    sql`update ${examPapers} set measured_difficulty = ${weighted((i) => i.difficulty)},
        discrimination = ${weighted((i) => i.discrimination)}
      where organization_id = ${orgId} and id = ${exam.paper_id}`,
  );
}
