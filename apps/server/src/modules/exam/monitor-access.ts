import { ExamState } from '@lyceum/contract';
import { eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { allows } from '../../platform/route';
import { idList, typedRows } from '../../platform/sql-rows';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examPapers } from '../exam-paper/exam-paper.table';
import { registerFileReader } from '../file/file-access';
import { lockConfirmation } from '../marking/marking.service';
import { questionVersions } from '../question/question.table';
import { examAttempts } from './attempt.table';
import { examInvigilators, exams } from './exam.table';

// Who may watch which exam (monitor.service): the rule, the exam lookup, the guard of the actions,
// and the file readers that follow the same rule.

// The monitor's aliases: `t` is also what endAttempts' condition names (attempt-end.ts).
export const e = alias(exams, 'e');
export const t = alias(examAttempts, 't');

// Academic staff (exam:all) watch every exam; a teacher the exams they made or invigilate.
export function watchable(ctx: RequestContext): SQL {
  if (allows(ctx, ['exam:all'])) return sql`true`;
  const invigilates = ctx.db
    .select({ one: sql`1` })
    .from(examInvigilators)
    .where(
      sameOrg(examInvigilators, e, [eq(examInvigilators.ownerId, e.id), eq(examInvigilators.targetId, ctx.userId)]),
    );
  return sql`(${or(eq(e.creatorId, ctx.userId), exists(invigilates))})`;
}

// The exam, when the caller may watch it; "not found" otherwise (another teacher's exam, another
// organisation's id).
export async function watchedExam(ctx: RequestContext, examId: number) {
  const [found] = await ctx.db
    .select({ id: e.id, virtualRoomId: e.virtualRoomId, questionCount: examPapers.questionCount })
    .from(e)
    .innerJoin(examPapers, sameOrg(examPapers, e, [eq(examPapers.id, e.paperId)]))
    .where(inOrg(e, ctx.orgId, [eq(e.id, examId), ne(e.state, ExamState.Draft), watchable(ctx)]));
  if (!found) throw notFound('Exam');
  return found;
}

type AttemptKeys = { organizationId: AnyPgColumn; examId: AnyPgColumn; userId: AnyPgColumn };

// The attempts of these candidates, on the table or on the alias `t`.
export const attemptsOf = (a: AttemptKeys, orgId: number, examId: number, userIds: number[]) =>
  inOrg(a, orgId, [eq(a.examId, examId), inArray(a.userId, userIds)]) as SQL;

// Every action that changes a candidate's paper or time is refused once the exam's scores are
// confirmed (the same rule as marking): confirmed results change only after academic staff reopen
// them. Taken inside the action's transaction, so a confirmation cannot slip in between.
export async function changing<T>(ctx: RequestContext, examId: number, action: (tx: Tx) => Promise<T>): Promise<T> {
  await watchedExam(ctx, examId);
  return ctx.db.transaction(async (tx) => {
    await lockConfirmation(tx, ctx.orgId, examId);
    return action(tx);
  });
}

// Snapshots linked to an attempt are read by those who may watch its exam (and by their uploader).
registerFileReader('examAttempt', async (ctx, attemptIds) => {
  if (!allows(ctx, ['examLog:page'])) return false;
  const found = await ctx.db
    .select({ id: t.id })
    .from(t)
    .innerJoin(e, sameOrg(e, t, [eq(e.id, t.examId)]))
    .where(inOrg(t, ctx.orgId, [inArray(t.id, attemptIds), watchable(ctx)]))
    .limit(1);
  return found.length > 0;
});

// A candidate sees every figure of their own paper and nothing more: a question's file is read by a
// member whose attempt's paper holds that question, when the file is in what the paper shows of its
// version (stems and options, a compound question's parts too), never its key or analysis.
registerFileReader('question', async (ctx, questionIds, fileId) => {
  const shown = sql`concat(v.snapshot->>'stem', v.snapshot->'options',
    jsonb_path_query_array(v.snapshot, '$.children[*].stem'),
    jsonb_path_query_array(v.snapshot, '$.children[*].options'))`;
  // Raw: it walks the paper's JSON with lateral set-returning functions, which the builder has no
  // words for. Only whether a row comes back counts.
  const found = await typedRows(
    ctx.db,
    sql`select t.status from ${examAttempts} t
      cross join lateral jsonb_array_elements(t.paper->'sections') s
      cross join lateral jsonb_array_elements(s->'items') i
      join ${questionVersions} v on v.organization_id = t.organization_id
        and v.question_id = (i->>'questionId')::bigint and v.version = (i->>'questionVersion')::int
      where t.organization_id = ${ctx.orgId} and t.user_id = ${ctx.userId}
        and (i->>'questionId')::bigint in (${idList(questionIds)})
        and ${shown} ~ ${`/api/file/${fileId}([^0-9]|$)`}
      limit 1`,
    { status: examAttempts.status },
  );
  return found.length > 0;
});
