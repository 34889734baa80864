import {
  type Analysis,
  AnswerStatus,
  CandidateStatus,
  type ExamScores,
  ExamState,
  type ItemAnalysis,
  type Lang,
  MarkingFlag,
  MessageAssociation,
  type MyResult,
  PaperStatus,
  type PortalResult,
  pageOf,
  pageOffset,
  QueryStatus,
  QuestionType,
  ScoreChangeKind,
  type ScoreReason,
  ShowScore,
  type Statistics,
  type zAnswerQueryRequest,
  type zConfirmRequest,
  type zExamScoresRequest,
  type zQueriesRequest,
  type zQueryRequest,
  type zStatisticsRequest,
} from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { bus } from '../../platform/bus';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { semesters } from '../calendar/calendar.table';
import { courseCategories } from '../catalogue/catalogue.table';
import { attemptAnswers, examAttempts } from '../exam/attempt.table';
import { countedScoreSql, historyJoin } from '../exam/attempt-history';
import { examCandidates, exams } from '../exam/exam.table';
import { closedForAllSql, rows } from '../exam/exam-candidates';
import { examPapers } from '../exam-paper/exam-paper.table';
import { sendNotice } from '../message/message-delivery';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { audit, lockConfirmation, markedPapers } from './marking.service';
import { attemptMarks, scoreQueries } from './marking.table';
import { refreshAttempts } from './marking-engine';
import {
  classOf,
  codeOf,
  examForMarking,
  examQuestions,
  markableExams,
  mayMarkQuestion,
  numbered,
  plainText,
} from './marking-scope';
import { catalogueTags } from './marking-tags';
import { box, groupSize, histogram, mean, summary } from './stats';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

const iso = (d: string | Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const round2 = (n: number) => Math.round(n * 100) / 100;
// Attempts that count in scores and reports: ended normally (handed in, collected, marked).
const COUNTED = sql.raw(
  `(${[PaperStatus.HandedIn, PaperStatus.AutoCollected, PaperStatus.ForceCollected, PaperStatus.Marked].join(', ')})`,
);
export const EXCELLENT_SHARE = 0.85;

// ---- confirmation ----

export async function confirmScores(ctx: RequestContext, req: z.output<typeof zConfirmRequest>) {
  await examForMarking(ctx, req.examId);
  return ctx.db.transaction(async (tx) => {
    const [e] = await rows<{ scores_confirmed_at: string | null }>(
      tx,
      sql`select scores_confirmed_at from ${exams} where organization_id = ${ctx.orgId} and id = ${req.examId} for update`,
    );
    if (e?.scores_confirmed_at) throw businessError('scoresConfirmed');
    const [open] = await rows<{ answering: number; pending: number }>(
      tx,
      sql`select count(*) filter (where status = ${PaperStatus.Answering})::int as answering,
          coalesce(sum(pending_count) filter (where status <> ${PaperStatus.Answering}), 0)::int as pending
        from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${req.examId}`,
    );
    if (Number(open?.answering ?? 0) > 0) throw businessError('notMarkable');
    const pending = Number(open?.pending ?? 0);
    if (pending > 0 && !req.force) throw businessError('pendingMarks', { count: pending });
    // Unmarked attempts (the job has not run yet) are marked now, so every confirmed score exists.
    const unmarked = await rows<{ id: number }>(
      tx,
      sql`select id from ${examAttempts} where organization_id = ${ctx.orgId} and exam_id = ${req.examId}
        and marked_at is null and status <> ${PaperStatus.Answering}`,
    );
    if (unmarked.length) {
      const { markAttempt } = await import('./marking-engine');
      for (const u of unmarked) await markAttempt(tx, ctx.orgId, Number(u.id));
    }
    const updated = await rows<{ id: number }>(
      tx,
      sql`update ${examAttempts} set answer_status = ${AnswerStatus.Confirmed}
        where organization_id = ${ctx.orgId} and exam_id = ${req.examId} and status <> ${PaperStatus.Answering}
        returning id`,
    );
    const [c] = await rows<{ at: string }>(
      tx,
      sql`update ${exams} set scores_confirmed_at = now(), scores_confirmed_by = ${ctx.userId}
        where organization_id = ${ctx.orgId} and id = ${req.examId} returning scores_confirmed_at as at`,
    );
    await updateQuestionStatistics(tx, ctx.orgId, req.examId);
    // Candidates hear their scores are out, when the exam shows scores at all.
    const [shown] = await rows<{ name: string; show: boolean }>(
      tx,
      sql`select name, show_score <> ${sql.raw(String(ShowScore.Never))} and not homework as show
        from ${exams} where organization_id = ${ctx.orgId} and id = ${req.examId}`,
    );
    if (shown?.show) {
      await sendNotice(tx, ctx.orgId, {
        kind: 'scoresReleased',
        params: { name: shown.name },
        about: { type: MessageAssociation.Exam, id: req.examId },
        to: sql`select distinct user_id as id from ${examAttempts} where organization_id = ${ctx.orgId}
          and exam_id = ${req.examId} and status <> ${PaperStatus.Answering}`,
      });
    }
    return { confirmedAt: iso(c?.at), attempts: updated.length, pending };
  });
}

export async function unconfirmScores(ctx: RequestContext, examId: number) {
  await examForMarking(ctx, examId);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`update ${exams} set scores_confirmed_at = null, scores_confirmed_by = null
        where organization_id = ${ctx.orgId} and id = ${examId}`,
    );
    const updated = await rows<{ id: number }>(
      tx,
      sql`update ${examAttempts} set answer_status = ${AnswerStatus.NotConfirmed}
        where organization_id = ${ctx.orgId} and exam_id = ${examId} and answer_status = ${AnswerStatus.Confirmed}
        returning id`,
    );
    return { confirmedAt: null, attempts: updated.length, pending: 0 };
  });
}

// ---- exam scores ----

interface ScoreRow extends Record<string, unknown> {
  user_id: number;
  user_name: string;
  real_name: string | null;
  team_id: number | null;
  class_name: string | null;
  attempt_id: number | null;
  status: number;
  answer_status: number;
  score: number | null;
  max_score: number;
  pending_count: number | null;
  rnk: number | null;
  class_rnk: number | null;
}

const rankedScores = (orgId: number, examId: number) => {
  const cls = classOf('u');
  return sql`with base as (
      select c.user_id, u.user_name, u.real_name, ${cls.id} as team_id, ${cls.name} as class_name, t.id as attempt_id,
        coalesce(t.status, ${PaperStatus.NotStarted}::smallint) as status,
        coalesce(t.answer_status, case when t.id is null then ${AnswerStatus.NotStarted}::smallint
          else ${AnswerStatus.InProgress}::smallint end)
          as answer_status,
        t.score, coalesce(t.score_max, p.total_score) as max_score, t.pending_count,
        case when t.status in ${COUNTED} then t.score end as counted
      from ${examCandidates} c
      join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
      join ${exams} e on e.organization_id = c.organization_id and e.id = c.exam_id
      join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      left join ${examAttempts} t on t.organization_id = c.organization_id and t.exam_id = c.exam_id and t.user_id = c.user_id
      where c.organization_id = ${orgId} and c.exam_id = ${examId} and c.status = ${CandidateStatus.Approved}),
    ranked as (
      select *, case when counted is not null then rank() over (order by counted desc nulls last) end as rnk,
        case when counted is not null then rank() over (partition by team_id order by counted desc nulls last) end
          as class_rnk
      from base)`;
};

export async function examScores(
  ctx: RequestContext,
  req: z.output<typeof zExamScoresRequest>,
  limit?: number,
): Promise<ExamScores> {
  const exam = await examForMarking(ctx, req.examId);
  const filters = sql.join(
    [
      req.teamId
        ? sql`exists (select 1 from ${teamMembers} tm where tm.organization_id = ${ctx.orgId}
            and tm.team_id = ${req.teamId} and tm.user_id = r.user_id)`
        : sql`true`,
      req.keyword
        ? sql`(r.user_name ilike ${`%${req.keyword}%`} or r.real_name ilike ${`%${req.keyword}%`})`
        : sql`true`,
      req.passed === undefined || exam.passScore === null
        ? sql`true`
        : req.passed
          ? sql`r.counted >= ${exam.passScore}`
          : sql`(r.counted is null or r.counted < ${exam.passScore})`,
    ],
    sql` and `,
  );
  const dir = sql.raw(req.sortOrder === 'descend' ? 'desc' : 'asc');
  const orders: Record<string, SQL> = {
    rank: sql`r.rnk ${dir} nulls last, r.user_name`,
    score: sql`r.counted ${dir} nulls last, r.user_name`,
    userName: sql`r.user_name ${dir}`,
    className: sql`r.class_name ${dir} nulls last, r.rnk nulls last`,
  };
  if (!Object.hasOwn(orders, req.sortField)) throw invalidParams('sortField', 'cannotSort', { field: req.sortField });
  const order = orders[req.sortField];
  const base = rankedScores(ctx.orgId, req.examId);
  const [[count], list, sectionTitles, pending] = await Promise.all([
    rows<{ n: number }>(ctx.db, sql`${base} select count(*)::int as n from ranked r where ${filters}`),
    rows<ScoreRow>(
      ctx.db,
      sql`${base} select * from ranked r where ${filters} order by ${order}
        limit ${limit ?? req.pageSize} offset ${limit ? 0 : pageOffset(req)}`,
    ),
    rows<{ title: string }>(
      ctx.db,
      sql`select title from paper_sections where organization_id = ${ctx.orgId} and paper_id = ${exam.paperId}
        order by sort, id`,
    ),
    pendingOfExam(ctx.db, ctx.orgId, req.examId),
  ]);
  const attemptIds = list.map((r) => r.attempt_id).filter((id): id is number => id !== null);
  const sectionScores = attemptIds.length ? await sectionsOf(ctx.db, ctx.orgId, attemptIds.map(Number)) : new Map();
  return {
    ...pageOf(
      list.map((r) => {
        const counted = Number(r.status) !== PaperStatus.NotStarted && r.rnk !== null;
        const secs = r.attempt_id === null ? undefined : sectionScores.get(Number(r.attempt_id));
        return {
          userId: Number(r.user_id),
          userName: r.user_name,
          realName: r.real_name,
          className: r.class_name,
          paperStatus: Number(r.status) as 0,
          answerStatus: Number(r.answer_status) as 1,
          score: num(r.score),
          maxScore: Number(r.max_score),
          sections: sectionTitles.map((_, i) => secs?.[i] ?? null),
          rank: num(r.rnk),
          classRank: num(r.class_rnk),
          passed: counted && exam.passScore !== null ? Number(r.score) >= exam.passScore : null,
          pending: Number(r.pending_count ?? 0),
        };
      }),
      Number(count?.n ?? 0),
      req,
    ),
    sectionTitles: sectionTitles.map((s) => s.title),
    passScore: exam.passScore,
    confirmedAt: exam.confirmedAt,
    pending,
  };
}

// Answers of ended papers still to mark, a paper the marking job has not reached counting as one:
// scores and ranks are provisional (staff) or ranks withheld (students) until this is 0.
export async function pendingOfExam(db: DbOrTx, orgId: number, examId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(case when marked_at is null then 1 else pending_count end), 0)::int as n
      from ${examAttempts} where organization_id = ${orgId} and exam_id = ${examId}
        and status <> ${PaperStatus.Answering}`,
  );
  return Number(r?.n ?? 0);
}

async function sectionsOf(db: DbOrTx, orgId: number, attemptIds: number[]): Promise<Map<number, (number | null)[]>> {
  const list = await rows<{ attempt_id: number; sec_no: number; score: number }>(
    db,
    sql`select t.id as attempt_id, s.sec_no, sum(coalesce(am.score, 0)) as score
      from ${examAttempts} t
        cross join lateral jsonb_array_elements(t.paper->'sections') with ordinality as s(sec, sec_no)
        cross join lateral jsonb_array_elements(s.sec->'items') as it(item)
        join ${attemptMarks} am on am.organization_id = t.organization_id and am.attempt_id = t.id
          and am.question_id = (it.item->>'questionId')::bigint
      where t.organization_id = ${orgId} and t.id in (${sql.join(
        attemptIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by 1, 2`,
  );
  const out = new Map<number, (number | null)[]>();
  for (const r of list) {
    const arr = out.get(Number(r.attempt_id)) ?? [];
    arr[Number(r.sec_no) - 1] = round2(Number(r.score));
    out.set(Number(r.attempt_id), arr);
  }
  return out;
}

export async function writeScoresSheet(ctx: RequestContext, req: z.output<typeof zExamScoresRequest>, lang: Lang) {
  const data = await examScores(ctx, { ...req, pageIndex: 1 }, 100_000);
  const zh = lang === 'zh';
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Lyceum';
  const ws = wb.addWorksheet(zh ? '考试成绩' : 'Exam scores', { views: [{ state: 'frozen', ySplit: 1 }] });
  const head = [
    zh ? '排名' : 'Rank',
    zh ? '用户名' : 'User name',
    zh ? '姓名' : 'Name',
    zh ? '班级' : 'Class',
    zh ? '班级排名' : 'Class rank',
    zh ? '总分' : 'Total',
    zh ? '满分' : 'Out of',
    ...data.sectionTitles,
    zh ? '是否及格' : 'Passed',
    zh ? '待批阅' : 'To mark',
  ];
  ws.addRow(head).font = { bold: true };
  for (const r of data.list) {
    ws.addRow([
      r.rank,
      r.userName,
      r.realName,
      r.className,
      r.classRank,
      r.score,
      r.maxScore,
      ...r.sections,
      r.passed === null ? '' : r.passed ? (zh ? '是' : 'Yes') : zh ? '否' : 'No',
      r.pending,
    ]);
  }
  ws.columns.forEach((c, i) => {
    c.width = i === 1 || i === 2 || i === 3 ? 18 : 10;
  });
  return { sheet: Buffer.from(await wb.xlsx.writeBuffer()), count: data.list.length };
}

// ---- analysis ----

interface Taker {
  attemptId: number;
  userId: number;
  teamId: number | null;
  className: string;
  score: number;
}

async function takers(db: DbOrTx, orgId: number, examId: number, teamId?: number): Promise<Taker[]> {
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

// ---- statistics across exams ----

export async function statistics(ctx: RequestContext, req: z.output<typeof zStatisticsRequest>): Promise<Statistics> {
  const cls = classOf('u');
  const where = sql.join(
    [
      // Across exams, like a gradebook: confirmed scores only, never provisional ones (issue 36).
      sql`e.organization_id = ${ctx.orgId} and e.state <> ${ExamState.Draft} and not e.homework
        and e.scores_confirmed_at is not null`,
      markableExams(ctx),
      req.subjectId ? sql`p.subject_id = ${req.subjectId}` : sql`true`,
      req.from ? sql`e.window_start >= ${req.from}::timestamptz` : sql`true`,
      req.to ? sql`e.window_start < ${req.to}::timestamptz` : sql`true`,
      req.semesterId
        ? sql`exists (select 1 from ${semesters} s where s.organization_id = e.organization_id and s.id = ${req.semesterId}
            and e.window_start >= s.start_date and e.window_start < s.end_date + interval '1 day')`
        : sql`true`,
    ],
    sql` and `,
  );
  const list = await rows<{
    exam_id: number;
    name: string;
    window_start: string;
    subject_name: string | null;
    pass_score: number | null;
    team_id: number | null;
    class_name: string | null;
    score: number;
    max: number;
  }>(
    ctx.db,
    sql`select e.id as exam_id, e.name, e.window_start, cc.name as subject_name, p.pass_score,
        ${cls.id} as team_id, ${cls.name} as class_name, coalesce(t.score, 0) as score,
        coalesce(t.score_max, p.total_score) as max
      from ${exams} e join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      left join ${courseCategories} cc on cc.organization_id = p.organization_id and cc.id = p.subject_id
      join ${examAttempts} t on t.organization_id = e.organization_id and t.exam_id = e.id and t.status in ${COUNTED}
      join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
      where ${where}
        ${req.teamId ? sql`and exists (select 1 from ${teamMembers} tm where tm.organization_id = t.organization_id and tm.team_id = ${req.teamId} and tm.user_id = t.user_id)` : sql``}
      order by e.window_start, e.id`,
  );
  const byExam = new Map<number, typeof list>();
  for (const r of list) {
    const arr = byExam.get(Number(r.exam_id)) ?? [];
    arr.push(r);
    byExam.set(Number(r.exam_id), arr);
  }
  const rate = (rs: typeof list) => {
    const m = mean(rs.map((r) => (Number(r.max) > 0 ? Number(r.score) / Number(r.max) : 0)));
    return m === null ? null : Math.round(m * 1000) / 1000;
  };
  const pass = (rs: typeof list) => {
    const withPass = rs.filter((r) => r.pass_score !== null);
    return withPass.length
      ? Math.round((withPass.filter((r) => Number(r.score) >= Number(r.pass_score)).length / withPass.length) * 1000) /
          1000
      : null;
  };
  const examRows = [...byExam.values()].map((rs) => {
    const m = mean(rs.map((r) => Number(r.score)));
    return {
      examId: Number(rs[0].exam_id),
      name: rs[0].name,
      date: iso(rs[0].window_start)!,
      subjectName: rs[0].subject_name,
      count: rs.length,
      mean: m === null ? null : round2(m),
      meanRate: rate(rs),
      passRate: pass(rs),
    };
  });
  const classKey = (r: (typeof list)[number]) => `${r.team_id}|${r.subject_name ?? ''}`;
  const byClass = new Map<string, typeof list>();
  for (const r of list) {
    const arr = byClass.get(classKey(r)) ?? [];
    arr.push(r);
    byClass.set(classKey(r), arr);
  }
  const teamsSeen = new Map<string, { teamId: number | null; className: string }>();
  for (const r of list) teamsSeen.set(String(r.team_id), { teamId: num(r.team_id), className: r.class_name ?? '—' });
  return {
    exams: examRows,
    classes: [...byClass.values()].map((rs) => ({
      teamId: num(rs[0].team_id),
      className: rs[0].class_name ?? '—',
      subjectName: rs[0].subject_name,
      exams: new Set(rs.map((r) => r.exam_id)).size,
      count: rs.length,
      meanRate: rate(rs),
      passRate: pass(rs),
    })),
    trend: [...teamsSeen.entries()].map(([k, t]) => ({
      ...t,
      points: examRows.map((e) => {
        const rs = (byExam.get(e.examId) ?? []).filter((r) => String(r.team_id) === k);
        return { examId: e.examId, meanRate: rs.length ? rate(rs) : null };
      }),
    })),
  };
}

// ---- the student's side ----

interface Shown extends Record<string, unknown> {
  status: number;
  show_score: number;
  score_max: number | null;
  scores_confirmed_at: string | null;
  scores_shown_from: string | null;
}

// Whether the student may see their score now, and why not: the one rule of the result, My exams,
// the page after hand-in and the portal's latest results.
export function scoreReasonOf(t: Shown, now: number): ScoreReason {
  const confirmed = Boolean(t.scores_confirmed_at);
  const show = Number(t.show_score);
  if (Number(t.status) === PaperStatus.Answering) return 'notEnded';
  if (show === ShowScore.Never) return 'never';
  if (show === ShowScore.AfterConfirmed && !confirmed) return 'notConfirmed';
  // Shown after hand-in: once the marking job has run (decision 38), a moment after the hand-in.
  if (show === ShowScore.AfterSubmit && !t.score_max && !confirmed) return 'marking';
  // Homework shown after its due time (decision 39).
  if (t.scores_shown_from && now < new Date(t.scores_shown_from).getTime() && !confirmed) return 'notDue';
  return 'shown';
}

// The caller's ended papers of exams (not homework) with what the rule lets them see: for My exams
// (given exams) and the portal's latest results (all).
export async function myScores(ctx: RequestContext, examIds?: number[]) {
  if (examIds && !examIds.length) return [];
  const list = await rows<
    Shown & {
      exam_id: number;
      attempt_id: number;
      name: string;
      score: number | null;
      total_score: number;
      pending_count: number | null;
      pass_score: number | null;
      ended_at: string | null;
      marked_at: string | null;
    }
  >(
    ctx.db,
    // An exam sat more than once counts its sittings as it says (the best, the last or the average).
    sql`select t.exam_id, t.id as attempt_id, e.name, t.status, ${countedScoreSql(sql`t.score`, sql`e.score_counting`)}
        as score, t.score_max, t.pending_count, t.ended_at,
        t.marked_at, coalesce(t.score_max, p.total_score) as total_score, e.show_score, e.scores_confirmed_at,
        e.scores_shown_from, p.pass_score
      from ${examAttempts} t join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
      join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      ${historyJoin('t')}
      where t.organization_id = ${ctx.orgId} and t.user_id = ${ctx.userId} and not e.homework
        ${
          examIds
            ? sql`and t.exam_id in (${sql.join(
                examIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
  const now = clock.now();
  return list.map((r) => {
    const reason = scoreReasonOf(r, now);
    const shown = reason === 'shown';
    const score = shown ? Number(r.score ?? 0) : null;
    const passScore = num(r.pass_score);
    return {
      examId: Number(r.exam_id),
      attemptId: Number(r.attempt_id),
      name: r.name,
      reason,
      score,
      maxScore: Number(r.total_score),
      passed: score === null || passScore === null ? null : score >= passScore,
      // Confirmed scores are final, even when confirmed with answers left unmarked.
      pending: shown && !r.scores_confirmed_at ? Number(r.pending_count ?? 0) : 0,
      // When the score reached the student: confirmation when it waited for it, else marking.
      shownAt: iso(
        Number(r.show_score) === ShowScore.AfterConfirmed
          ? r.scores_confirmed_at
          : (r.marked_at ?? r.ended_at ?? r.scores_confirmed_at),
      ),
    };
  });
}

// The portal's latest results from exams: those the student may see, newest first.
export async function portalExamResults(ctx: RequestContext, limit: number): Promise<PortalResult[]> {
  return (await myScores(ctx))
    .filter((r) => r.reason === 'shown' && r.shownAt !== null)
    .sort((a, b) => Date.parse(b.shownAt!) - Date.parse(a.shownAt!) || b.attemptId - a.attemptId)
    .slice(0, limit)
    .map((r) => ({
      id: r.attemptId,
      kind: 'exam',
      title: r.name,
      // As homework's: no figure while part of it waits for a teacher (the card says "being marked").
      score: r.pending > 0 ? null : r.score,
      maxScore: r.maxScore,
      passed: r.pending > 0 ? null : r.passed,
      publishedTime: r.shownAt!,
    }));
}

async function myAttempt(ctx: RequestContext, examId: number) {
  const [t] = await rows<{
    id: number;
    status: number;
    answer_status: number;
    score: number | null;
    score_max: number | null;
    pending_count: number | null;
    total_score: number;
    name: string;
    show_score: number;
    allow_review: boolean;
    review_after_hand_in: boolean;
    closed_for_all: string;
    scores_confirmed_at: string | null;
    pass_score: number | null;
    paper_name: string;
    creator_id: number | null;
    scores_shown_from: string | null;
  }>(
    ctx.db,
    sql`select t.id, t.status, t.answer_status, t.score, t.score_max, t.pending_count, t.total_score, e.name,
        e.show_score, e.allow_review,
        e.review_after_hand_in, ${closedForAllSql('e')} as closed_for_all,
        e.scores_confirmed_at, p.pass_score, p.name as paper_name, e.creator_id, e.scores_shown_from
      from ${examAttempts} t join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
      join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      where t.organization_id = ${ctx.orgId} and t.exam_id = ${examId} and t.user_id = ${ctx.userId}`,
  );
  if (!t) throw notFound('Attempt');
  const confirmed = Boolean(t.scores_confirmed_at);
  const reason = scoreReasonOf(t, clock.now());
  const visible = reason === 'shown';
  return { t, visible, reason, confirmed, review: reviewOf(t, visible, clock.now()) };
}

// When a student's marked paper, with its keys and analysis, reaches them: the exam allows review,
// their score is shown, and nobody can still be answering the exam (its window's end plus the
// longest extra time, or an attempt still open); a practice exam opens it at hand-in. Homework
// follows its task (task-exam.ts): at once only when it is handed in once. Every way a key takes
// to a student goes through here (decision 42).
function reviewOf(
  t: { allow_review: boolean; review_after_hand_in: boolean; closed_for_all: string | null },
  visible: boolean,
  now: number,
): { open: boolean; from: string | null } {
  if (!t.allow_review) return { open: false, from: null };
  if (t.review_after_hand_in) return { open: visible, from: null };
  const from = iso(t.closed_for_all);
  return { open: visible && from !== null && now >= Date.parse(from), from };
}

export async function myResult(ctx: RequestContext, examId: number): Promise<MyResult> {
  const { t, visible, reason, review } = await myAttempt(ctx, examId);
  const base: MyResult = {
    examId,
    examName: t.name,
    showScore: Number(t.show_score) as 1,
    allowReview: Boolean(t.allow_review),
    visible,
    reason,
    answerStatus: Number(t.answer_status) as 1,
    score: null,
    pending: 0,
    examPending: 0,
    maxScore: Number(t.score_max ?? t.total_score),
    passScore: num(t.pass_score),
    passed: null,
    rank: null,
    candidates: 0,
    classMean: null,
    examMean: null,
    knowledge: [],
    paper: null,
    reviewFrom: review.from,
  };
  if (!visible) return base;
  const exam = {
    id: examId,
    name: t.name,
    paperName: t.paper_name,
    totalScore: Number(t.total_score),
    passScore: num(t.pass_score),
    confirmedAt: iso(t.scores_confirmed_at),
  };
  const { people, report } = await classFigures(ctx.db, ctx.orgId, exam);
  // Rank and means depend on everyone's marks: none until every handed-in answer is marked.
  const examPending = exam.confirmedAt ? 0 : await pendingOfExam(ctx.db, ctx.orgId, examId);
  const final = examPending === 0;
  const me = people.find((p) => p.attemptId === Number(t.id));
  const score = Number(t.score ?? 0);
  const classmates = people.filter((p) => me && p.teamId === me.teamId);
  const myMarks = await rows<{ question_id: number; score: number | null; max: number }>(
    ctx.db,
    sql`select question_id, score, max from ${attemptMarks} where organization_id = ${ctx.orgId} and attempt_id = ${t.id}`,
  );
  const questions = await examQuestions(ctx.db, ctx.orgId, examId);
  const knowledge = report.knowledge.map((k) => {
    const qs = new Set(questions.filter((q) => q.question.tagIds.includes(k.tagId)).map((q) => q.questionId));
    const mine = myMarks.filter((m) => qs.has(Number(m.question_id)));
    const max = mine.reduce((s, m) => s + Number(m.max), 0);
    return {
      tagId: k.tagId,
      name: k.name,
      mastery: max > 0 ? Math.round((mine.reduce((s, m) => s + Number(m.score ?? 0), 0) / max) * 1000) / 1000 : null,
      classMastery: final ? (k.byClass.find((c) => c.teamId === (me?.teamId ?? null))?.mastery ?? null) : null,
    };
  });
  let paper = null;
  if (review.open) {
    // The student's own paper through the markers' view, as the owner would see it (no names of markers).
    const owner = {
      id: examId,
      name: t.name,
      paperId: 0,
      paperName: t.paper_name,
      totalScore: Number(t.total_score),
      passScore: num(t.pass_score),
      showScore: Number(t.show_score),
      allowReview: true,
      confirmedAt: iso(t.scores_confirmed_at),
      owner: false,
      myQuestions: new Set<number>(),
      assigned: false,
      canMark: false,
      canAssign: false,
    };
    const [p] = await markedPapers(ctx, examId, [Number(t.id)], false, owner);
    if (p) {
      paper = {
        ...p,
        sections: p.sections.map((s) => ({
          ...s,
          items: s.items.map((i) => ({ ...i, mark: { ...i.mark, markerName: null, reviewerName: null } })),
        })),
      };
    }
  }
  return {
    ...base,
    score,
    pending: exam.confirmedAt ? 0 : Number(t.pending_count ?? 0),
    examPending,
    passed: base.passScore === null ? null : score >= base.passScore,
    rank: final ? people.filter((p) => p.score > score).length + 1 : null,
    candidates: people.length,
    classMean: final && classmates.length ? round2(mean(classmates.map((p) => p.score))!) : null,
    examMean: final ? report.summary.mean : null,
    knowledge,
    paper,
  };
}

// What every student's own report compares with: the exam's takers and report. Confirmed scores do
// not change (reopening them changes `confirmedAt`, and so the key), so each process keeps them for
// ten minutes: a class opening its results together costs one analysis per process, not one each.
const figures = new Map<string, { until: number; value: Promise<{ people: Taker[]; report: Analysis }> }>();
bus.onReset(() => figures.clear());
function classFigures(db: DbOrTx, orgId: number, exam: Parameters<typeof analyse>[2]) {
  const compute = async () => ({ people: await takers(db, orgId, exam.id), report: await analyse(db, orgId, exam) });
  if (!exam.confirmedAt) return compute();
  const key = `${orgId}:${exam.id}:${exam.confirmedAt}`;
  const hit = figures.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  if (figures.size > 200) figures.clear();
  const value = compute();
  figures.set(key, { until: Date.now() + 600_000, value });
  value.catch(() => figures.delete(key));
  return value;
}

// ---- queries on marks ----

function toQuery(r: Record<string, unknown>) {
  return {
    id: Number(r.id),
    attemptId: Number(r.attempt_id),
    code: codeOf(r.no ?? 0),
    realName: (r.real_name as string | null) ?? null,
    questionId: Number(r.question_id),
    no: Number(r.qno ?? 0),
    text: String(r.text),
    status: Number(r.status) as 1,
    reply: (r.reply as string | null) ?? null,
    score: num(r.score),
    max: Number(r.max ?? 0),
    createTime: iso(r.create_time as string)!,
    repliedAt: iso(r.replied_at as string | null),
  };
}

const querySelect = (orgId: number, examId: number) => sql`select q.id, q.attempt_id, n.no, u.real_name, q.question_id,
    q.text, q.status, q.reply, am.score, am.max, q.create_time, q.replied_at
  from ${scoreQueries} q join ${numbered(orgId, examId)} n on n.id = q.attempt_id
  join ${examAttempts} t on t.organization_id = q.organization_id and t.id = q.attempt_id
  join ${users} u on u.organization_id = t.organization_id and u.id = t.user_id
  left join ${attemptMarks} am on am.organization_id = q.organization_id and am.attempt_id = q.attempt_id
    and am.question_id = q.question_id
  where q.organization_id = ${orgId} and q.exam_id = ${examId}`;

async function withNumbers(db: DbOrTx, orgId: number, examId: number, list: Record<string, unknown>[]) {
  const nos = new Map((await examQuestions(db, orgId, examId)).map((q) => [q.questionId, q.no]));
  return list.map((r) => toQuery({ ...r, qno: nos.get(Number(r.question_id)) ?? 0 }));
}

export async function myQuery(ctx: RequestContext, req: z.output<typeof zQueryRequest>) {
  const { t, visible } = await myAttempt(ctx, req.examId);
  if (!visible) throw businessError('scoresNotShown');
  const id = await ctx.db.transaction(async (tx) => {
    const [m] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${attemptMarks} where organization_id = ${ctx.orgId} and attempt_id = ${t.id}
        and question_id = ${req.questionId}`,
    );
    if (!Number(m?.n)) throw invalidParams('questionId', 'questionNotInPaper', { id: req.questionId });
    const [open] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${scoreQueries} where organization_id = ${ctx.orgId} and attempt_id = ${t.id}
        and question_id = ${req.questionId} and status = ${QueryStatus.Open}`,
    );
    if (Number(open?.n)) throw businessError('queryOpen');
    const [row] = await tx
      .insert(scoreQueries)
      .values({
        organizationId: ctx.orgId,
        examId: req.examId,
        attemptId: Number(t.id),
        questionId: req.questionId,
        text: req.text,
      })
      .returning({ id: scoreQueries.id });
    return row.id;
  });
  const list = await rows<Record<string, unknown>>(ctx.db, sql`${querySelect(ctx.orgId, req.examId)} and q.id = ${id}`);
  const [q] = await withNumbers(ctx.db, ctx.orgId, req.examId, list);
  return { ...q, realName: null };
}

export async function listQueries(ctx: RequestContext, req: z.output<typeof zQueriesRequest>) {
  await examForMarking(ctx, req.examId);
  const filter = req.status ? sql`and q.status = ${req.status}` : sql``;
  const [[count], list] = await Promise.all([
    rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ${scoreQueries} q where q.organization_id = ${ctx.orgId}
        and q.exam_id = ${req.examId} ${filter}`,
    ),
    rows<Record<string, unknown>>(
      ctx.db,
      sql`${querySelect(ctx.orgId, req.examId)} ${filter} order by q.status, q.id desc
        limit ${req.pageSize} offset ${pageOffset(req)}`,
    ),
  ]);
  return pageOf(await withNumbers(ctx.db, ctx.orgId, req.examId, list), Number(count?.n ?? 0), req);
}

export async function answerQuery(ctx: RequestContext, req: z.output<typeof zAnswerQueryRequest>) {
  const exam = await examForMarking(ctx, req.examId);
  if (req.score !== undefined && exam.confirmedAt) throw businessError('scoresConfirmed');
  await ctx.db.transaction(async (tx) => {
    const [q] = await rows<{ attempt_id: number; question_id: number; score: number | null; max: number }>(
      tx,
      sql`select q.attempt_id, q.question_id, am.score, am.max from ${scoreQueries} q
        join ${attemptMarks} am on am.organization_id = q.organization_id and am.attempt_id = q.attempt_id
          and am.question_id = q.question_id
        where q.organization_id = ${ctx.orgId} and q.exam_id = ${req.examId} and q.id = ${req.queryId} for update of q`,
    );
    if (!q) throw notFound('Query');
    if (req.score !== undefined) {
      // The same rule as `mark`: with markers assigned, only the question's own markers (or the owner).
      if (!mayMarkQuestion(exam, Number(q.question_id))) throw forbidden('notYourQuestion');
      await lockConfirmation(tx, ctx.orgId, req.examId);
      if (req.score > Number(q.max) + 1e-9) throw invalidParams('score', 'tooBig', { max: Number(q.max) });
      await tx.execute(
        sql`update ${attemptMarks} set score = ${req.score}, marking_flag = ${MarkingFlag.Marked},
            marker_id = coalesce(marker_id, ${ctx.userId}), marked_at = coalesce(marked_at, now())
          where organization_id = ${ctx.orgId} and attempt_id = ${q.attempt_id} and question_id = ${q.question_id}`,
      );
      if (num(q.score) !== req.score) {
        await audit(tx, ctx.orgId, ctx.userId, [
          {
            examId: req.examId,
            attemptId: Number(q.attempt_id),
            questionId: Number(q.question_id),
            kind: ScoreChangeKind.Query,
            from: num(q.score),
            to: req.score,
            reason: req.reply.slice(0, 500),
          },
        ]);
      }
      await refreshAttempts(tx, ctx.orgId, [Number(q.attempt_id)]);
    }
    await tx.execute(
      sql`update ${scoreQueries} set status = ${QueryStatus.Answered}, reply = ${req.reply}, replied_by = ${ctx.userId},
          replied_at = now() where organization_id = ${ctx.orgId} and id = ${req.queryId}`,
    );
  });
  const list = await rows<Record<string, unknown>>(
    ctx.db,
    sql`${querySelect(ctx.orgId, req.examId)} and q.id = ${req.queryId}`,
  );
  const [q] = await withNumbers(ctx.db, ctx.orgId, req.examId, list);
  return q;
}
