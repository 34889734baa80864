import {
  type Lang,
  PaperStatus,
  type PaperStatus as PaperStatusType,
  type TaskStudent,
  type TaskStudentPage,
  type TaskUserStatus,
  type zTaskStudentRequest,
} from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { likePattern } from '../../platform/resource';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { iso, ts } from '../exam/exam-time';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { classOf } from '../marking/marking-scope';
import { users } from '../user/user.table';
import { taskResource } from './task.resource';
import { tasks, taskUsers } from './task.table';
import { earlierSql, num, taskCounts } from './task-queries';
import { cutoffSql, syncTaskUsers } from './task-status';

// ---- the teachers' side: a task's students ----

interface StudentRow extends Record<string, unknown> {
  user_id: number;
  user_name: string;
  real_name: string;
  team_name: string | null;
  status: number;
  paper_status: number | null;
  attempt_id: number | null;
  opened_at: string | null;
  handed_in_at: string | null;
  late: boolean;
  score: number | null;
  raw_score: number | null;
  max_score: number | null;
  pending: number | null;
  redo_count: number;
  returned_count: number;
  return_note: string | null;
  earlier_scores: (number | null)[];
  total: number;
}

// The students of a task the caller reaches (through the task resource's scope), paged and filtered,
// with the counts of the whole task.
export async function taskStudents(
  ctx: RequestContext,
  taskId: number,
  req: z.output<typeof zTaskStudentRequest>,
  limit?: number,
): Promise<TaskStudentPage> {
  await taskResource.readable(ctx, taskId);
  await syncTaskUsers(ctx.db, ctx.orgId, sql`tu.task_id = ${taskId}`);
  const cls = classOf('u');
  const conditions: SQL[] = [sql`tu.organization_id = ${ctx.orgId}`, sql`tu.task_id = ${taskId}`];
  if (req.status !== undefined) conditions.push(sql`tu.status = ${req.status}`);
  if (req.keyword) {
    const like = likePattern(req.keyword);
    conditions.push(sql`(u.user_name ilike ${like} or u.real_name ilike ${like})`);
  }
  if (req.teamId) {
    conditions.push(
      sql`exists (select 1 from team_members m where m.organization_id = u.organization_id and m.user_id = u.id and m.team_id = ${req.teamId})`,
    );
  }
  if (req.late) conditions.push(sql`(tu.late or (a.id is null and ${cutoffSql()} <= ${ts(clock.now())}))`);
  if (req.toMark) conditions.push(sql`a.status <> ${PaperStatus.Answering} and a.pending_count > 0`);
  const size = limit ?? req.pageSize;
  const offset = limit ? 0 : (req.pageIndex - 1) * req.pageSize;
  const list = await rows<StudentRow>(
    ctx.db,
    sql`select tu.user_id, u.user_name, u.real_name, ${cls.name} as team_name, tu.status,
        a.status as paper_status, a.id as attempt_id, tu.opened_at, tu.handed_in_at, tu.late, tu.score,
        tu.raw_score, coalesce(a.score_max, a.total_score) as max_score, a.pending_count as pending,
        tu.redo_count, tu.returned_count, tu.return_note, ${earlierSql(sql`k.score`)} as earlier_scores,
        count(*) over () as total
      from ${taskUsers} tu join ${tasks} t on t.organization_id = tu.organization_id and t.id = tu.task_id
      join ${users} u on u.organization_id = tu.organization_id and u.id = tu.user_id
      left join ${examAttempts} a on a.organization_id = tu.organization_id and a.exam_id = t.exam_id
        and a.user_id = tu.user_id
      where ${sql.join(conditions, sql` and `)}
      order by ${cls.name} nulls last, u.user_name
      limit ${size} offset ${offset}`,
  );
  const counts = (await taskCounts(ctx, [taskId])).get(taskId) ?? {
    students: 0,
    notStarted: 0,
    inProgress: 0,
    passed: 0,
    failed: 0,
    toMark: 0,
  };
  const total = Number(list[0]?.total ?? 0);
  return {
    list: list.map((r) => {
      const ended = r.paper_status != null && Number(r.paper_status) !== PaperStatus.Answering;
      return {
        userId: Number(r.user_id),
        userName: r.user_name,
        realName: r.real_name,
        teamName: r.team_name,
        status: Number(r.status) as TaskUserStatus,
        paperStatus: (r.paper_status == null ? 0 : Number(r.paper_status)) as PaperStatusType,
        attemptId: num(r.attempt_id),
        openedAt: iso(r.opened_at),
        handedInAt: iso(r.handed_in_at),
        late: Boolean(r.late),
        score: num(r.score),
        rawScore: num(r.raw_score),
        maxScore: num(r.max_score),
        pending: Number(r.pending ?? 0),
        handIns: Number(r.redo_count) + (ended ? 1 : 0),
        earlierScores: (r.earlier_scores ?? []).map((x) => num(x)),
        returnedCount: Number(r.returned_count),
        returnNote: r.return_note,
      };
    }),
    total,
    pageNum: req.pageIndex,
    pageSize: req.pageSize,
    pages: Math.ceil(total / req.pageSize),
    counts,
  };
}

// ---- the students sheet (export list) ----

const STATUS_TEXT = [
  ['Not started', '未开始'],
  ['In progress', '进行中'],
  ['Passed', '已通过'],
  ['Failed', '未通过'],
] as const;
const studentColumns: SheetColumn<TaskStudent>[] = [
  { header: ['User name', '用户名'], width: 18, cell: (r) => r.userName },
  { header: ['Name', '姓名'], width: 18, cell: (r) => r.realName },
  { header: ['Class', '班级'], width: 18, cell: (r) => r.teamName },
  { header: ['Status', '状态'], width: 11, cell: (r, zh) => STATUS_TEXT[r.status][zh ? 1 : 0] },
  { header: ['Opened', '开始时间'], date: true, cell: (r) => (r.openedAt ? new Date(r.openedAt) : null) },
  { header: ['Handed in', '提交时间'], date: true, cell: (r) => (r.handedInAt ? new Date(r.handedInAt) : null) },
  { header: ['Late', '迟交'], width: 11, cell: (r, zh) => (r.late ? (zh ? '是' : 'Yes') : null) },
  { header: ['Score', '得分'], width: 11, cell: (r) => r.score },
  { header: ['Before penalty', '原始分'], width: 11, cell: (r) => r.rawScore },
  { header: ['Out of', '满分'], width: 11, cell: (r) => r.maxScore },
  { header: ['To mark', '待批阅'], width: 11, cell: (r) => r.pending },
  { header: ['Hand-ins', '提交次数'], width: 11, cell: (r) => r.handIns },
];

export async function writeTaskStudentsSheet(
  ctx: RequestContext,
  taskId: number,
  req: z.output<typeof zTaskStudentRequest>,
  lang: Lang,
) {
  const data = await taskStudents(ctx, taskId, { ...req, pageIndex: 1 }, 100_000);
  const title = { en: 'Task students', zh: '任务学生' };
  return { sheet: await listSheet(title, studentColumns, data.list, lang), count: data.list.length };
}
