import { type Analysis, CandidateStatus, type ItemAnalysis, QuestionType } from '@lyceum/contract';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { examCandidates, exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { inClass } from '../team/reach';
import { users } from '../user/user.table';
import { pendingOfExam } from './exam-scores.service';
import { attemptMarks } from './marking.table';
import { classOf, examForMarking, examQuestions, plainText } from './marking-scope';
import { catalogueTags } from './marking-tags';
import { COUNTED_STATUSES, EXCELLENT_SHARE, round2 } from './score-shared';
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
  const t = examAttempts;
  const cls = classOf(users);
  const out: Taker[] = [];
  // In slices of 5,000 attempts, for the same reason as the per-question statements below.
  for (let after = 0; ; ) {
    const list = await db
      .select({ id: t.id, userId: t.userId, teamId: cls.id, className: cls.name, score: t.score })
      .from(t)
      .innerJoin(users, sameOrg(users, t, [eq(users.id, t.userId)]))
      .where(
        inOrg(t, orgId, [
          eq(t.examId, examId),
          inArray(t.status, COUNTED_STATUSES),
          gt(t.id, after),
          teamId ? inClass(teamId, t.organizationId, t.userId) : undefined,
        ]),
      )
      .orderBy(asc(t.id))
      .limit(5000);
    for (const r of list) {
      out.push({
        attemptId: r.id,
        userId: r.userId,
        teamId: r.teamId,
        className: r.className ?? '',
        score: r.score ?? 0,
      });
    }
    if (list.length < 5000) return out;
    after = list[list.length - 1]!.id;
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
  const c = examCandidates;
  const [cand] = await db
    .select({ n: count() })
    .from(c)
    .where(
      inOrg(c, orgId, [
        eq(c.examId, examId),
        eq(c.status, CandidateStatus.Approved),
        teamId ? inClass(teamId, c.organizationId, c.userId) : undefined,
      ]),
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
  const t = examAttempts;
  const am = attemptMarks;
  const aa = attemptAnswers;
  const u = ordered[g - 1];
  const l = ordered[ordered.length - g];
  const total = sql`coalesce(${t.score}, 0)`;
  const inUpper = u
    ? sql`(${total} > ${u.score} or (${total} = ${u.score} and ${t.id} <= ${u.attemptId}))`
    : sql`false`;
  const inLower =
    l && g ? sql`(${total} < ${l.score} or (${total} = ${l.score} and ${t.id} >= ${l.attemptId}))` : sql`false`;
  const counted = and(
    inArray(t.status, COUNTED_STATUSES),
    teamId ? inClass(teamId, t.organizationId, t.userId) : undefined,
  );
  const onAttempt = (x: typeof am | typeof aa) => sameOrg(t, x, [eq(t.id, x.attemptId)]);
  const got = sql`coalesce(${am.score}, 0)`;
  const items: {
    questionId: number;
    n: number;
    avg: number | null;
    corr: number | null;
    up: number | null;
    low: number | null;
  }[] = [];
  const choices: { questionId: number; label: string; n: number; up: number; low: number }[] = [];
  const byClass: { questionId: number; teamId: number | null; got: number; max: number }[] = [];
  const tagged = new Set(questions.filter((q) => q.question.tagIds.length).map((q) => q.questionId));
  const ofQuestion = (questionId: number) =>
    inOrg(am, orgId, [eq(am.examId, examId), eq(am.questionId, questionId), counted]);
  for (const q of people.length ? questions : []) {
    const [it] = await db
      .select({
        n: count(),
        avg: sql<number | null>`avg(${am.score})`.mapWith(Number),
        corr: sql<number | null>`corr(${got}, ${total})`.mapWith(Number),
        up: sql<number | null>`avg(${got}) filter (where ${inUpper})`.mapWith(Number),
        low: sql<number | null>`avg(${got}) filter (where ${inLower})`.mapWith(Number),
      })
      .from(am)
      .innerJoin(t, onAttempt(am))
      .where(ofQuestion(q.questionId));
    if (it && it.n > 0) items.push({ questionId: q.questionId, ...it });
    if (q.question.type === QuestionType.SingleChoice || q.question.type === QuestionType.MultipleChoice) {
      // Each chosen label a row: a set-returning function over the stored answer (a list, or one label).
      const label = sql<string>`l.label`;
      choices.push(
        ...(await db
          .select({
            questionId: aa.questionId,
            label,
            n: count(),
            up: sql<number>`count(*) filter (where ${inUpper})`.mapWith(Number),
            low: sql<number>`count(*) filter (where ${inLower})`.mapWith(Number),
          })
          .from(aa)
          .innerJoin(t, onAttempt(aa))
          .crossJoinLateral(
            sql`jsonb_array_elements_text(case jsonb_typeof(${aa.answer}) when 'array' then ${aa.answer}
              when 'string' then jsonb_build_array(${aa.answer}) else '[]'::jsonb end) as l(label)`,
          )
          .where(inOrg(t, orgId, [eq(t.examId, examId), eq(aa.questionId, q.questionId), counted]))
          .groupBy(aa.questionId, label)),
      );
    }
    if (tagged.has(q.questionId)) {
      byClass.push(
        ...(await db
          .select({
            questionId: am.questionId,
            teamId: classOf(users).id,
            got: sql<number>`sum(${got})`.mapWith(Number),
            max: sql<number>`sum(${am.max})`.mapWith(Number),
          })
          .from(am)
          .innerJoin(t, onAttempt(am))
          .innerJoin(users, sameOrg(users, t, [eq(users.id, t.userId)]))
          .where(ofQuestion(q.questionId))
          // By position: the class is a subquery on the student.
          .groupBy(sql`1`, sql`2`)),
      );
    }
  }
  const itemOf = new Map(items.map((i) => [i.questionId, i]));
  const choicesOf = new Map<number, { label: string; n: number; up: number; low: number }[]>();
  for (const c of choices) {
    const list = choicesOf.get(c.questionId) ?? [];
    list.push({ label: c.label, n: c.n, up: c.up, low: c.low });
    choicesOf.set(c.questionId, list);
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
    const rowsOf = byClass.filter((r) => qs.has(r.questionId));
    const rate = (list: typeof rowsOf) => {
      const max = list.reduce((s, r) => s + r.max, 0);
      return max > 0 ? Math.round((list.reduce((s, r) => s + r.got, 0) / max) * 1000) / 1000 : null;
    };
    return {
      tagId,
      name: tagNames.get(tagId) ?? `#${tagId}`,
      mastery: rate(rowsOf),
      byClass: [...classes.values()].map((c) => ({
        teamId: c.teamId,
        mastery: rate(rowsOf.filter((r) => r.teamId === c.teamId)),
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
      absent: Math.max(0, (cand?.n ?? 0) - people.length),
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
  const [exam] = await tx
    .select({
      paperId: exams.paperId,
      name: exams.name,
      paperName: examPapers.name,
      totalScore: examPapers.totalScore,
      passScore: examPapers.passScore,
    })
    .from(exams)
    .innerJoin(examPapers, sameOrg(examPapers, exams, [eq(examPapers.id, exams.paperId)]))
    .where(inOrg(exams, orgId, [eq(exams.id, examId)]));
  if (!exam) return;
  const report = await analyse(tx, orgId, {
    id: examId,
    name: exam.name,
    paperName: exam.paperName,
    totalScore: exam.totalScore,
    passScore: exam.passScore,
    confirmedAt: null,
  });
  const measured = report.items.filter((i) => i.answers > 0 && i.difficulty !== null && !i.thrownOut);
  if (measured.length) {
    const data = JSON.stringify(
      measured.map((i) => ({ id: i.questionId, n: i.answers, d: i.difficulty, r: i.discrimination })),
    );
    // Running weighted means: the old figure counts for the answers it was measured on. Raw: one
    // statement updates every question from a JSON recordset.
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
  await tx
    .update(examPapers)
    .set({ measuredDifficulty: weighted((i) => i.difficulty), discrimination: weighted((i) => i.discrimination) })
    .where(inOrg(examPapers, orgId, [eq(examPapers.id, exam.paperId)]));
}
