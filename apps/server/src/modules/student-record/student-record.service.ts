import { type DuplicateReason, StudentStatus } from '@lyceum/contract';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { users } from '../user/user.table';
import { recordPersonEvent } from './person-events';
import { guardians, studentGuardians, studentRecords } from './student-record.table';

// The student record's service: what admissions (H1) and graduation (H3) call, and the record routes.

export interface RecordMatch {
  userId: number;
  realName: string;
  studentNo: string;
  reason: DuplicateReason;
}

// Phone numbers compared as digits (and a leading +), so "138 0000-0000" and "13800000000" match.
export const normalPhone = (phone: string) => phone.replace(/[^\d+]/g, '');

// Students already in the school that an applicant may be: the same ID number, the same name and
// birth date, or a guardian with the same phone. One row per student and reason.
export async function findRecordMatches(
  db: DbOrTx,
  orgId: number,
  who: { idNumber?: string | null; realName?: string; birthDate?: string | null; guardianPhones?: string[] },
): Promise<RecordMatch[]> {
  const base = {
    userId: studentRecords.userId,
    realName: users.realName,
    studentNo: studentRecords.studentNo,
  };
  const from = () =>
    db
      .select(base)
      .from(studentRecords)
      .innerJoin(
        users,
        and(eq(users.organizationId, studentRecords.organizationId), eq(users.id, studentRecords.userId)),
      );
  const out: RecordMatch[] = [];
  const idNumber = who.idNumber?.trim();
  if (idNumber) {
    const rows = await from()
      .where(and(eq(studentRecords.organizationId, orgId), sql`upper(${studentRecords.idNumber}) = upper(${idNumber})`))
      .limit(20);
    out.push(...rows.map((r) => ({ ...r, reason: 'idNumber' as const })));
  }
  const name = who.realName?.trim();
  if (name && who.birthDate) {
    const rows = await from()
      .where(
        and(
          eq(studentRecords.organizationId, orgId),
          eq(studentRecords.birthDate, who.birthDate),
          sql`lower(${users.realName}) = lower(${name})`,
        ),
      )
      .limit(20);
    out.push(...rows.map((r) => ({ ...r, reason: 'nameBirthDate' as const })));
  }
  const phones = [...new Set((who.guardianPhones ?? []).map(normalPhone).filter((p) => p.length >= 5))];
  if (phones.length) {
    const rows = await from()
      .innerJoin(
        studentGuardians,
        and(
          eq(studentGuardians.organizationId, studentRecords.organizationId),
          eq(studentGuardians.userId, studentRecords.userId),
        ),
      )
      .innerJoin(
        guardians,
        and(
          eq(guardians.organizationId, studentGuardians.organizationId),
          eq(guardians.id, studentGuardians.guardianId),
        ),
      )
      .where(and(eq(studentRecords.organizationId, orgId), inArray(guardians.phone, phones)))
      .limit(20);
    out.push(...rows.map((r) => ({ ...r, reason: 'guardianPhone' as const })));
  }
  const seen = new Set<string>();
  return out.filter((m) => {
    const key = `${m.userId}:${m.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface GuardianInput {
  name: string;
  phone: string;
  relation: string;
  email?: string | null;
}

export interface StudentRecordInput {
  userId: number;
  studentNo?: string | null;
  cohortYear?: number | null;
  degreeId?: number | null;
  departmentId?: number | null;
  idNumber?: string | null;
  birthDate?: string | null;
  priorSchool?: string | null;
  enrolDate?: string | null;
  guardians: GuardianInput[];
  applicationId?: number | null;
  documentFileIds?: number[];
}

export interface CreatedRecord {
  recordId: number;
  studentNo: string;
  guardianIds: number[];
  // The guardians that existed already (matched by phone) and were linked, not made.
  linkedGuardianIds: number[];
}

// The next free student number of a cohort: the year and four digits (20260001). Numbers are made
// one at a time per organisation (a transaction-scoped advisory lock), so two enrolments never race.
async function nextStudentNo(tx: DbOrTx, orgId: number, cohortYear: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('student_no'), ${orgId}::int)`);
  const prefix = String(cohortYear);
  const [row] = await tx
    .select({
      top: sql<string | null>`max(${studentRecords.studentNo})`,
    })
    .from(studentRecords)
    .where(and(eq(studentRecords.organizationId, orgId), sql`${studentRecords.studentNo} ~ ${`^${prefix}[0-9]{4}$`}`));
  const last = row?.top ? Number(row.top.slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(4, '0')}`;
}

// Links guardians to a student: an existing guardian (same phone in the organisation) is linked, not
// duplicated; a new one is made. Answers the ids in input order and which of them existed.
export async function linkGuardians(
  tx: DbOrTx,
  orgId: number,
  userId: number,
  list: GuardianInput[],
): Promise<{ guardianIds: number[]; linkedGuardianIds: number[] }> {
  const guardianIds: number[] = [];
  const linkedGuardianIds: number[] = [];
  for (const [i, g] of list.entries()) {
    const phone = normalPhone(g.phone);
    const [made] = await tx
      .insert(guardians)
      .values({ organizationId: orgId, name: g.name.trim(), phone, email: g.email ?? null })
      .onConflictDoNothing({ target: [guardians.organizationId, guardians.phone] })
      .returning({ id: guardians.id });
    let id = made?.id;
    if (id === undefined) {
      const [found] = await tx
        .select({ id: guardians.id })
        .from(guardians)
        .where(and(eq(guardians.organizationId, orgId), eq(guardians.phone, phone)));
      id = found!.id;
      linkedGuardianIds.push(id);
    }
    guardianIds.push(id);
    await tx
      .insert(studentGuardians)
      .values({ organizationId: orgId, userId, guardianId: id, relation: g.relation.trim(), sort: i })
      .onConflictDoNothing({
        target: [studentGuardians.organizationId, studentGuardians.userId, studentGuardians.guardianId],
      });
  }
  return { guardianIds, linkedGuardianIds };
}

// Makes a student's record (one per user): the student number given or the next of the cohort, the
// guardians matched by phone, and an 'enrolled' entry on the timeline. A second call for the same
// user answers the record already made (its guardians linked again, nothing duplicated).
export async function createStudentRecord(
  tx: DbOrTx,
  orgId: number,
  input: StudentRecordInput,
  actorId: number | null,
): Promise<CreatedRecord> {
  const cohortYear = input.cohortYear ?? null;
  const studentNo =
    input.studentNo?.trim() || (await nextStudentNo(tx, orgId, cohortYear ?? clock.date().getUTCFullYear()));
  const [made] = await tx
    .insert(studentRecords)
    .values({
      organizationId: orgId,
      userId: input.userId,
      studentNo,
      status: StudentStatus.Enrolled,
      cohortYear,
      degreeId: input.degreeId ?? null,
      departmentId: input.departmentId ?? null,
      enrolDate: input.enrolDate ?? clock.date().toISOString().slice(0, 10),
      idNumber: input.idNumber?.trim() || null,
      birthDate: input.birthDate ?? null,
      priorSchool: input.priorSchool?.trim() || null,
      documentFileIds: input.documentFileIds ?? [],
      applicationId: input.applicationId ?? null,
    })
    .onConflictDoNothing({ target: [studentRecords.organizationId, studentRecords.userId] })
    .returning({ id: studentRecords.id, studentNo: studentRecords.studentNo });
  const record =
    made ??
    (
      await tx
        .select({ id: studentRecords.id, studentNo: studentRecords.studentNo })
        .from(studentRecords)
        .where(and(eq(studentRecords.organizationId, orgId), eq(studentRecords.userId, input.userId)))
    )[0]!;
  const links = await linkGuardians(tx, orgId, input.userId, input.guardians);
  if (made) {
    await recordPersonEvent(tx, orgId, {
      userId: input.userId,
      applicationId: input.applicationId ?? null,
      kind: 'enrolled',
      refType: input.applicationId ? 'application' : 'studentRecord',
      refId: input.applicationId ?? made.id,
      detail: { studentNo: record.studentNo },
      actorId,
    });
  }
  return { recordId: record.id, studentNo: record.studentNo, ...links };
}

// Graduation conferred (H3): the records of these students become graduated, in the caller's
// transaction, with a timeline entry each. Students without a record, or already graduated, are left.
export async function markGraduated(
  tx: DbOrTx,
  orgId: number,
  userIds: number[],
  actorId: number | null,
  note: string,
): Promise<void> {
  if (!userIds.length) return;
  const changed = await tx
    .update(studentRecords)
    .set({ status: StudentStatus.Graduated, updateTime: new Date() })
    .where(
      and(
        eq(studentRecords.organizationId, orgId),
        inArray(studentRecords.userId, userIds),
        ne(studentRecords.status, StudentStatus.Graduated),
      ),
    )
    .returning({ id: studentRecords.id, userId: studentRecords.userId });
  for (const r of changed) {
    await recordPersonEvent(tx, orgId, {
      userId: r.userId,
      kind: 'graduated',
      refType: 'studentRecord',
      refId: r.id,
      detail: { note },
      actorId,
    });
  }
}

export interface RecordBrief {
  recordId: number;
  userId: number;
  studentNo: string;
  status: StudentStatus;
  cohortYear: number | null;
  degreeId: number | null;
  departmentId: number | null;
  enrolDate: string | null;
}

// A student's record in brief (H3's audit, the status changes): null when they have none.
export async function recordOf(db: DbOrTx, orgId: number, userId: number): Promise<RecordBrief | null> {
  const [row] = await db
    .select({
      recordId: studentRecords.id,
      userId: studentRecords.userId,
      studentNo: studentRecords.studentNo,
      status: studentRecords.status,
      cohortYear: studentRecords.cohortYear,
      degreeId: studentRecords.degreeId,
      departmentId: studentRecords.departmentId,
      enrolDate: studentRecords.enrolDate,
    })
    .from(studentRecords)
    .where(and(eq(studentRecords.organizationId, orgId), eq(studentRecords.userId, userId)));
  return row ? { ...row, status: row.status as StudentStatus } : null;
}

// The records of several students at once (a batch's cohort, a class).
export async function recordsOf(db: DbOrTx, orgId: number, userIds: number[]): Promise<Map<number, RecordBrief>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({
      recordId: studentRecords.id,
      userId: studentRecords.userId,
      studentNo: studentRecords.studentNo,
      status: studentRecords.status,
      cohortYear: studentRecords.cohortYear,
      degreeId: studentRecords.degreeId,
      departmentId: studentRecords.departmentId,
      enrolDate: studentRecords.enrolDate,
    })
    .from(studentRecords)
    .where(
      and(
        eq(studentRecords.organizationId, orgId),
        inArray(studentRecords.userId, userIds),
        isNotNull(studentRecords.studentNo),
      ),
    );
  return new Map(rows.map((r) => [r.userId, { ...r, status: r.status as StudentStatus }]));
}

// The enrolled students of a degree's cohort (graduation adds them to a batch), by user id.
export async function studentsOfCohort(
  db: DbOrTx,
  orgId: number,
  q: { degreeId: number; cohortYear: number },
): Promise<number[]> {
  const rows = await db
    .select({ userId: studentRecords.userId })
    .from(studentRecords)
    .where(
      and(
        eq(studentRecords.organizationId, orgId),
        eq(studentRecords.degreeId, q.degreeId),
        eq(studentRecords.cohortYear, q.cohortYear),
        eq(studentRecords.status, StudentStatus.Enrolled),
      ),
    )
    .orderBy(studentRecords.userId);
  return rows.map((r) => r.userId);
}
