import { type AdmissionTicket, CandidateStatus, ExamState } from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { organizations } from '../../platform/organizations.table';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { departments } from '../department/department.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { examResource } from './exam.resource';
import { examCandidates, exams } from './exam.table';
import { rulesOf, selectMyExams, timesOf } from './my-exam.service';

const { Approved } = CandidateStatus;

// ---- Tickets ------------------------------------------------------------------------------------

async function ticketsOf(ctx: RequestContext, examId: number, userIds: number[] | null): Promise<AdmissionTicket[]> {
  const c = examCandidates;
  const list = await selectMyExams(ctx.db, {
    userId: users.id,
    userName: users.userName,
    realName: users.realName,
    avatar: users.avatar,
    departmentName: departments.name,
    orgName: organizations.name,
    teamNames: sql<string[]>`coalesce((select array_agg(${teams.name} order by ${teams.name}) from ${teamMembers}
        join ${teams} on ${teams.organizationId} = ${teamMembers.organizationId} and ${teams.id} = ${teamMembers.teamId}
      where ${teamMembers.organizationId} = ${c.organizationId} and ${teamMembers.userId} = ${c.userId}), '{}')`,
  })
    .innerJoin(users, sameOrg(users, c, [eq(users.id, c.userId)]))
    .innerJoin(organizations, eq(organizations.id, c.organizationId))
    .leftJoin(departments, sameOrg(departments, users, [eq(departments.id, users.departmentId)]))
    .where(
      inOrg(c, ctx.orgId, [
        eq(c.examId, examId),
        eq(c.status, Approved),
        eq(exams.state, ExamState.Published),
        userIds ? inArray(c.userId, userIds) : undefined,
      ]),
    )
    .orderBy(sql`${c.seatNo} nulls last`, users.userName);
  return list.map((r) => {
    const t = timesOf(r);
    return {
      examId: r.id,
      examName: r.name,
      organizationName: r.orgName,
      userId: r.userId,
      userName: r.userName,
      realName: r.realName,
      avatar: r.avatar,
      departmentName: r.departmentName,
      teamNames: r.teamNames,
      windowStart: new Date(t.start).toISOString(),
      windowEnd: new Date(t.end).toISOString(),
      durationMinutes: r.durationMinutes,
      extraTime: t.extraTime,
      latestEntry: t.latestEntry === null ? null : new Date(t.latestEntry).toISOString(),
      venueName: r.venueName,
      venueAddress: r.venueAddress,
      virtualRoomId: r.virtualRoomId,
      seatNo: r.seatNo,
      instructions: r.instructions,
      rules: rulesOf(r),
    };
  });
}

export async function tickets(ctx: RequestContext, examId: number, userIds?: number[]) {
  await examResource.readable(ctx, examId);
  return ticketsOf(ctx, examId, userIds?.length ? userIds : null);
}

export async function myTicket(ctx: RequestContext, examId: number) {
  const [ticket] = await ticketsOf(ctx, examId, [ctx.userId]);
  if (!ticket) throw notFound('Exam');
  return ticket;
}
