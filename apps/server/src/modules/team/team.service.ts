import { pageOf, pageOffset, type zTeamMemberPageRequest } from '@lyceum/contract';
import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { departments } from '../department/department.table';
import { keywordMatch } from '../user/user.service';
import { users } from '../user/user.table';
import { teamResource } from './team.resource';
import { teamMembers, teams } from './team.table';

// The members of one class the caller reaches (a class outside their read scope is "not found").
export async function teamMemberPage(
  ctx: RequestContext,
  teamId: number,
  req: z.output<typeof zTeamMemberPageRequest>,
) {
  await teamResource.get(ctx, teamId, teamResource.readScope(ctx));
  const where: SQL | undefined = inOrg(teamMembers, ctx.orgId, [
    eq(teamMembers.teamId, teamId),
    req.keyword ? keywordMatch(req.keyword) : undefined,
  ]);
  const from = () =>
    ctx.db
      .select({
        memberId: teamMembers.id,
        joinDate: teamMembers.joinDate,
        id: users.id,
        userName: users.userName,
        realName: users.realName,
        avatar: users.avatar,
        departmentName: departments.name,
      })
      .from(teamMembers)
      .innerJoin(users, sameOrg(users, teamMembers, [eq(users.id, teamMembers.userId)]))
      .leftJoin(departments, sameOrg(departments, users, [eq(departments.id, users.departmentId)]));
  const list = await from().where(where).orderBy(asc(users.userName)).limit(req.pageSize).offset(pageOffset(req));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(teamMembers)
    .innerJoin(users, sameOrg(users, teamMembers, [eq(users.id, teamMembers.userId)]))
    .where(where);
  return pageOf(list, total?.n ?? 0, req);
}

// The classes a user is a member of.
export async function teamsOf(ctx: RequestContext, userId: number) {
  return ctx.db
    .select({ id: teams.id, name: teams.name, gradeYear: teams.gradeYear })
    .from(teamMembers)
    .innerJoin(teams, sameOrg(teams, teamMembers, [eq(teams.id, teamMembers.teamId)]))
    .where(inOrg(teamMembers, ctx.orgId, [eq(teamMembers.userId, userId)]))
    .orderBy(asc(teams.name));
}
