import {
  type AdmissionRound,
  type Application,
  type ApplicationDetail,
  ApplicationStatus,
  type ApplyStatus,
  type Enrolled,
  type Page,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents } from '../src/modules/admission/admission.table';
import { personEvents } from '../src/modules/student-record/person-events.table';
import { createStudentRecord } from '../src/modules/student-record/student-record.service';
import { teamMembers } from '../src/modules/team/team.table';
import { users } from '../src/modules/user/user.table';
import { seedAdmissions } from '../src/seed/admissions';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Admissions (issue 34) on one app: a round, the public form saved and resumed by its tracking code,
// submitted once under 30 parallel calls, duplicates flagged, documents, the staff's steps and bulk
// decision, enrolment exactly once (a new student, an existing guardian linked), public limits, and
// who may do what.

const { Draft, Submitted, UnderReview, Accepted, Rejected, Enrolled: EnrolledStatus } = ApplicationStatus;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let t: TestApp;
let tok: Record<string, string>;
let round: AdmissionRound;
let ip = 0;

const as = <T>(who: string, url: string, body: unknown = {}) => t.call<T>('POST', url, { token: tok[who]!, body });
// Public calls from an address of their own unless told (the throttle counts per address).
async function pub<T>(url: string, body: unknown, from = '10.0.0.1') {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: from });
  return res.json() as { code: number; message: string; response: T; error?: { key: string; field?: string } };
}
const form = (o: Record<string, unknown> = {}) => ({
  roundId: round.id,
  realName: 'Li Hua',
  sex: 2,
  birthDate: '2012-03-04',
  phone: '13800000001',
  guardians: [{ name: 'Li Ming', phone: '13900000001', relation: 'father' }],
  answers: { track: 'science' },
  ...o,
});

beforeAll(async () => {
  t = await createTestApp();
  tok = await logins(t, ['admin', 'academic', 'teacher', 'student']);
  round = ok(
    await as<AdmissionRound>('admin', '/api/admissionRound/create', {
      name: 'Autumn intake',
      gradeYear: 2026,
      opensAt: '2026-01-01T00:00:00Z',
      closesAt: '2099-01-01T00:00:00Z',
      quota: 3,
      extraFields: [
        {
          key: 'track',
          label: { en: 'Track', zh: '方向' },
          type: 'select',
          required: true,
          options: ['science', 'arts'],
        },
      ],
    }),
  );
  ok(await as('admin', `/api/admissionRound/open/${round.id}`));
});
afterAll(async () => t.close());

describe('the public form', () => {
  it('lists open rounds by domain; an unknown domain is refused', async () => {
    const open = await pub<{ rounds: { id: number }[] }>('/api/application/round', { domain: 'demo' });
    expect(open.response.rounds.map((r) => r.id)).toContain(round.id);
    expect((await pub('/api/application/round', { domain: 'nowhere' })).code).toBe(500);
  });

  it('saves a draft, resumes it by its code, and refuses bad input naming the field', async () => {
    const saved = await pub<{ trackingCode: string; status: number }>('/api/application/save', {
      domain: 'demo',
      form: form({ answers: {} }),
    });
    expect(saved.code).toBe(1);
    const code = saved.response.trackingCode;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    const again = await pub<ApplyStatus>('/api/application/track', { domain: 'demo', trackingCode: code });
    expect(again.response).toMatchObject({ status: Draft, form: { realName: 'Li Hua' } });
    // Another organisation's domain does not know the code.
    expect((await pub('/api/application/track', { domain: 'north', trackingCode: code })).code).toBe(500);
    const bad = await pub('/api/application/save', { domain: 'demo', form: form({ answers: { track: 'music' } }) });
    expect(bad.code).toBe(501);
    expect(bad.error?.field).toBe('form.answers.track');
    const missing = await pub('/api/application/submit', { domain: 'demo', trackingCode: code });
    expect(missing.error?.field).toBe('form.answers.track');
    expect((await pub('/api/application/save', { domain: 'demo', form: form({ birthDate: '2012-02-30' }) })).code).toBe(
      501,
    );
    // Codes are random, never sequential.
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++)
      codes.add(
        (await pub<{ trackingCode: string }>('/api/application/save', { domain: 'demo', form: form() })).response
          .trackingCode,
      );
    expect(codes.size).toBe(5);
  });

  it('30 parallel submits with one requestKey make one application and one submission', async () => {
    const body = {
      domain: 'demo',
      requestKey: 'race-key-0001',
      form: form({ realName: 'Zhang Wei', idNumber: 'ID123456' }),
    };
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => pub<{ trackingCode: string; status: number }>('/api/application/submit', body)),
    );
    expect(replies.every((r) => r.code === 1)).toBe(true);
    const codes = new Set(replies.map((r) => r.response.trackingCode));
    expect(codes.size).toBe(1);
    expect(replies.every((r) => r.response.status === Submitted)).toBe(true);
    const page = ok(
      await as<Page<Application>>('academic', '/api/application/page', {
        pageIndex: 1,
        pageSize: 50,
        keyword: 'Zhang Wei',
      }),
    );
    expect(page.total).toBe(1);
    const events = await t.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, page.list[0]!.id), eq(applicationEvents.toStatus, Submitted)));
    expect(events).toHaveLength(1);
    // And 30 parallel submits of one saved draft by its code.
    const code = (
      await pub<{ trackingCode: string }>('/api/application/save', {
        domain: 'demo',
        form: form({ realName: 'Chen Jing' }),
      })
    ).response.trackingCode;
    const again = await Promise.all(
      Array.from({ length: 30 }, () =>
        pub<{ status: number }>('/api/application/submit', { domain: 'demo', trackingCode: code }),
      ),
    );
    expect(again.every((r) => r.code === 1 && r.response.status === Submitted)).toBe(true);
    expect((await pub('/api/application/save', { domain: 'demo', trackingCode: code, form: form() })).error?.key).toBe(
      'applicationNotDraft',
    );
  });

  it('flags a duplicate applicant (ID number, name and birth date, guardian phone)', async () => {
    await pub('/api/application/submit', {
      domain: 'demo',
      form: form({ realName: 'Zhang  Wei', idNumber: 'id123456', guardians: [] }),
    });
    const page = ok(
      await as<Page<Application>>('academic', '/api/application/page', {
        pageIndex: 1,
        pageSize: 50,
        duplicates: true,
      }),
    );
    const flagged = page.list.find((a) => a.realName === 'Zhang  Wei');
    expect(flagged?.duplicateOf).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'application', reason: 'idNumber' })]),
    );
    // Staff rows never carry the tracking code.
    expect(JSON.stringify(page)).not.toMatch(/trackingCode/);
  });

  it('takes PDF/JPEG/PNG documents on a draft, ≤ 10 MB; others are refused', async () => {
    const code = (
      await pub<{ trackingCode: string }>('/api/application/save', {
        domain: 'demo',
        form: form({ realName: 'Doc Person' }),
      })
    ).response.trackingCode;
    const upload = (payload: Buffer, kind = 'transcript') =>
      t.app.inject({
        method: 'POST',
        url: '/api/application/upload',
        query: { domain: 'demo', trackingCode: code, kind },
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'report.pdf' },
        payload,
        remoteAddress: '10.0.0.9',
      });
    expect((await upload(PDF)).json().code).toBe(1);
    const html = (await upload(Buffer.from('<html><script>x</script></html>'))).json();
    expect(html.code).toBe(501);
    const big = (await upload(Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]))).json();
    expect(big.code).toBe(501);
    const status = await pub<ApplyStatus>('/api/application/track', { domain: 'demo', trackingCode: code });
    expect(status.response.documents).toHaveLength(1);
  });

  it('throttles an address that keeps looking codes up', async () => {
    const from = `10.9.${++ip}.1`;
    let last = 0;
    for (let i = 0; i < 61; i++)
      last = (await pub('/api/application/track', { domain: 'demo', trackingCode: 'ABCDEFGHJKMNPQRSTVWX' }, from)).code;
    expect(last).toBe(500);
    const res = await pub<unknown>(
      '/api/application/track',
      { domain: 'demo', trackingCode: 'ABCDEFGHJKMNPQRSTVWX' },
      from,
    );
    expect(res.error?.key).toBe('throttled');
  });
});

describe('the staff', () => {
  let appId: number;
  it('review, message and ask for a document; the applicant sees them, never the staff note', async () => {
    const code = (
      await pub<{ trackingCode: string }>('/api/application/submit', {
        domain: 'demo',
        form: form({
          realName: 'Wang Fang',
          birthDate: '2011-05-06',
          guardians: [{ name: 'Wang Gang', phone: '139-0000-0777', relation: 'father' }],
        }),
      })
    ).response.trackingCode;
    const page = ok(
      await as<Page<Application>>('academic', '/api/application/page', {
        pageIndex: 1,
        pageSize: 50,
        keyword: 'Wang Fang',
      }),
    );
    appId = page.list[0]!.id;
    ok(await as('academic', `/api/application/startReview/${appId}`, { note: 'looks fine' }));
    ok(await as('academic', `/api/application/note/${appId}`, { note: 'STAFF ONLY' }));
    ok(await as('academic', `/api/application/message/${appId}`, { body: 'Please bring your report.' }));
    ok(await as('academic', `/api/application/requestDocument/${appId}`, { kind: 'idCard', note: 'unreadable' }));
    const seen = await pub<ApplyStatus>('/api/application/track', { domain: 'demo', trackingCode: code });
    expect(seen.response.status).toBe(UnderReview);
    expect(seen.response.messages.map((m) => m.body)).toEqual(['Please bring your report.']);
    expect(seen.response.documents[0]).toMatchObject({ kind: 'idCard', requested: true });
    expect(JSON.stringify(seen)).not.toMatch(/STAFF ONLY/);
    // The requested kind may be uploaded after submission; another kind may not.
    const up = (kind: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/application/upload',
        query: { domain: 'demo', trackingCode: code, kind },
        headers: { 'content-type': 'application/octet-stream' },
        payload: PDF,
        remoteAddress: '10.0.0.8',
      });
    expect((await up('idCard')).json().code).toBe(1);
    expect((await up('photo')).json().error?.key).toBe('applicationDocumentNotAsked');
    const d = ok(await as<ApplicationDetail>('academic', `/api/application/detail/${appId}`));
    expect(d.events.map((e) => e.toStatus)).toEqual([Draft, Submitted, UnderReview]);
  });

  it('decide in bulk: all or nothing, each checked, the quota kept', async () => {
    const page = ok(
      await as<Page<Application>>('academic', '/api/application/page', {
        pageIndex: 1,
        pageSize: 50,
        status: Submitted,
      }),
    );
    const ids = page.list.map((a) => a.id);
    const draft = ok(
      await as<Page<Application>>('academic', '/api/application/page', { pageIndex: 1, pageSize: 1, status: Draft }),
    ).list[0]!.id;
    const bad = await as('academic', '/api/application/decide', { ids: [ids[0], draft], decision: 'reject' });
    expect(bad.code).toBe(501);
    expect((bad as { error?: { field?: string } }).error?.field).toBe('ids.1');
    expect(
      ok(
        await as<Page<Application>>('academic', '/api/application/page', {
          pageIndex: 1,
          pageSize: 50,
          status: Rejected,
        }),
      ).total,
    ).toBe(0);
    // Quota 3: accepting four at once is refused, nothing changed.
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const over = await as('academic', '/api/application/decide', {
      ids: [...ids.slice(0, 3), appId],
      decision: 'accept',
    });
    expect((over as { error?: { key: string } }).error?.key).toBe('admissionQuotaFull');
    ok(await as('academic', '/api/application/decide', { ids: [ids[1]], decision: 'reject', note: 'no' }));
    ok(await as('academic', `/api/application/accept/${appId}`, {}));
    // A teacher and a student may not decide; another organisation does not see the application.
    expect((await as('teacher', `/api/application/accept/${ids[0]}`)).code).toBe(403);
    expect((await as('student', '/api/application/page', { pageIndex: 1, pageSize: 5 })).code).toBe(403);
    const northAdmin = await t.login('north', 'admin');
    const other = await t.call('POST', `/api/application/detail/${appId}`, { token: northAdmin, body: {} });
    expect(other.code).not.toBe(1);
  });

  it('enrols an accepted applicant exactly once: one student, the class, an existing guardian linked', async () => {
    // A guardian the school already has (same phone, written differently).
    const ids = await userIds(t, ['student']);
    const existing = await createStudentRecord(
      t.database.db,
      t.ids.demo.orgId,
      { userId: ids.student!, guardians: [{ name: 'Wang Gang', phone: '13900000777', relation: 'father' }] },
      null,
    );
    const team = ok(
      await as<{ id: number }>('admin', '/api/team/create', { name: 'Admissions class', gradeYear: 2026 }),
    );
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        as<Enrolled>('academic', `/api/application/enrol/${appId}`, { teamId: team.id }),
      ),
    );
    const done = replies.filter((r) => r.code === 1);
    expect(done).toHaveLength(1);
    const enrolled = done[0]!.response;
    expect(enrolled.initialPassword).toBeTruthy();
    expect(enrolled.linkedGuardianIds).toEqual(existing.guardianIds);
    const made = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.organizationId, t.ids.demo.orgId), eq(users.realName, 'Wang Fang')));
    expect(made).toHaveLength(1);
    const members = await t.database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, enrolled.userId)));
    expect(members).toHaveLength(1);
    const timeline = await t.database.db.select().from(personEvents).where(eq(personEvents.applicationId, appId));
    expect(timeline.every((e) => e.userId === enrolled.userId)).toBe(true);
    expect(ok(await as<Application>('academic', `/api/application/detail/${appId}`)).status).toBe(EnrolledStatus);
    // The new student logs in with the password answered once.
    expect(await t.login('demo', enrolled.userName, enrolled.initialPassword!)).toBeTruthy();
    refused(await as('academic', `/api/application/enrol/${appId}`, {}), 'applicationNotAccepted', 'status');
  });

  it('accepted → enrolled only from accepted; rounds are written with application:round only', async () => {
    expect((await as('teacher', '/api/admissionRound/create', { name: 'x' })).code).toBe(403);
    const res = await as('academic', '/api/admissionRound/create', {
      name: 'Bad',
      opensAt: '2026-02-01T00:00:00Z',
      closesAt: '2026-01-01T00:00:00Z',
    });
    expect(res.code).toBe(501);
    expect(Accepted).toBe(5);
  });
});

describe('the demo data', () => {
  it('makes an open round with an application in each state (north here, to leave demo as it is)', async () => {
    const north = await userIds(t, ['admin'], 'north');
    await seedAdmissions(t.database.db, t.ids.north.orgId, north.admin!);
    const token = await t.login('north', 'admin');
    const page = ok(
      await t.call<Page<Application>>('POST', '/api/application/page', { token, body: { pageIndex: 1, pageSize: 50 } }),
    );
    expect(new Set(page.list.map((a) => a.status))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(page.list.find((a) => a.realName === 'Zhou Jie')?.duplicateOf).toHaveLength(1);
  });
});
