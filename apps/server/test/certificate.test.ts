import {
  type Certificate,
  type CertificatePrint,
  type CertificateTemplate,
  type CertificateVerification,
  LearnerStatus,
  type Page,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFailures } from '../src/modules/auth/throttle.service';
import { issueCertificate, revokeCertificatesFor } from '../src/modules/certificate/certificate.service';
import { certificates } from '../src/modules/certificate/certificate.table';
import { CODE_ALPHABET, newCertificateCode } from '../src/modules/certificate/certificate-code';
import { remindAllExpiring } from '../src/modules/certificate/certificate-expiry';
import { VERIFY_RULE } from '../src/modules/certificate/certificate-read';
import { courses } from '../src/modules/course/course.table';
import { afterStanding } from '../src/modules/course/course-learner';
import { setClock } from '../src/platform/clock';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { call, noticesOf } from './tuition-fixture';

// Certificates (issue 34) on one app: templates, issuing by hand and by other modules (one valid per
// holder and source, also under parallel calls), the public verification's standings (valid,
// revoked, expired by date, superseded), codes that cannot be guessed, the holder's own and the
// print view, the expiry reminders once each, course completion, and the verification's throttle.

const NOV_1 = '2026-11-01T02:00:00Z';
let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
let orgId: number;
let template: CertificateTemplate;
let handIssued: Certificate;

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOV_1);
  tok = await logins(t, ['academic', 'teacher', 'student', 's2026001']);
  id = await userIds(t, ['student', 's2026001', 's2026002']);
  orgId = t.ids.demo.orgId;
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const as = <T>(who: string, url: string, body: unknown = {}) => call<T>(t, tok[who]!, url, body);
const verify = async (code: string) =>
  ok(await t.call<CertificateVerification>('GET', `/api/certificate/verify/${encodeURIComponent(code)}`));
const tx = <T>(run: (db: Parameters<Parameters<TestApp['database']['db']['transaction']>[0]>[0]) => Promise<T>) =>
  t.database.db.transaction(run);

describe('templates', () => {
  it('are written with certificate:template; others are refused', async () => {
    template = ok(
      await as<CertificateTemplate>('academic', '/api/certificateTemplate/create', {
        name: 'Completion',
        heading: 'Certificate of completion',
        body: 'This certifies that {holder} completed {what}.',
        signatory: 'Principal Wang',
      }),
    );
    expect(template).toMatchObject({ orientation: 1, logoUrls: [], body: expect.stringContaining('{holder}') });
    const res = await as('teacher', '/api/certificateTemplate/create', { name: 'X', heading: 'Y' });
    expect(res.code).toBe(403);
    refused(
      await as('academic', '/api/certificateTemplate/create', { name: 'Bad', heading: '' }),
      'required',
      'heading',
    );
  });
});

describe('issuing', () => {
  it('by hand: a random code, the year’s number, a snapshot, a notice and a timeline entry', async () => {
    handIssued = ok(
      await as<Certificate>('academic', '/api/certificate/issue', {
        holderId: id.student,
        title: 'First aid',
        what: 'First aid level 1',
        hours: 12,
        grade: 'Pass',
        templateId: template.id,
      }),
    );
    expect(handIssued.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{24}$`));
    expect(handIssued.certificateNo).toMatch(/^C2026-\d{6}$/);
    expect(handIssued).toMatchObject({ source: 'manual', status: 1, standing: 'valid', expiresAt: null });
    expect(handIssued.snapshot).toMatchObject({
      holderName: handIssued.holderName,
      what: 'First aid level 1',
      hours: 12,
    });
    expect(await noticesOf(t, id.student!, 'certificateIssued')).toContainEqual(
      expect.objectContaining({ certificateNo: handIssued.certificateNo }),
    );
  });

  it('refuses bad input naming the field, another organisation’s holder, and callers without certificate:issue', async () => {
    refused(
      await as('academic', '/api/certificate/issue', { holderId: id.student, title: '', what: 'x' }),
      'required',
      'title',
    );
    const northUser = await northUserId();
    refused(
      await as('academic', '/api/certificate/issue', { holderId: northUser, title: 'A', what: 'B' }),
      'notFound',
      'holderId',
    );
    refused(
      await as('academic', '/api/certificate/issue', {
        holderId: id.student,
        title: 'A',
        what: 'B',
        templateId: 999_999,
      }),
      'notFound',
      'templateId',
    );
    expect((await as('student', '/api/certificate/issue', { holderId: id.student, title: 'A', what: 'B' })).code).toBe(
      403,
    );
  });

  it('one valid certificate per holder and source: 12 parallel issues make one', async () => {
    const issue = () =>
      tx((db) =>
        issueCertificate(
          db,
          orgId,
          {
            holderId: id.s2026001!,
            source: 'programme',
            sourceId: 4242,
            title: 'Forklift',
            what: 'Forklift safety',
            validMonths: 12,
          },
          null,
        ),
      );
    const answers = await Promise.all(Array.from({ length: 12 }, issue));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const rows = await t.database.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.sourceId, 4242), eq(certificates.source, 'programme')));
    expect(rows).toHaveLength(1);
  });
});

describe('verification', () => {
  it('answers the snapshot and "valid"; lower case and dashes are read as the code', async () => {
    const v = await verify(handIssued.code);
    expect(v).toMatchObject({ found: true, standing: 'valid', organizationName: expect.any(String) });
    expect(v.snapshot).toMatchObject({ holderName: handIssued.holderName, title: 'First aid', grade: 'Pass' });
    const typed = handIssued.code
      .toLowerCase()
      .replace(/(.{4})/g, '$1-')
      .slice(0, -1);
    expect((await verify(typed)).found).toBe(true);
  });

  it('an unknown code says so and nothing else, never a 500', async () => {
    expect(await verify(newCertificateCode())).toEqual({ found: false });
    expect(await verify('not-a-code')).toEqual({ found: false });
    expect(await verify('%00%27;drop')).toEqual({ found: false });
    const long = await t.call('GET', `/api/certificate/verify/${'A'.repeat(65)}`);
    expect(long.code).toBe(501);
  });

  it('revoked: by staff with a reason; the code then verifies as revoked with its date and reason', async () => {
    refused(await as('academic', `/api/certificate/revoke/${handIssued.id}`, { reason: '' }), 'required', 'reason');
    expect((await as('teacher', `/api/certificate/revoke/${handIssued.id}`, { reason: 'x' })).code).toBe(403);
    const gone = ok(
      await as<Certificate>('academic', `/api/certificate/revoke/${handIssued.id}`, { reason: 'Issued in error' }),
    );
    expect(gone).toMatchObject({ status: 2, standing: 'revoked', revokeReason: 'Issued in error' });
    const v = await verify(handIssued.code);
    expect(v).toMatchObject({ standing: 'revoked', revokeReason: 'Issued in error', revokedAt: expect.any(String) });
    refused(
      await as('academic', `/api/certificate/revoke/${handIssued.id}`, { reason: 'again' }),
      'transition',
      'status',
    );
    expect(await noticesOf(t, id.student!, 'certificateRevoked')).toHaveLength(1);
  });

  it('revokeCertificatesFor revokes what a source issued (degree revoked) and counts only valid ones', async () => {
    const made = await tx((db) =>
      issueCertificate(
        db,
        orgId,
        { holderId: id.s2026002!, source: 'degree', sourceId: 7, title: 'BSc', what: 'Bachelor of Science' },
        null,
      ),
    );
    expect(
      await tx((db) => revokeCertificatesFor(db, orgId, { source: 'degree', sourceId: 7 }, 'Award revoked', null)),
    ).toBe(1);
    expect(await tx((db) => revokeCertificatesFor(db, orgId, { source: 'degree', sourceId: 7 }, 'Again', null))).toBe(
      0,
    );
    expect((await verify(made.code)).standing).toBe('revoked');
  });

  it('superseded: a reissue has a new code and number; the old code answers superseded', async () => {
    const first = ok(
      await as<Certificate>('academic', '/api/certificate/issue', {
        holderId: id.student,
        title: 'CPR',
        what: 'CPR basics',
        validMonths: 24,
      }),
    );
    const old = ok(await as<Certificate>('academic', `/api/certificate/reissue/${first.id}`));
    expect(old).toMatchObject({ status: 3, standing: 'superseded', supersededById: expect.any(Number) });
    const fresh = ok(
      await as<Page<Certificate>>('academic', '/api/certificate/page', {
        pageIndex: 1,
        pageSize: 10,
        holderId: id.student,
        status: 1,
      }),
    );
    const next = fresh.list.find((c) => c.id === old.supersededById)!;
    expect(next.code).not.toBe(first.code);
    expect(next.certificateNo).not.toBe(first.certificateNo);
    expect(next.expiresAt).toBe(first.expiresAt);
    expect((await verify(first.code)).standing).toBe('superseded');
    expect((await verify(next.code)).standing).toBe('valid');
  });

  it('expired by its date, and the holder is reminded 30 days before and on expiry, once each', async () => {
    const c = ok(
      await as<Certificate>('academic', '/api/certificate/issue', {
        holderId: id.s2026001,
        title: 'Hygiene',
        what: 'Food hygiene',
        validMonths: 2,
      }),
    );
    expect(c.expiresAt?.slice(0, 10)).toBe('2027-01-01');
    setClock('2026-12-10T02:00:00Z');
    await remindAllExpiring(t.database.db);
    await remindAllExpiring(t.database.db);
    expect(
      (await noticesOf(t, id.s2026001!, 'certificateExpiring')).filter((p) => p.certificateNo === c.certificateNo),
    ).toHaveLength(1);
    setClock('2027-01-02T02:00:00Z');
    expect((await verify(c.code)).standing).toBe('expired');
    await remindAllExpiring(t.database.db);
    await remindAllExpiring(t.database.db);
    expect(
      (await noticesOf(t, id.s2026001!, 'certificateExpired')).filter((p) => p.certificateNo === c.certificateNo),
    ).toHaveLength(1);
    setClock(NOV_1);
  });
});

describe('codes', () => {
  it('are 24 Crockford characters, no two alike in 1,000, and not sequential', () => {
    const codes = Array.from({ length: 1000 }, newCertificateCode);
    expect(new Set(codes).size).toBe(1000);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{24}$/);
    // Consecutive codes share no long prefix (a counter would differ only at the end).
    const shared = codes.slice(1).map((c, i) => [...c].findIndex((ch, k) => ch !== codes[i]![k]));
    expect(Math.max(...shared)).toBeLessThan(6);
  });
});

describe('the holder and the print view', () => {
  it('a student lists only their own; the print view is the holder’s or staff’s, another’s is not found', async () => {
    const mine = ok(await as<Page<Certificate>>('student', '/api/certificate/my', { pageIndex: 1, pageSize: 20 }));
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((c) => c.holderId === id.student)).toBe(true);
    const print = ok(await as<CertificatePrint>('student', `/api/certificate/print/${mine.list[0]!.id}`));
    expect(print.snapshot.holderName).toBeTruthy();
    refused(await as('s2026001', `/api/certificate/print/${mine.list[0]!.id}`), 'notFound');
    expect((await as('student', '/api/certificate/page', { pageIndex: 1, pageSize: 10 })).code).toBe(403);
    const staff = ok(await as<CertificatePrint>('academic', `/api/certificate/print/${handIssued.id}`));
    expect(staff.template).toMatchObject({ heading: 'Certificate of completion', signatory: 'Principal Wang' });
  });
});

describe('course completion', () => {
  it('a course naming a template issues its certificate when an enrolment becomes completed, once', async () => {
    const [course] = await t.database.db
      .insert(courses)
      .values({
        organizationId: orgId,
        code: 'CERT-1',
        title: 'Safety basics',
        creditHours: 8,
        certificateTemplateId: template.id,
      })
      .returning({ id: courses.id });
    const done = { status: LearnerStatus.Completed, progress: 100 };
    const before = { status: LearnerStatus.InProgress, progress: 80 };
    await tx((db) => afterStanding(db, orgId, course!.id, id.s2026002!, done, before));
    await tx((db) => afterStanding(db, orgId, course!.id, id.s2026002!, done, before));
    const rows = await t.database.db
      .select({ id: certificates.id, templateId: certificates.templateId })
      .from(certificates)
      .where(
        and(
          eq(certificates.source, 'course'),
          eq(certificates.sourceId, course!.id),
          eq(certificates.holderId, id.s2026002!),
        ),
      );
    expect(rows).toEqual([{ id: expect.any(Number), templateId: template.id }]);
  });
});

describe('throttle', () => {
  it('unknown codes from one address are paused after the free count; found codes do not count', async () => {
    await clearFailures(t.database.db, 'verify:127.0.0.1');
    for (let i = 0; i < 3; i++) expect((await verify(handIssued.code)).found).toBe(true);
    const answers = [];
    for (let i = 0; i <= VERIFY_RULE.free; i++)
      answers.push(await t.call('GET', `/api/certificate/verify/${newCertificateCode()}`));
    expect(answers.slice(0, VERIFY_RULE.free).every((a) => a.code === 1)).toBe(true);
    refused(answers[VERIFY_RULE.free]!, 'throttled');
    await clearFailures(t.database.db, 'verify:127.0.0.1');
  });
});

async function northUserId(): Promise<number> {
  const ids = await userIds(t, ['admin'], 'north');
  return ids.admin!;
}
