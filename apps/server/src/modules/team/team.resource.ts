import { DepartmentType, RoleKind, teamDecl, teamMeta } from '@lyceum/contract';
import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { semesters } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import { inOtherClasses, membersOf } from './reach';
import { teamMembers, teams } from './team.table';

// Academic staff (team:all) reach every class; a teacher the classes they lead.
export const seesAllTeams = (ctx: RequestContext) => allows(ctx, ['team:all']);
export const teamScope = (ctx: RequestContext): SQL | undefined =>
  seesAllTeams(ctx) ? undefined : eq(teams.classTeacherId, ctx.userId);

// Of the given user ids, those that are not students of the organisation.
export async function notStudents(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, ctx.orgId, [inArray(users.id, ids), withRoleKind(RoleKind.Student)]));
  const students = new Set(rows.map((r) => r.id));
  return new Set(ids.filter((id) => !students.has(id)));
}

export async function isTeacher(db: DbOrTx, ctx: RequestContext, id: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(inOrg(users, ctx.orgId, [eq(users.id, id), withRoleKind(RoleKind.Teacher)]));
  return (row?.n ?? 0) > 0;
}

export const teamResource = createResource({
  ...fromDecl(teamDecl),
  table: teams,
  meta: teamMeta,
  search: [teams.name],
  filters: {
    memberId: (id, ctx) =>
      sql`exists (select 1 from ${teamMembers} m where m.organization_id = ${ctx.orgId} and m.team_id = ${teams.id} and m.user_id = ${id})`,
  },
  sort: {
    default: [desc(teams.gradeYear), asc(teams.name)],
    fields: { name: teams.name, gradeYear: teams.gradeYear, memberCount: teams.memberCount },
  },
  unique: [{ fields: ['name'], label: 'Class' }],
  references: {
    majorId: { table: departments, label: 'major' },
    semesterId: { table: semesters, label: 'semester' },
    classTeacherId: { table: users, label: 'class teacher', labelColumn: 'realName' },
  },
  scope: { read: teamScope, ownOnly: 'classes' },
  children: {
    members: {
      table: teamMembers,
      parent: teamMembers.teamId,
      order: teamMembers.sort,
      label: 'member',
      references: { userId: { table: users, label: 'student', labelColumn: 'userName' } },
      values: (m) => ({ ...m, joinDate: m.joinDate ?? new Date().toISOString().slice(0, 10) }),
    },
  },
  hooks: {
    async validate(input, ctx, _mode, current) {
      // A class teacher may keep their class's members; who leads it is the office's to change.
      if (current && !seesAllTeams(ctx) && input.classTeacherId !== current.classTeacherId) {
        throw invalidParams('classTeacherId', 'cannotChangeRow', { entity: 'class' });
      }
      if (input.classTeacherId && !(await isTeacher(ctx.db, ctx, input.classTeacherId))) {
        throw invalidParams('classTeacherId', 'notATeacher', { name: String(input.classTeacherId) });
      }
      if (input.majorId) {
        const [dep] = await ctx.db
          .select({ type: departments.type })
          .from(departments)
          .where(inOrg(departments, ctx.orgId, [eq(departments.id, input.majorId)]));
        if (dep && dep.type !== DepartmentType.Major) throw invalidParams('majorId', 'notAMajor');
      }
      const seen = new Set<number>();
      for (const [i, m] of input.members.entries()) {
        if (seen.has(m.userId))
          throw invalidParams(`members.${i}.userId`, 'listedTwice', { entity: 'student', id: m.userId });
        seen.add(m.userId);
      }
      const wrong = await notStudents(ctx.db, ctx, [...seen]);
      if (wrong.size) {
        const i = input.members.findIndex((m) => wrong.has(m.userId));
        throw invalidParams(`members.${i}.userId`, 'notAStudent', { name: String(input.members[i].userId) });
      }
      // A class teacher adds only students who are in no class yet (reach.ts).
      if (!seesAllTeams(ctx)) {
        const kept = current ? await membersOf(ctx.db, ctx, Number(current.id)) : new Set<number>();
        const added = [...seen].filter((id) => !kept.has(id));
        const taken = await inOtherClasses(ctx.db, ctx, current ? Number(current.id) : null, added);
        const i = input.members.findIndex((m) => taken.has(m.userId));
        if (i >= 0) {
          const userId = input.members[i].userId;
          throw invalidParams(`members.${i}.userId`, 'inAnotherClass', {
            name: String(userId),
            team: taken.get(userId) ?? '',
          });
        }
      }
    },
    values(input) {
      return { ...input, memberCount: input.members.length, updateTime: new Date() } as Values;
    },
  },
});
