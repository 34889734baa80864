import {
  AnswerStatus,
  CandidateStatus,
  type ExamScores,
  type Lang,
  PaperStatus,
  pageOf,
  pageOffset,
  type zExamScoresRequest,
} from '@lyceum/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { examCandidates, exams } from '../exam/exam.table';
import { examPapers, paperSections } from '../exam-paper/exam-paper.table';
import { inClass } from '../team/reach';
import { users } from '../user/user.table';
import { attemptMarks } from './marking.table';
import { classOf, examForMarking } from './marking-scope';
import { COUNTED_STATUSES, round2 } from './score-shared';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// An exam's scores list and its sheet (decision 38).

// ---- exam scores ----

// The exam's approved candidates with their attempt (if any), ranked over the counted scores: in
// the exam, and in the student's class.
const rankedScores = (db: DbOrTx, orgId: number, examId: number) => {
  const c = examCandidates;
  const t = examAttempts;
  const p = examPapers;
  const cls = classOf(users);
  const base = db.$with('base').as(
    db
      .select({
        userId: c.userId,
        userName: users.userName,
        realName: users.realName,
        teamId: cls.id.as('team_id'),
        className: cls.name.as('class_name'),
        attemptId: sql<number | null>`${t.id}`.mapWith(Number).as('attempt_id'),
        status: sql<number>`coalesce(${t.status}, ${PaperStatus.NotStarted}::smallint)`.as('status'),
        answerStatus: sql<number>`coalesce(${t.answerStatus}, case when ${t.id} is null
          then ${AnswerStatus.NotStarted}::smallint else ${AnswerStatus.InProgress}::smallint end)`.as('answer_status'),
        score: sql<number | null>`${t.score}`.as('score'),
        maxScore: sql<number>`coalesce(${t.scoreMax}, ${p.totalScore})`.as('max_score'),
        pendingCount: sql<number | null>`${t.pendingCount}`.as('pending_count'),
        counted: sql<number | null>`case when ${inArray(t.status, COUNTED_STATUSES)} then ${t.score} end`.as('counted'),
      })
      .from(c)
      .innerJoin(users, sameOrg(users, c, [eq(users.id, c.userId)]))
      .innerJoin(exams, sameOrg(exams, c, [eq(exams.id, c.examId)]))
      .innerJoin(p, sameOrg(p, exams, [eq(p.id, exams.paperId)]))
      .leftJoin(t, sameOrg(t, c, [eq(t.examId, c.examId), eq(t.userId, c.userId)]))
      .where(inOrg(c, orgId, [eq(c.examId, examId), eq(c.status, CandidateStatus.Approved)])),
  );
  const ranked = db.$with('ranked').as(
    db
      .with(base)
      .select({
        userId: base.userId,
        userName: base.userName,
        realName: base.realName,
        teamId: base.teamId,
        className: base.className,
        attemptId: base.attemptId,
        status: base.status,
        answerStatus: base.answerStatus,
        score: base.score,
        maxScore: base.maxScore,
        pendingCount: base.pendingCount,
        counted: base.counted,
        rnk: sql<number | null>`case when ${base.counted} is not null
          then rank() over (order by ${base.counted} desc nulls last) end`
          .mapWith(Number)
          .as('rnk'),
        classRnk: sql<number | null>`case when ${base.counted} is not null
          then rank() over (partition by ${base.teamId} order by ${base.counted} desc nulls last) end`
          .mapWith(Number)
          .as('class_rnk'),
      })
      .from(base),
  );
  return { base, ranked };
};

export async function examScores(
  ctx: RequestContext,
  req: z.output<typeof zExamScoresRequest>,
  limit?: number,
): Promise<ExamScores> {
  const exam = await examForMarking(ctx, req.examId);
  const { base, ranked: r } = rankedScores(ctx.db, ctx.orgId, req.examId);
  const filters = and(
    req.teamId ? inClass(req.teamId, ctx.orgId, r.userId) : undefined,
    req.keyword ? or(ilike(r.userName, `%${req.keyword}%`), ilike(r.realName, `%${req.keyword}%`)) : undefined,
    req.passed === undefined || exam.passScore === null
      ? undefined
      : req.passed
        ? sql`${r.counted} >= ${exam.passScore}`
        : sql`(${r.counted} is null or ${r.counted} < ${exam.passScore})`,
  );
  const dir = sql.raw(req.sortOrder === 'descend' ? 'desc' : 'asc');
  const orders: Record<string, SQL> = {
    rank: sql`${r.rnk} ${dir} nulls last, ${r.userName}`,
    score: sql`${r.counted} ${dir} nulls last, ${r.userName}`,
    userName: sql`${r.userName} ${dir}`,
    className: sql`${r.className} ${dir} nulls last, ${r.rnk} nulls last`,
  };
  if (!Object.hasOwn(orders, req.sortField)) throw invalidParams('sortField', 'cannotSort', { field: req.sortField });
  const order = orders[req.sortField];
  const [[total], list, sectionTitles, pending] = await Promise.all([
    ctx.db.with(base, r).select({ n: count() }).from(r).where(filters),
    ctx.db
      .with(base, r)
      .select()
      .from(r)
      .where(filters)
      .orderBy(order)
      .limit(limit ?? req.pageSize)
      .offset(limit ? 0 : pageOffset(req)),
    ctx.db
      .select({ title: paperSections.title })
      .from(paperSections)
      .where(inOrg(paperSections, ctx.orgId, [eq(paperSections.paperId, exam.paperId)]))
      .orderBy(asc(paperSections.sort), asc(paperSections.id)),
    pendingOfExam(ctx.db, ctx.orgId, req.examId),
  ]);
  const attemptIds = list.map((x) => x.attemptId).filter((id): id is number => id !== null);
  const sectionScores = attemptIds.length ? await sectionsOf(ctx.db, ctx.orgId, attemptIds) : new Map();
  return {
    ...pageOf(
      list.map((x) => {
        const counted = Number(x.status) !== PaperStatus.NotStarted && x.rnk !== null;
        const secs = x.attemptId === null ? undefined : sectionScores.get(x.attemptId);
        return {
          userId: x.userId,
          userName: x.userName,
          realName: x.realName,
          className: x.className,
          paperStatus: Number(x.status) as 0,
          answerStatus: Number(x.answerStatus) as 1,
          score: x.score,
          maxScore: Number(x.maxScore),
          sections: sectionTitles.map((_, i) => secs?.[i] ?? null),
          rank: x.rnk,
          classRank: x.classRnk,
          passed: counted && exam.passScore !== null ? Number(x.score) >= exam.passScore : null,
          pending: Number(x.pendingCount ?? 0),
        };
      }),
      total?.n ?? 0,
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
  const t = examAttempts;
  const [r] = await db
    .select({
      n: sql<number>`coalesce(sum(case when ${t.markedAt} is null then 1 else ${t.pendingCount} end), 0)`.mapWith(
        Number,
      ),
    })
    .from(t)
    .where(inOrg(t, orgId, [eq(t.examId, examId), ne(t.status, PaperStatus.Answering)]));
  return r?.n ?? 0;
}

async function sectionsOf(db: DbOrTx, orgId: number, attemptIds: number[]): Promise<Map<number, (number | null)[]>> {
  const t = examAttempts;
  const am = attemptMarks;
  // Each section of the paper (numbered from 1), and each item of it: set-returning functions over
  // the frozen paper.
  const secNo = sql<number>`s.sec_no`.mapWith(Number);
  const list = await db
    .select({ attemptId: t.id, secNo, score: sql<number>`sum(coalesce(${am.score}, 0))`.mapWith(Number) })
    .from(t)
    .crossJoinLateral(sql`jsonb_array_elements(${t.paper}->'sections') with ordinality as s(sec, sec_no)`)
    .crossJoinLateral(sql`jsonb_array_elements(s.sec->'items') as it(item)`)
    .innerJoin(am, sameOrg(am, t, [eq(am.attemptId, t.id), eq(am.questionId, sql`(it.item->>'questionId')::bigint`)]))
    .where(inOrg(t, orgId, [inArray(t.id, attemptIds)]))
    .groupBy(t.id, secNo);
  const out = new Map<number, (number | null)[]>();
  for (const r of list) {
    const arr = out.get(r.attemptId) ?? [];
    arr[r.secNo - 1] = round2(r.score);
    out.set(r.attemptId, arr);
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
