import { type PermissionCode, permissionTitle } from '@lyceum/contract';
import { eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { teamMembers, teams } from './team.table';

// Whom a member reaches without their area's school-wide permission (message:all, exam:all,
// task:all): the classes they lead and those classes' students. Messages, exams and homework all
// take this one rule; what counts as a wide target (the school, a grade, a department) each area
// refuses itself, since each names it in its own fields.

const ownTeams = (ctx: RequestContext) =>
  sql`select id from ${teams} where organization_id = ${ctx.orgId} and class_teacher_id = ${ctx.userId}`;

// Refuses, naming the field and position, the first class the caller does not lead and the first
// person who is in none of the caller's classes.
export async function checkOwnClasses(
  ctx: RequestContext,
  targets: { teams?: { field: string; ids: number[] }; people?: { field: string; ids: number[] } },
): Promise<void> {
  const { teams: t, people } = targets;
  if (t?.ids.length) {
    const found = await ctx.db
      .select({ id: teams.id })
      .from(teams)
      .where(inOrg(teams, ctx.orgId, [eq(teams.classTeacherId, ctx.userId), inArray(teams.id, t.ids)]));
    const mine = new Set(found.map((r) => r.id));
    const i = t.ids.findIndex((id) => !mine.has(id));
    if (i >= 0) throw invalidParams(`${t.field}.${i}`, 'notYourClass', { name: String(t.ids[i]) });
  }
  if (people?.ids.length) {
    const found = await ctx.db
      .selectDistinct({ id: teamMembers.userId })
      .from(teamMembers)
      .where(
        inOrg(teamMembers, ctx.orgId, [
          sql`${teamMembers.teamId} in (${ownTeams(ctx)})`,
          inArray(teamMembers.userId, people.ids),
        ]),
      );
    const mine = new Set(found.map((r) => r.id));
    const i = people.ids.findIndex((id) => !mine.has(id));
    if (i >= 0) throw invalidParams(`${people.field}.${i}`, 'notYourClass', { name: String(people.ids[i]) });
  }
}

// Of the given students, those who are already members of another class than `teamId`, with that
// class's name. A class teacher without team:all adds only students who are in no class yet:
// moving a student between classes (or filling one class with the whole school) is the office's.
export async function inOtherClasses(
  db: DbOrTx,
  ctx: RequestContext,
  teamId: number | null,
  userIds: number[],
): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const found = await db
    .select({ userId: teamMembers.userId, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, sameOrg(teams, teamMembers, [eq(teams.id, teamMembers.teamId)]))
    .where(
      inOrg(teamMembers, ctx.orgId, [
        inArray(teamMembers.userId, userIds),
        teamId === null ? undefined : ne(teamMembers.teamId, teamId),
      ]),
    );
  return new Map(found.map((r) => [r.userId, r.name]));
}

// The students who are members of the class now (to tell new members from kept ones).
export async function membersOf(db: DbOrTx, ctx: RequestContext, teamId: number): Promise<Set<number>> {
  const found = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(inOrg(teamMembers, ctx.orgId, [eq(teamMembers.teamId, teamId)]));
  return new Set(found.map((r) => r.id));
}

// The refusal of a wide target (the whole school, a grade, a department, every student) by a caller
// without the area's school-wide permission, naming that permission.
export function wideRefused(field: string, permission: PermissionCode) {
  const title = permissionTitle(permission);
  return invalidParams(field, 'wideAudienceNotAllowed', { permission: title.en, permissionZh: title.zh });
}

// The user (`user`, a column of the query, with its organisation `org`) is a member of the class.
export const inClass = (teamId: number, org: AnyPgColumn | number, user: AnyPgColumn) =>
  sql`exists (select 1 from ${teamMembers} where ${teamMembers.organizationId} = ${org}
    and ${teamMembers.teamId} = ${teamId} and ${teamMembers.userId} = ${user})`;
