import { ApplicationStatus, type Enrolled, RoleKind, type zEnrolInput } from '@lyceum/contract';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { hashPassword, randomPassword } from '../../platform/crypto';
import type { Tx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { roles } from '../role/role.table';
import { claimApplicantEvents } from '../student-record/person-events';
import { createStudentRecord } from '../student-record/student-record.service';
import { teamMembers, teams } from '../team/team.table';
import { withRoleKind } from '../user/user.service';
import { userRoles, users } from '../user/user.table';
import { admissionRounds, applicationDocuments, applications } from './admission.table';
import { appendEvent } from './application-steps';

// Enrolment turns an accepted application into a student without retyping: the account (new, or an
// existing student's that staff picked among the matches), the class, the student record with the
// guardians (matched by phone), and the applicant's timeline. The application is held for the whole
// transaction, so of parallel calls one enrols and the others find it enrolled.

// A new account: the org's student role, a password answered once.
async function newStudentAccount(tx: Tx, orgId: number, app: typeof applications.$inferSelect, userName: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [eq(sql`lower(${users.userName})`, userName.toLowerCase())]));
  if (taken) throw invalidParams('userName', 'unique', { label: 'User name', value: userName });
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(inOrg(roles, orgId, [eq(roles.kind, RoleKind.Student)]))
    .orderBy(asc(roles.id))
    .limit(1);
  if (!role) throw invalidParams('linkUserId', 'required');
  const password = randomPassword(12);
  const [user] = await tx
    .insert(users)
    .values({
      organizationId: orgId,
      userName,
      realName: app.realName,
      passwordHash: await hashPassword(password),
      sex: app.sex,
      phone: app.phone,
      email: app.email,
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ organizationId: orgId, userId: user!.id, roleId: role.id });
  return { userId: user!.id, password };
}

// Joins the class (once) and writes its member count again, the class held.
async function joinClass(tx: Tx, orgId: number, teamId: number, userId: number): Promise<void> {
  const [team] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(inOrg(teams, orgId, [eq(teams.id, teamId)]))
    .for('update');
  if (!team) throw invalidParams('teamId', 'noSuchReference', { entity: 'class', ids: String(teamId) });
  const inTeam = inOrg(teamMembers, orgId, [eq(teamMembers.teamId, teamId)]);
  const [last] = await tx
    .select({ sort: sql<number>`coalesce(max(${teamMembers.sort}), -1)`.mapWith(Number) })
    .from(teamMembers)
    .where(inTeam);
  await tx
    .insert(teamMembers)
    .values({
      organizationId: orgId,
      teamId,
      userId,
      joinDate: clock.date().toISOString().slice(0, 10),
      sort: (last?.sort ?? -1) + 1,
    })
    .onConflictDoNothing();
  const [n] = await tx.select({ n: count() }).from(teamMembers).where(inTeam);
  await tx
    .update(teams)
    .set({ memberCount: n?.n ?? 0, updateTime: clock.date() })
    .where(inOrg(teams, orgId, [eq(teams.id, teamId)]));
}

export async function enrolApplicant(
  ctx: RequestContext,
  id: number,
  input: z.output<typeof zEnrolInput>,
): Promise<Enrolled> {
  const orgId = ctx.orgId;
  return ctx.db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(applications)
      .where(inOrg(applications, orgId, [eq(applications.id, id)]))
      .for('update');
    if (!app) throw notFound('Application');
    if (app.status !== ApplicationStatus.Accepted) throw invalidParams('status', 'applicationNotAccepted');
    const [round] = await tx
      .select()
      .from(admissionRounds)
      .where(inOrg(admissionRounds, orgId, [eq(admissionRounds.id, app.roundId)]));
    let userId: number;
    let userName: string;
    let initialPassword: string | null = null;
    let provisional = false;
    if (input.linkUserId) {
      const [student] = await tx
        .select({ id: users.id, userName: users.userName, student: sql<boolean>`${withRoleKind(RoleKind.Student)}` })
        .from(users)
        .where(inOrg(users, orgId, [eq(users.id, input.linkUserId)]));
      if (!student)
        throw invalidParams('linkUserId', 'noSuchReference', { entity: 'user', ids: String(input.linkUserId) });
      if (!student.student) throw invalidParams('linkUserId', 'notAStudent', { name: student.userName });
      userId = student.id;
      userName = student.userName;
    } else {
      // Without a chosen name the account is named after the student number once the record has one.
      userName = input.userName ?? input.studentNo ?? `applicant-${app.id}`;
      provisional = !input.userName && !input.studentNo;
      const made = await newStudentAccount(tx, orgId, app, userName);
      userId = made.userId;
      initialPassword = made.password;
    }
    const teamId = input.teamId ?? round?.teamId ?? null;
    if (teamId) await joinClass(tx, orgId, teamId, userId);
    const docs = await tx
      .select({ fileId: applicationDocuments.fileId })
      .from(applicationDocuments)
      .where(
        inOrg(applicationDocuments, orgId, [
          eq(applicationDocuments.applicationId, app.id),
          isNotNull(applicationDocuments.fileId),
        ]),
      );
    const record = await createStudentRecord(
      tx,
      orgId,
      {
        userId,
        studentNo: input.studentNo ?? null,
        degreeId: round?.degreeId ?? null,
        departmentId: round?.departmentId ?? null,
        idNumber: app.idNumber,
        birthDate: app.birthDate,
        priorSchool: app.priorSchool,
        guardians: app.guardians as { name: string; phone: string; relation: string }[],
        applicationId: app.id,
        documentFileIds: docs.map((d) => d.fileId as number),
      },
      ctx.userId,
    );
    if (provisional) {
      const [clash] = await tx
        .select({ id: users.id })
        .from(users)
        .where(inOrg(users, orgId, [eq(sql`lower(${users.userName})`, record.studentNo.toLowerCase())]));
      if (!clash) {
        userName = record.studentNo;
        await tx
          .update(users)
          .set({ userName })
          .where(and(eq(users.organizationId, orgId), eq(users.id, userId)));
      }
    }
    await claimApplicantEvents(tx, orgId, app.id, userId);
    await tx
      .update(applications)
      .set({ status: ApplicationStatus.Enrolled, userId, updateTime: clock.date() })
      .where(inOrg(applications, orgId, [eq(applications.id, app.id)]));
    await appendEvent(tx, orgId, app, ApplicationStatus.Enrolled, ctx.userId, null);
    return {
      userId,
      userName,
      studentNo: record.studentNo,
      recordId: record.recordId,
      initialPassword,
      teamId,
      linkedGuardianIds: record.linkedGuardianIds,
    };
  });
}
