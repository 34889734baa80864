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
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { examCandidates, exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { attemptMarks } from './marking.table';
import { classOf, examForMarking } from './marking-scope';
import { COUNTED, num, round2 } from './score-shared';

// Exam scores, confirmation, the analysis report, statistics, and the students' side (decision 38).

// An exam's scores list and its sheet (decision 38).

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
