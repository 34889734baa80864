import {
  type Audit,
  type BatchStudents,
  type DegreeAward,
  DegreeAwardStatus,
  type GraduationBatch,
  GraduationBatchStatus,
  GraduationDecision,
  type GraduationRequirement,
  type Page,
  StudentStatus,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../src/modules/certificate/certificate.table';
import { personEvents } from '../src/modules/student-record/person-events.table';
import { recordOf } from '../src/modules/student-record/student-record.service';
import { logins, userIds } from './exam-fixture';
import { enrolment, examWithScores, makeCourse, makeDegree, makeRecord } from './graduation-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { call, collect, issuedInvoices, makeStructure } from './tuition-fixture';

// Graduation and degrees (issue 34) on one app: requirement sets, the audit (what is missing, then
// met once a course is completed and the fee paid; the student's what-if), a batch from draft to
// conferred (its students added by cohort, decided in bulk, conferred once under parallel calls),
// awards with numbers and certificates, revocation (the certificate verifies as revoked), and who
// may do what.

let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
let orgId: number;
let degreeId: number;
let courseA: number;
let courseB: number;
let examId: number;
let invoiceId: number;
let requirement: GraduationRequirement;
let batch: GraduationBatch;

beforeAll(async () => {
  t = await createTestApp();
  orgId = t.ids.demo.orgId;
  tok = await logins(t, ['academic', 'teacher', 'student', 's2026001', 's2026002']);
  tok.north = await t.login('north', 'admin');
  id = await userIds(t, ['student', 's2026001', 's2026002']);
  degreeId = await makeDegree(t, tok.academic!, 'Bachelor of Arts');
  // student and s2026001 study for the degree (cohort 2022); s2026002 has no record.
  await makeRecord(t, orgId, id.student!, degreeId, 2022);
  await makeRecord(t, orgId, id.s2026001!, degreeId, 2022);
  courseA = await makeCourse(t, orgId, 'Rhetoric', 6);
  courseB = await makeCourse(t, orgId, 'Logic', 6);
  await enrolment(t, orgId, courseA, id.student!, true);
  await enrolment(t, orgId, courseB, id.student!, false);
  examId = await examWithScores(t, tok.academic!, orgId, { [id.student!]: 8, [id.s2026001!]: 3 });
  const structure = await makeStructure(t, tok.academic!, { name: 'Graduation fees' });
  [invoiceId] = await issuedInvoices(t, tok.academic!, structure.id, [id.student!]);
});
afterAll(async () => {
  await t.close();
});

const as = <T>(who: string, url: string, body: unknown = {}) => call<T>(t, tok[who]!, url, body);
const audit = async (studentId: number, body: object = {}) =>
  ok(await as<Audit>('academic', `/api/graduation/audit/${studentId}`, body));
const lineOf = (a: Audit, kind: string) => a.lines.find((l) => l.kind === kind)!;

describe('requirement sets', () => {
  it('are written with graduation:manage, one per degree, department and cohort, checked field by field', async () => {
    const body = {
      name: 'BA class of 2022',
      degreeId,
      cohortYear: 2022,
      requiredCourseIds: [courseA, courseB],
      minCredits: 12,
      requiredExamIds: [examId],
      tuitionCleared: true,
    };
    requirement = ok(await as<GraduationRequirement>('academic', '/api/graduationRequirement/create', body));
    expect(requirement).toMatchObject({ minCredits: 12, departmentId: null, minAttendancePct: null });
    expect(requirement.requiredCourseIds.sort()).toEqual([courseA, courseB].sort());
    // Any cohort of the degree: less specific, so the cohort's own set wins in the audit.
    ok(await as('academic', '/api/graduationRequirement/create', { name: 'BA, any cohort', degreeId, minCredits: 1 }));
    const dup = await as('academic', '/api/graduationRequirement/create', { ...body, name: 'Another' });
    expect(dup.code, dup.message).toBe(501);
    const bad = await as('academic', '/api/graduationRequirement/create', { ...body, minAttendancePct: 101 });
    refused(bad, 'tooBig', 'minAttendancePct');
    const ghost = await as('academic', '/api/graduationRequirement/create', {
      ...body,
      name: 'Ghost',
      cohortYear: 2030,
      requiredCourseIds: [987_654],
    });
    expect(ghost.code, ghost.message).toBe(501);
    expect((await as('teacher', '/api/graduationRequirement/create', { ...body, name: 'No' })).code).toBe(403);
    expect((await as('student', '/api/graduationRequirement/page', { pageIndex: 1, pageSize: 5 })).code).toBe(403);
  });
});

describe('the audit', () => {
  it('lists what is missing: a course, credit hours short, the exam not passed, the fee owed', async () => {
    const a = await audit(id.student!);
    expect(a).toMatchObject({ requirement: { id: requirement.id }, gap: null, eligible: false, cohortYear: 2022 });
    expect(lineOf(a, 'courses')).toMatchObject({ met: false, required: 2, actual: 1, missing: [{ id: courseB }] });
    expect(lineOf(a, 'credits')).toMatchObject({ met: false, required: 12, actual: 6, short: 6 });
    expect(lineOf(a, 'exams')).toMatchObject({ met: true, missing: [] });
    expect(lineOf(a, 'tuition')).toMatchObject({ met: false, actual: 850_001, currency: 'CNY' });
    const b = await audit(id.s2026001!);
    expect(lineOf(b, 'exams').missing.map((m) => m.id)).toEqual([examId]);
    expect(lineOf(b, 'courses').missing).toHaveLength(2);
    expect(lineOf(b, 'tuition')).toMatchObject({ met: true, actual: 0 });
    expect((await audit(id.s2026002!)).gap).toBe('noRecord');
  });

  it('shows the same lines met once the course is completed and the fee paid', async () => {
    await enrolment(t, orgId, courseB, id.student!, true);
    ok(await collect(t, tok.academic!, invoiceId, 850_001));
    const a = await audit(id.student!);
    expect(a.lines.map((l) => [l.kind, l.met])).toEqual([
      ['courses', true],
      ['credits', true],
      ['exams', true],
      ['tuition', true],
    ]);
    expect(lineOf(a, 'credits')).toMatchObject({ actual: 12, short: 0 });
    expect(a.eligible).toBe(true);
  });

  it('lets a student see their own, with a what-if, and nobody else’s', async () => {
    const mine = ok(await as<Audit>('s2026001', '/api/graduation/myAudit'));
    expect(mine).toMatchObject({ studentId: id.s2026001, eligible: false, whatIf: false });
    const ifDone = ok(
      await as<Audit>('s2026001', '/api/graduation/myAudit', {
        assumeCourseIds: [courseA, courseB],
        assumeExamIds: [examId],
      }),
    );
    expect(ifDone).toMatchObject({ eligible: true, whatIf: true });
    expect(lineOf(ifDone, 'courses').assumed).toHaveLength(2);
    expect(lineOf(ifDone, 'exams').assumed.map((x) => x.id)).toEqual([examId]);
    refused(
      await as('s2026001', '/api/graduation/myAudit', { assumeCourseIds: [987_654] }),
      'noSuchReference',
      'assumeCourseIds',
    );
    expect((await as('s2026001', `/api/graduation/audit/${id.student}`)).code).toBe(403);
    expect((await as('teacher', `/api/graduation/audit/${id.student}`)).code).toBe(403);
    // Another school's administrator does not find this school's student.
    expect((await as('north', `/api/graduation/audit/${id.student}`)).code).toBe(500);
    refused(await as('academic', '/api/graduation/audit/abc'), 'invalidFormat', 'id');
  });
});

describe('batches', () => {
  const batchUrl = (verb: string) => `/api/graduation/${verb}/${batch.id}`;
  const action = (who: string, verb: string, body: object = {}) =>
    as<GraduationBatch>(who, `/api/graduationBatch/${verb}/${batch.id}`, body);

  it('take the cohort’s students with their audits, decided in bulk under review', async () => {
    batch = ok(
      await as<GraduationBatch>('academic', '/api/graduationBatch/create', {
        name: 'Class of 2026',
        degreeId,
        cohortYear: 2022,
      }),
    );
    expect(batch.status).toBe(GraduationBatchStatus.Draft);
    refused(await action('academic', 'submit'), 'batchEmpty');
    ok(await as('academic', batchUrl('addStudents'), { cohort: true }));
    expect(ok(await as('academic', batchUrl('addStudents'), { cohort: true }))).toEqual({ added: 0, skipped: 2 });
    refused(await as('academic', batchUrl('addStudents'), { userIds: [id.s2026002] }), 'noDegreeRecord', 'userIds');
    const list = ok(await as<BatchStudents>('academic', batchUrl('students'))).list;
    expect(list.map((s) => [s.userId, s.eligible])).toEqual(
      expect.arrayContaining([
        [id.student, true],
        [id.s2026001, false],
      ]),
    );
    expect(list.find((s) => s.userId === id.s2026001)?.audit?.lines.length).toBe(4);
    refused(
      await as('academic', batchUrl('decide'), { userIds: [id.student], decision: GraduationDecision.Approved }),
      'batchLocked',
    );
    expect(ok(await action('academic', 'submit')).status).toBe(GraduationBatchStatus.Reviewing);
    const approveAll = { userIds: [id.student, id.s2026001], decision: GraduationDecision.Approved };
    refused(await as('academic', batchUrl('decide'), approveAll), 'unmetNeedsNote', 'note');
    refused(
      await as('academic', batchUrl('decide'), { ...approveAll, userIds: [id.s2026002] }),
      'notInBatch',
      'userIds',
    );
    refused(await action('academic', 'approveBatch'), 'batchUndecided');
    ok(await as('academic', batchUrl('decide'), { userIds: [id.student], decision: GraduationDecision.Approved }));
    ok(
      await as('academic', batchUrl('decide'), {
        userIds: [id.s2026001],
        decision: GraduationDecision.Deferred,
        note: 'Two courses and the final exam to go',
      }),
    );
    expect((await as('teacher', batchUrl('decide'), approveAll)).code).toBe(403);
    expect((await as('north', batchUrl('students'))).code).toBe(500);
    const approved = ok(await action('academic', 'approveBatch'));
    expect(approved).toMatchObject({ status: GraduationBatchStatus.Approved, approved: 1, deferred: 1, pending: 0 });
    refused(await as('academic', batchUrl('addStudents'), { cohort: true }), 'batchLocked');
  });

  it('confers once under parallel calls: an award with its number and certificate, the record graduated', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => action('academic', 'confer')));
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 501)).toHaveLength(9);
    const awards = ok(
      await as<Page<DegreeAward>>('academic', '/api/degreeAward/page', {
        pageIndex: 1,
        pageSize: 10,
        batchId: batch.id,
      }),
    ).list;
    expect(awards).toHaveLength(1);
    const [award] = awards;
    expect(award).toMatchObject({
      userId: id.student,
      status: DegreeAwardStatus.Awarded,
      degreeName: 'Bachelor of Arts',
    });
    expect(award!.certificateNo).toMatch(/^DEG-\d{4}-000001$/);
    expect(award!.certificateCode).toBeTruthy();
    expect((await recordOf(t.database.db, orgId, id.student!))?.status).toBe(StudentStatus.Graduated);
    expect((await recordOf(t.database.db, orgId, id.s2026001!))?.status).toBe(StudentStatus.Enrolled);
    const events = await t.database.db
      .select({ kind: personEvents.kind })
      .from(personEvents)
      .where(and(eq(personEvents.userId, id.student!), eq(personEvents.refType, 'degreeAward')));
    expect(events.map((e) => e.kind)).toEqual(['degreeAwarded']);
    const list = ok(await as<BatchStudents>('academic', batchUrl('students'))).list;
    expect(list.find((s) => s.userId === id.student)?.certificateNo).toBe(award!.certificateNo);
  });

  it('revokes an award with a reason, and its certificate verifies as revoked', async () => {
    const [award] = ok(
      await as<Page<DegreeAward>>('academic', '/api/degreeAward/page', {
        pageIndex: 1,
        pageSize: 10,
        batchId: batch.id,
      }),
    ).list;
    const url = `/api/degreeAward/revokeAward/${award!.id}`;
    expect((await as('teacher', url, { reason: 'Plagiarism' })).code).toBe(403);
    refused(await as('academic', url, {}), 'required', 'reason');
    const revoked = ok(await as<DegreeAward>('academic', url, { reason: 'Plagiarised thesis' }));
    expect(revoked).toMatchObject({ status: DegreeAwardStatus.Revoked, revokeReason: 'Plagiarised thesis' });
    expect((await as('academic', url, { reason: 'Again' })).code).toBe(501);
    const [cert] = await t.database.db
      .select({ status: certificates.status })
      .from(certificates)
      .where(eq(certificates.id, award!.certificateId!));
    expect(cert?.status).toBe(2);
    const verify = await t.call<{ found: boolean; standing: string; revokeReason: string }>(
      'GET',
      `/api/certificate/verify/${award!.certificateCode}`,
    );
    expect(ok(verify)).toMatchObject({ found: true, standing: 'revoked', revokeReason: 'Plagiarised thesis' });
  });
});
