import type { Audit, AuditLine, AuditRequest } from '@lyceum/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { attendanceRateOf } from '../attendance/attendance-rate';
import { completedCourses, coursesByIds } from '../course/course-credits';
import { examPasses } from '../marking/exam-passes';
import { type RecordBrief, recordOf } from '../student-record/student-record.service';
import { tuitionOwed } from '../tuition/tuition-owed';
import { users } from '../user/user.table';
import { graduationRequirements as gr, requirementCourses, requirementExams } from './graduation.table';

// A student's graduation audit: the requirement set that fits their record (degree, then the most
// specific department and cohort), and one line per kind the set checks, each met or with what is
// missing. A what-if assumes courses completed (their credit hours count) and exams passed; it is
// computed the same way and writes nothing. Every figure is read through the owning module's
// service: course completions, exam passes, the attendance rate, tuition still owed.

const round1 = (n: number) => Math.round(n * 10) / 10;
const EPS = 1e-9;

export interface FittingSet {
  id: number;
  name: string;
  minCredits: number;
  minAttendancePct: number | null;
  tuitionCleared: boolean;
  courseIds: number[];
  examIds: number[];
}

// The most specific set of the record's degree: department before none, cohort before none.
export async function fittingSet(db: DbOrTx, orgId: number, rec: RecordBrief): Promise<FittingSet | null> {
  if (!rec.degreeId) return null;
  const [set] = await db
    .select()
    .from(gr)
    .where(
      and(
        eq(gr.organizationId, orgId),
        eq(gr.degreeId, rec.degreeId),
        rec.departmentId ? or(isNull(gr.departmentId), eq(gr.departmentId, rec.departmentId)) : isNull(gr.departmentId),
        rec.cohortYear ? or(isNull(gr.cohortYear), eq(gr.cohortYear, rec.cohortYear)) : isNull(gr.cohortYear),
      ),
    )
    .orderBy(sql`${gr.departmentId} is null`, sql`${gr.cohortYear} is null`, asc(gr.id))
    .limit(1);
  if (!set) return null;
  const [cs, es] = await Promise.all([
    db
      .select({ id: requirementCourses.targetId })
      .from(requirementCourses)
      .where(and(eq(requirementCourses.organizationId, orgId), eq(requirementCourses.ownerId, set.id))),
    db
      .select({ id: requirementExams.targetId })
      .from(requirementExams)
      .where(and(eq(requirementExams.organizationId, orgId), eq(requirementExams.ownerId, set.id))),
  ]);
  return {
    id: set.id,
    name: set.name,
    minCredits: set.minCredits,
    minAttendancePct: set.minAttendancePct,
    tuitionCleared: set.tuitionCleared,
    courseIds: cs.map((c) => Number(c.id)),
    examIds: es.map((e) => Number(e.id)),
  };
}

const line = (kind: AuditLine['kind'], o: Partial<AuditLine> & { met: boolean; required: number }): AuditLine => ({
  kind,
  actual: null,
  short: 0,
  missing: [],
  assumed: [],
  currency: null,
  ...o,
});

async function courseLines(db: DbOrTx, orgId: number, userId: number, set: FittingSet, assume: number[]) {
  const done = await completedCourses(db, orgId, userId);
  const doneIds = new Set(done.map((c) => c.id));
  const assumedRows = (await coursesByIds(db, orgId, assume)).filter((c) => !doneIds.has(c.id));
  if (assumedRows.length !== new Set(assume.filter((id) => !doneIds.has(id))).size) {
    const known = new Set(assumedRows.map((c) => c.id));
    const bad = assume.filter((id) => !doneIds.has(id) && !known.has(id));
    throw invalidParams('assumeCourseIds', 'noSuchReference', { entity: 'course', ids: bad.join(', ') });
  }
  const counted = [...done, ...assumedRows];
  const countedIds = new Set(counted.map((c) => c.id));
  const out: AuditLine[] = [];
  if (set.courseIds.length) {
    const named = await coursesByIds(db, orgId, set.courseIds);
    const missing = named.filter((c) => !countedIds.has(c.id)).map((c) => ({ id: c.id, name: c.title }));
    const assumed = named
      .filter((c) => assumedRows.some((a) => a.id === c.id))
      .map((c) => ({ id: c.id, name: c.title }));
    out.push(
      line('courses', {
        met: !missing.length,
        required: named.length,
        actual: named.length - missing.length,
        short: missing.length,
        missing,
        assumed,
      }),
    );
  }
  if (set.minCredits > 0) {
    const credits = round1(counted.reduce((a, c) => a + c.creditHours, 0));
    out.push(
      line('credits', {
        met: credits + EPS >= set.minCredits,
        required: set.minCredits,
        actual: credits,
        short: round1(Math.max(0, set.minCredits - credits)),
        assumed: assumedRows.filter((c) => c.creditHours > 0).map((c) => ({ id: c.id, name: c.title })),
      }),
    );
  }
  return out;
}

async function examLine(db: DbOrTx, orgId: number, userId: number, set: FittingSet, assume: number[]) {
  const results = await examPasses(db, orgId, userId, [...new Set([...set.examIds, ...assume])]);
  const known = new Set(results.map((r) => r.id));
  const bad = assume.filter((id) => !known.has(id));
  if (bad.length) throw invalidParams('assumeExamIds', 'noSuchReference', { entity: 'exam', ids: bad.join(', ') });
  if (!set.examIds.length) return [];
  const wanted = results.filter((r) => set.examIds.includes(r.id));
  const assumed = wanted.filter((r) => !r.passed && assume.includes(r.id));
  const missing = wanted.filter((r) => !r.passed && !assume.includes(r.id));
  return [
    line('exams', {
      met: !missing.length,
      required: wanted.length,
      actual: wanted.length - missing.length,
      short: missing.length,
      missing: missing.map((r) => ({ id: r.id, name: r.name })),
      assumed: assumed.map((r) => ({ id: r.id, name: r.name })),
    }),
  ];
}

async function attendanceLine(db: DbOrTx, orgId: number, userId: number, min: number | null) {
  if (min === null) return [];
  const { marks, rate } = await attendanceRateOf(db, orgId, userId);
  const pct = marks && rate !== null ? round1(rate * 100) : null;
  const met = pct !== null && pct + EPS >= min;
  return [line('attendance', { met, required: min, actual: pct, short: met ? 0 : round1(min - (pct ?? 0)) })];
}

async function tuitionLine(db: DbOrTx, orgId: number, userId: number, needed: boolean) {
  if (!needed) return [];
  const owed = await tuitionOwed(db, orgId, userId);
  const first = owed[0];
  return [
    line('tuition', {
      met: !owed.length,
      required: 0,
      actual: first?.amount ?? 0,
      short: first?.amount ?? 0,
      currency: first?.currency ?? null,
    }),
  ];
}

// The audit of one student of the organisation (not found when no such user).
export async function auditStudent(db: DbOrTx, orgId: number, userId: number, req: AuditRequest = {}): Promise<Audit> {
  const [who] = await db
    .select({ realName: users.realName, userName: users.userName })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.id, userId)));
  if (!who) throw notFound('Student');
  const assumeCourses = [...new Set(req.assumeCourseIds ?? [])];
  const assumeExams = [...new Set(req.assumeExamIds ?? [])];
  const rec = await recordOf(db, orgId, userId);
  const base = {
    studentId: userId,
    realName: who.realName,
    userName: who.userName,
    studentNo: rec?.studentNo ?? null,
    status: rec?.status ?? null,
    degreeId: rec?.degreeId ?? null,
    departmentId: rec?.departmentId ?? null,
    cohortYear: rec?.cohortYear ?? null,
    whatIf: assumeCourses.length > 0 || assumeExams.length > 0,
    checkedAt: clock.date().toISOString(),
  };
  const set = rec ? await fittingSet(db, orgId, rec) : null;
  if (!rec || !set) {
    return { ...base, requirement: null, gap: rec ? 'noRequirement' : 'noRecord', eligible: false, lines: [] };
  }
  const lines = [
    ...(await courseLines(db, orgId, userId, set, assumeCourses)),
    ...(await examLine(db, orgId, userId, set, assumeExams)),
    ...(await attendanceLine(db, orgId, userId, set.minAttendancePct)),
    ...(await tuitionLine(db, orgId, userId, set.tuitionCleared)),
  ];
  return {
    ...base,
    requirement: { id: set.id, name: set.name },
    gap: null,
    eligible: lines.every((l) => l.met),
    lines,
  };
}

// Audits of several students (a batch's), one after another on the caller's connection.
export async function auditMany(db: DbOrTx, orgId: number, userIds: number[]): Promise<Map<number, Audit>> {
  const out = new Map<number, Audit>();
  for (const id of userIds) out.set(id, await auditStudent(db, orgId, id));
  return out;
}
