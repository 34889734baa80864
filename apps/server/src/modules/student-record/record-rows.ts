import type { RecordGuardian } from '@lyceum/contract';
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { likePattern, type Values } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { departments } from '../department/department.table';
import { degrees } from '../education/education.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { guardians, statusChanges, studentGuardians, studentRecords } from './student-record.table';

// Records and status changes as lists show them: names beside the ids, guardians beside a record.

const idsOf = (rows: Values[], key: string) => [
  ...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number')),
];

async function namesOf(db: DbOrTx, orgId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { userName: string; realName: string }>();
  const rows = await db
    .select({ id: users.id, userName: users.userName, realName: users.realName })
    .from(users)
    .where(inOrg(users, orgId, [inArray(users.id, ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

// Each student's guardians, with the other students each guardian is linked to (siblings).
export async function guardiansOf(
  db: DbOrTx,
  orgId: number,
  userIds: number[],
): Promise<Map<number, RecordGuardian[]>> {
  const out = new Map<number, RecordGuardian[]>();
  if (!userIds.length) return out;
  const links = await db
    .select({
      userId: studentGuardians.userId,
      guardianId: guardians.id,
      name: guardians.name,
      phone: guardians.phone,
      email: guardians.email,
      relation: studentGuardians.relation,
    })
    .from(studentGuardians)
    .innerJoin(guardians, sameOrg(guardians, studentGuardians, [eq(guardians.id, studentGuardians.guardianId)]))
    .where(inOrg(studentGuardians, orgId, [inArray(studentGuardians.userId, userIds)]))
    .orderBy(asc(studentGuardians.sort), asc(studentGuardians.id));
  const gIds = [...new Set(links.map((l) => l.guardianId))];
  const others = gIds.length
    ? await db
        .select({ guardianId: studentGuardians.guardianId, userId: studentGuardians.userId, realName: users.realName })
        .from(studentGuardians)
        .innerJoin(users, sameOrg(users, studentGuardians, [eq(users.id, studentGuardians.userId)]))
        .where(inOrg(studentGuardians, orgId, [inArray(studentGuardians.guardianId, gIds)]))
    : [];
  for (const l of links) {
    const siblings = others
      .filter((o) => o.guardianId === l.guardianId && o.userId !== l.userId)
      .map((o) => o.realName);
    const list = out.get(l.userId) ?? [];
    list.push({ ...l, siblings });
    out.set(l.userId, list);
  }
  return out;
}

export async function decorateRecords(rows: Values[], ctx: RequestContext, db: DbOrTx = ctx.db): Promise<Values[]> {
  if (!rows.length) return rows;
  const userIds = idsOf(rows, 'userId');
  const degreeIds = idsOf(rows, 'degreeId');
  const departmentIds = idsOf(rows, 'departmentId');
  const people = await namesOf(db, ctx.orgId, userIds);
  const degreeRows = degreeIds.length
    ? await db
        .select({ id: degrees.id, name: degrees.name })
        .from(degrees)
        .where(inOrg(degrees, ctx.orgId, [inArray(degrees.id, degreeIds)]))
    : [];
  const departmentRows = departmentIds.length
    ? await db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(inOrg(departments, ctx.orgId, [inArray(departments.id, departmentIds)]))
    : [];
  const degreeName = new Map(degreeRows.map((d) => [d.id, d.name]));
  const departmentName = new Map(departmentRows.map((d) => [d.id, d.name]));
  const kin = await guardiansOf(db, ctx.orgId, userIds);
  return rows.map((r) => ({
    ...r,
    userName: people.get(Number(r.userId))?.userName ?? '',
    realName: people.get(Number(r.userId))?.realName ?? '',
    degreeName: degreeName.get(Number(r.degreeId)) ?? null,
    departmentName: departmentName.get(Number(r.departmentId)) ?? null,
    guardians: kin.get(Number(r.userId)) ?? [],
  }));
}

// The records list's keyword: the student number, or the student's names.
export function recordKeyword(value: string): SQL | undefined {
  const like = likePattern(value);
  const person = sql`exists (select 1 from ${users} where ${users.organizationId} = ${studentRecords.organizationId}
    and ${users.id} = ${studentRecords.userId} and (${users.userName} ilike ${like} or ${users.realName} ilike ${like}))`;
  return or(ilike(studentRecords.studentNo, like), person);
}

// The students of a class.
export function inTeam(teamId: number): SQL {
  return sql`exists (select 1 from ${teamMembers} where ${teamMembers.organizationId} = ${studentRecords.organizationId}
    and ${teamMembers.userId} = ${studentRecords.userId} and ${teamMembers.teamId} = ${teamId})`;
}

export function changeKeyword(value: string): SQL | undefined {
  const like = likePattern(value);
  return sql`exists (select 1 from ${users} where ${users.organizationId} = ${statusChanges.organizationId}
    and ${users.id} = ${statusChanges.userId} and (${users.userName} ilike ${like} or ${users.realName} ilike ${like}))`;
}

export async function decorateChanges(rows: Values[], ctx: RequestContext, db: DbOrTx = ctx.db): Promise<Values[]> {
  if (!rows.length) return rows;
  const people = await namesOf(db, ctx.orgId, [
    ...new Set([...idsOf(rows, 'userId'), ...idsOf(rows, 'requestedBy'), ...idsOf(rows, 'decidedBy')]),
  ]);
  const userIds = idsOf(rows, 'userId');
  const numbers = await db
    .select({ userId: studentRecords.userId, studentNo: studentRecords.studentNo })
    .from(studentRecords)
    .where(inOrg(studentRecords, ctx.orgId, [inArray(studentRecords.userId, userIds)]));
  const no = new Map(numbers.map((n) => [n.userId, n.studentNo]));
  const teamIds = idsOf(rows, 'toTeamId');
  const teamRows = teamIds.length
    ? await db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(inOrg(teams, ctx.orgId, [inArray(teams.id, teamIds)]))
    : [];
  const teamName = new Map(teamRows.map((t) => [t.id, t.name]));
  const name = (id: unknown) => (typeof id === 'number' ? (people.get(id)?.realName ?? null) : null);
  return rows.map((r) => ({
    ...r,
    realName: name(r.userId) ?? '',
    studentNo: no.get(Number(r.userId)) ?? null,
    toTeamName: teamName.get(Number(r.toTeamId)) ?? null,
    requestedByName: name(r.requestedBy),
    decidedByName: name(r.decidedBy),
  }));
}

// Whether a student number is held by someone else (an edit's check, before the unique key would).
export async function studentNoTaken(db: DbOrTx, orgId: number, studentNo: string, userId: number): Promise<boolean> {
  const [hit] = await db
    .select({ id: studentRecords.id })
    .from(studentRecords)
    .where(
      and(
        eq(studentRecords.organizationId, orgId),
        sql`lower(${studentRecords.studentNo}) = lower(${studentNo})`,
        ne(studentRecords.userId, userId),
      ),
    );
  return Boolean(hit);
}
