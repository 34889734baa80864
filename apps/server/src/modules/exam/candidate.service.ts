import {
  type Candidate,
  extraMinutesOf,
  pageOf,
  pageOffset,
  type zCandidateOverride,
  type zCandidatePageRequest,
} from '@lyceum/contract';
import { count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { departments } from '../department/department.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { examResource } from './exam.resource';
import { accommodations, examCandidates } from './exam.table';

// ---- The candidate list (staff) ----------------------------------------------------------------

const c = examCandidates;

// One candidate's columns: the user, their classes, their accommodation and the per-exam override.
const candidateColumns = {
  id: users.id,
  userName: users.userName,
  realName: users.realName,
  avatar: users.avatar,
  status: c.status,
  source: c.source,
  studentStatus: c.studentStatus,
  seatNo: c.seatNo,
  registeredTime: c.registeredTime,
  departmentName: departments.name,
  teamNames: sql<string[]>`coalesce((select array_agg(${teams.name} order by ${teams.name}) from ${teamMembers}
    join ${teams} on ${teams.organizationId} = ${teamMembers.organizationId} and ${teams.id} = ${teamMembers.teamId}
    where ${teamMembers.organizationId} = ${c.organizationId} and ${teamMembers.userId} = ${c.userId}), '{}')`,
  extraTimeFactor: sql<number>`coalesce(${c.extraTimeFactor}, ${accommodations.extraTimeFactor}, 1)`.mapWith(Number),
  extraMinutes: sql<number>`coalesce(${c.extraMinutes}, ${accommodations.extraMinutes}, 0)`.mapWith(Number),
  overridden: sql<boolean>`(${c.extraTimeFactor} is not null or ${c.extraMinutes} is not null)`,
};
const userOf = sameOrg(users, c, [eq(users.id, c.userId)]);

function selectCandidates(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(candidateColumns)
    .from(c)
    .innerJoin(users, userOf)
    .leftJoin(departments, sameOrg(departments, users, [eq(departments.id, users.departmentId)]))
    .leftJoin(accommodations, sameOrg(accommodations, c, [eq(accommodations.userId, c.userId)]))
    .where(where);
}

type CandidateRow = Awaited<ReturnType<typeof selectCandidates>>[number];
function toCandidate(r: CandidateRow, duration: number): Candidate {
  return {
    ...r,
    status: r.status as Candidate['status'],
    source: r.source as Candidate['source'],
    studentStatus: r.studentStatus as Candidate['studentStatus'],
    registeredTime: r.registeredTime.toISOString(),
    extraTime: extraMinutesOf(duration, r),
  };
}

export async function candidatePage(ctx: RequestContext, examId: number, req: z.output<typeof zCandidatePageRequest>) {
  const exam = await examResource.readable(ctx, examId);
  const where = inOrg(c, ctx.orgId, [
    eq(c.examId, examId),
    req.status ? eq(c.status, req.status) : undefined,
    req.keyword
      ? or(ilike(users.userName, likePattern(req.keyword)), ilike(users.realName, likePattern(req.keyword)))
      : undefined,
  ]);
  const list = await selectCandidates(ctx.db, where)
    .orderBy(sql`${c.seatNo} nulls last`, users.userName)
    .limit(req.pageSize)
    .offset(pageOffset(req));
  // The other joins are outer joins on keys: they never change the count.
  const [total] = await ctx.db.select({ n: count() }).from(c).innerJoin(users, userOf).where(where);
  return pageOf(
    list.map((r) => toCandidate(r, exam.durationMinutes as number)),
    total?.n ?? 0,
    req,
  );
}

async function oneCandidate(db: DbOrTx, ctx: RequestContext, examId: number, userId: number, duration: number) {
  const [r] = await selectCandidates(db, inOrg(c, ctx.orgId, [eq(c.examId, examId), eq(c.userId, userId)]));
  if (!r) throw notFound('Candidate');
  return toCandidate(r, duration);
}

// A per-exam accommodation for one candidate (the exam in the caller's write scope).
export async function overrideCandidate(
  ctx: RequestContext,
  examId: number,
  body: z.output<typeof zCandidateOverride>,
) {
  return ctx.db.transaction(async (tx) => {
    const exam = await examResource.loadForWrite(tx, ctx, examId, true);
    const changed = await tx
      .update(c)
      .set({ extraTimeFactor: body.extraTimeFactor, extraMinutes: body.extraMinutes })
      .where(inOrg(c, ctx.orgId, [eq(c.examId, examId), eq(c.userId, body.userId)]))
      .returning({ userId: c.userId });
    if (!changed.length) throw invalidParams('userId', 'notChildHere', { entity: 'candidate', id: body.userId });
    return oneCandidate(tx, ctx, examId, body.userId, exam.durationMinutes as number);
  });
}
