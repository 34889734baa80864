import type { InboxMessage, InboxPage, Message, MyTasks, ReceiptPage, Task, UnreadSummary } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import { examPeople, makeClasses, onePaper } from './exam-fixture';
import { createTestApp, ok, refused, sheetRows, type TestApp } from './harness';

// Messages (decision 40): each target type resolves to the right people, one receipt each; the
// open window on a settable clock; withdraw hides; read receipts per recipient; need-read messages
// wait for a confirmation; teachers send to their own classes only; nobody reads another's inbox;
// the product's notices (homework assigned, reminders) arrive through the same path.

let t: TestApp;
let academic: string;
let teacher: string;
let northTeacher: string;
let admin: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let teamIds: number[];
const T0 = Date.parse('2034-03-01T08:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const GRADE = 2098;
const CLASS_A = ['s2026001', 's2026002', 's2026003'];
const CLASS_B = ['s2026004', 's2026005'];
const OTHER = 's2026006';

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, northTeacher, tokens, ids } = await examPeople(t, [...CLASS_A, ...CLASS_B, OTHER]));
  admin = await t.login('demo', 'admin');
  // Class A is led by the teacher; class B by nobody.
  teamIds = await makeClasses(t, academic, GRADE, [
    { name: 'Messages A', members: CLASS_A.map((s) => ids[s]), classTeacherId: ids.teacher },
    { name: 'Messages B', members: CLASS_B.map((s) => ids[s]), classTeacherId: null },
  ]);
});
afterEach(() => setClock(null));
afterAll(() => t.close());

let seq = 0;
async function send(token: string, over: Record<string, unknown> = {}): Promise<Message> {
  const created = ok(
    await t.call<Message>('POST', '/api/message/create', {
      token,
      body: {
        title: `Notice ${++seq}`,
        body: '<p>Hello <b>all</b></p>',
        targetType: 3,
        teamIds: [teamIds[0]],
        ...over,
      },
    }),
  );
  ok(await t.call('POST', `/api/message/publish/${created.id}`, { token, body: {} }));
  return one(token, created.id);
}
async function one(token: string, id: number): Promise<Message> {
  return ok(await t.call<Message>('POST', `/api/message/select/${id}`, { token }));
}
async function recipients(token: string, id: number, body: Record<string, unknown> = {}): Promise<ReceiptPage> {
  return ok(
    await t.call<ReceiptPage>('POST', `/api/message/receipts/${id}`, { token, body: { pageSize: 200, ...body } }),
  );
}
async function inbox(name: string, body: Record<string, unknown> = {}): Promise<InboxPage> {
  return ok(
    await t.call<InboxPage>('POST', '/api/message/inbox', { token: tokens[name], body: { pageSize: 100, ...body } }),
  );
}
const inboxIds = async (name: string) => (await inbox(name)).list.map((m) => m.id);

async function count(query: ReturnType<typeof sql>) {
  const r = (await t.database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
}

describe('messages', () => {
  it('resolves each target type to its recipients, one receipt each', async () => {
    const org = t.ids.demo.orgId;
    const kind = (k: string) => sql`(select count(*) from users u where u.organization_id = ${org} and u.status = 1
      and ${sql.raw(k)} exists (select 1 from user_roles ur join roles r on r.organization_id = ur.organization_id and r.id = ur.role_id
        where ur.organization_id = u.organization_id and ur.user_id = u.id and r.kind = 4)) as n`;
    const students = await count(sql`select ${kind('')}`);
    const staff = await count(sql`select ${kind('not')}`);
    const everyone = await count(sql`select count(*) as n from users where organization_id = ${org} and status = 1`);
    expect(students).toBeGreaterThan(8);

    const school = await send(academic, { targetType: 1, audience: 1 });
    expect(school.recipientCount).toBe(students);
    expect((await send(academic, { targetType: 1, audience: 2 })).recipientCount).toBe(staff);
    expect((await send(academic, { targetType: 1, audience: 3 })).recipientCount).toBe(everyone);
    const grade = await send(academic, { targetType: 2, gradeYears: [GRADE] });
    expect(grade.recipientCount).toBe(5);
    const cls = await send(academic, { targetType: 3, teamIds: [teamIds[0]], gradeYears: [GRADE] });
    expect(cls.recipientCount).toBe(3);
    // Targets of other types are dropped on save.
    expect(cls.gradeYears).toEqual([]);
    const people = await send(academic, { targetType: 4, userIds: [ids[OTHER], ids.teacher] });
    expect(people.recipientCount).toBe(2);
    const rows = await recipients(academic, people.id);
    expect(rows.list.map((r) => r.userName).sort()).toEqual([OTHER, 'teacher'].sort());
    expect(rows.list.find((r) => r.userName === 'teacher')!.student).toBe(false);

    // Who got what: the inboxes agree.
    expect(await inboxIds(CLASS_A[0])).toEqual(expect.arrayContaining([school.id, grade.id, cls.id]));
    expect(await inboxIds(CLASS_B[0])).toEqual(expect.arrayContaining([school.id, grade.id]));
    expect(await inboxIds(CLASS_B[0])).not.toContain(cls.id);
    expect(await inboxIds(OTHER)).toContain(people.id);
    expect(await inboxIds(CLASS_A[0])).not.toContain(people.id);
    const teacherInbox = ok(
      await t.call<InboxPage>('POST', '/api/message/inbox', { token: teacher, body: { pageSize: 100 } }),
    );
    expect(teacherInbox.list.map((m) => m.id)).toContain(people.id);
    expect(teacherInbox.list.map((m) => m.id)).not.toContain(school.id);
  });

  it('shows a message within its open window on the clock, and withdraw hides it', async () => {
    setClock(T0);
    const m = await send(academic, {
      targetType: 3,
      teamIds: [teamIds[1]],
      openStart: iso(T0 + HOUR),
      openEnd: iso(T0 + 3 * HOUR),
    });
    expect(m.openStatus).toBe(1);
    expect(await inboxIds(CLASS_B[1])).not.toContain(m.id);
    refused(await t.call('GET', `/api/message/view/${m.id}`, { token: tokens[CLASS_B[1]] }), 'notFound');
    setClock(T0 + 2 * HOUR);
    expect((await one(academic, m.id)).openStatus).toBe(2);
    expect(await inboxIds(CLASS_B[1])).toContain(m.id);
    const filtered = ok(
      await t.call<{ list: Message[] }>('POST', '/api/message/page', {
        token: academic,
        body: { openStatus: 2, pageSize: 200 },
      }),
    );
    expect(filtered.list.map((r) => r.id)).toContain(m.id);
    setClock(T0 + 4 * HOUR);
    expect((await one(academic, m.id)).openStatus).toBe(3);
    expect(await inboxIds(CLASS_B[1])).not.toContain(m.id);
    ok(await t.call('POST', `/api/message/withdraw/${m.id}`, { token: academic, body: {} }));
    refused(
      await t.call('POST', `/api/message/publish/${m.id}`, { token: academic, body: {} }),
      'messageEnded',
      'openEnd',
    );

    setClock(null);
    const w = await send(academic, { targetType: 3, teamIds: [teamIds[1]] });
    const view = ok(await t.call<InboxMessage>('GET', `/api/message/view/${w.id}`, { token: tokens[CLASS_B[0]] }));
    expect(view.body).toContain('<b>all</b>');
    const read = ok(
      await t.call<{ readAt: string }>('POST', `/api/message/read/${w.id}`, { token: tokens[CLASS_B[0]] }),
    );
    ok(await t.call('POST', `/api/message/withdraw/${w.id}`, { token: academic, body: {} }));
    expect(await inboxIds(CLASS_B[0])).not.toContain(w.id);
    refused(await t.call('GET', `/api/message/view/${w.id}`, { token: tokens[CLASS_B[0]] }), 'notFound');
    // Published again: back, with the read time kept.
    ok(await t.call('POST', `/api/message/publish/${w.id}`, { token: academic, body: {} }));
    const back = (await inbox(CLASS_B[0])).list.find((x) => x.id === w.id);
    expect(back?.readAt).toBe(read.readAt);
  });

  it('keeps a read receipt per recipient; need-read messages wait for a confirmation', async () => {
    const plain = await send(academic, { targetType: 3, teamIds: [teamIds[0]] });
    const must = await send(academic, { targetType: 3, teamIds: [teamIds[0]], needRead: true });
    const [a, b, c] = CLASS_A;
    const before = ok(await t.call<UnreadSummary>('GET', '/api/message/unread', { token: tokens[a] }));
    expect(before.needRead.map((m) => m.id)).toContain(must.id);

    // The reader opens the plain one and marks it read; the need-read one waits for its confirmation.
    ok(await t.call('GET', `/api/message/view/${plain.id}`, { token: tokens[a] }));
    ok(await t.call('POST', `/api/message/read/${plain.id}`, { token: tokens[a] }));
    const opened = ok(await t.call<InboxMessage>('GET', `/api/message/view/${must.id}`, { token: tokens[a] }));
    expect(opened.readAt).toBeNull();
    let r = await recipients(academic, must.id);
    expect(r.counts).toMatchObject({ recipients: 3, read: 0 });
    const confirmed = ok(
      await t.call<{ readAt: string }>('POST', `/api/message/read/${must.id}`, { token: tokens[a] }),
    );
    expect(confirmed.readAt).toBeTruthy();
    r = await recipients(academic, must.id);
    expect(r.counts).toMatchObject({ recipients: 3, read: 1 });
    expect(r.list.find((x) => x.userName === a)?.readAt).toBe(confirmed.readAt);
    expect((await recipients(academic, must.id, { read: false })).list.map((x) => x.userName).sort()).toEqual(
      [b, c].sort(),
    );
    expect((await one(academic, must.id)).readCount).toBe(1);
    // The receipts as a sheet through the export list, in Chinese: read ones last, unread marked.
    const started = ok(
      await t.call<{ exportId: number }>('POST', `/api/message/receipts/export/${must.id}`, {
        token: academic,
        body: {},
        query: { lang: 'zh' },
      }),
    );
    await t.app.jobs.runUntilIdle();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/export/download/${started.exportId}`,
      headers: { token: academic },
    });
    const sheet = await sheetRows(file.rawPayload);
    expect(sheet[0]).toEqual(['用户名', '姓名', '班级', '送达时间', '阅读时间', '邮件']);
    expect(sheet).toHaveLength(4);
    expect(
      sheet
        .filter((row) => row[4] === '未读')
        .map((row) => row[0])
        .sort(),
    ).toEqual([b, c].sort());
    expect(sheet[3]![0]).toBe(a);
    const after = ok(await t.call<UnreadSummary>('GET', '/api/message/unread', { token: tokens[a] }));
    expect(after.unread).toBe(before.unread - 2);
    expect(after.needRead.map((m) => m.id)).not.toContain(must.id);

    // Mark all read leaves need-read ones for their confirmation.
    ok(await t.call('POST', '/api/message/readAll', { token: tokens[b] }));
    const bInbox = await inbox(b, { view: 'unread' });
    expect(bInbox.list.map((m) => m.id)).toEqual([must.id]);
    expect(bInbox.unread).toBe(1);
    expect((await inbox(b, { view: 'needRead' })).total).toBe(1);

    // Student B reaches neither A's individual message nor its receipts.
    const mine = await send(academic, { targetType: 4, userIds: [ids[a]] });
    refused(await t.call('GET', `/api/message/view/${mine.id}`, { token: tokens[b] }), 'notFound');
    refused(await t.call('POST', `/api/message/read/${mine.id}`, { token: tokens[b] }), 'notFound');
    expect((await recipients(academic, mine.id)).counts.read).toBe(0);
    expect((await t.call('POST', `/api/message/receipts/${mine.id}`, { token: tokens[b], body: {} })).code).not.toBe(1);
    expect((await t.call('POST', `/api/message/select/${mine.id}`, { token: tokens[b] })).code).not.toBe(1);
  });

  it('lets a teacher send only to their own classes and see only their own messages', async () => {
    const own = await send(teacher, { targetType: 3, teamIds: [teamIds[0]] });
    expect(own.recipientCount).toBe(3);
    expect(own.senderName).toBeTruthy();
    const create = (body: Record<string, unknown>) =>
      t.call('POST', '/api/message/create', { token: teacher, body: { title: 'x', ...body } });
    refused(await create({ targetType: 3, teamIds: [teamIds[1]] }), 'notYourClass', 'teamIds.0');
    refused(await create({ targetType: 1 }), 'wideTargetNotAllowed', 'targetType');
    refused(await create({ targetType: 2, gradeYears: [GRADE] }), 'wideTargetNotAllowed', 'targetType');
    refused(await create({ targetType: 4, userIds: [ids[CLASS_A[0]], ids[OTHER]] }), 'notYourClass', 'userIds.1');
    ok(await create({ targetType: 4, userIds: [ids[CLASS_A[0]]] }));

    const theirs = await send(academic, { targetType: 3, teamIds: [teamIds[0]] });
    const page = ok(
      await t.call<{ list: Message[] }>('POST', '/api/message/page', { token: teacher, body: { pageSize: 200 } }),
    );
    expect(page.list.map((m) => m.id)).toContain(own.id);
    expect(page.list.map((m) => m.id)).not.toContain(theirs.id);
    refused(await t.call('POST', `/api/message/select/${theirs.id}`, { token: teacher }), 'notFound');
    refused(await t.call('POST', `/api/message/receipts/${theirs.id}`, { token: teacher, body: {} }), 'notFound');
    refused(await t.call('POST', `/api/message/withdraw/${theirs.id}`, { token: teacher, body: {} }), 'notFound');
    // Another school's teacher finds nothing.
    refused(await t.call('POST', `/api/message/select/${own.id}`, { token: northTeacher }), 'notFound');
    refused(await t.call('GET', `/api/message/view/${own.id}`, { token: northTeacher }), 'notFound');

    // A published message changes only by its actions, and is withdrawn before it is deleted.
    refused(
      await t.call('POST', '/api/message/update', {
        token: teacher,
        body: { id: own.id, title: 'changed', targetType: 3, teamIds: [teamIds[0]] },
      }),
      'publishedMessageLocked',
    );
    refused(await t.call('POST', `/api/message/delete/${own.id}`, { token: teacher }), 'withdrawMessageBeforeDelete');
    ok(await t.call('POST', `/api/message/withdraw/${own.id}`, { token: teacher, body: {} }));
    ok(await t.call('POST', `/api/message/delete/${own.id}`, { token: teacher }));
  });

  it("lets a message's recipients, and no one else, download its attachments", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?purpose=document',
      headers: { token: academic, 'content-type': 'text/plain', 'x-file-name': 'timetable.txt' },
      payload: Buffer.from('Monday: maths\n'),
    });
    const file = res.json<{ response: { url: string } }>().response;
    // The file's bytes, or null when refused (a refusal is the JSON envelope).
    const get = async (token: string) => {
      const r = await t.app.inject({ method: 'GET', url: file.url, headers: { token } });
      return String(r.headers['content-type']).includes('application/json') ? null : r.body;
    };
    // Before it is attached, a student cannot read it.
    expect(await get(tokens[OTHER])).toBeNull();
    const m = await send(academic, {
      targetType: 4,
      userIds: [ids[OTHER]],
      attachments: [{ name: 'Timetable', url: file.url }],
    });
    const view = ok(await t.call<InboxMessage>('GET', `/api/message/view/${m.id}`, { token: tokens[OTHER] }));
    expect(view.attachments).toEqual([{ name: 'Timetable', url: file.url }]);
    expect(await get(tokens[OTHER])).toBe('Monday: maths\n');
    expect(await get(tokens[CLASS_A[0]])).toBeNull();
  });

  it('cleans the body, and refuses an unknown association', async () => {
    const m = await send(academic, {
      targetType: 4,
      userIds: [ids[OTHER]],
      body: '<p onclick="x()">Hi<script>alert(1)</script></p>',
    });
    expect(m.body).not.toContain('script');
    expect(m.body).not.toContain('onclick');
    refused(
      await t.call('POST', '/api/message/create', {
        token: academic,
        body: { title: 'x', targetType: 4, userIds: [ids[OTHER]], associationType: 1, associationId: 999_999 },
      }),
      'nothingAbout',
      'associationId',
    );
    refused(
      await t.call('POST', '/api/message/create', {
        token: academic,
        body: { title: 'x', targetType: 4, userIds: [ids[OTHER]], associationType: 2 },
      }),
      'required',
      'associationId',
    );
  });

  it('reminds the unread ones through a notice, at most every ten minutes', async () => {
    setClock(T0);
    const m = await send(academic, { targetType: 3, teamIds: [teamIds[0]], needRead: true });
    ok(await t.call('POST', `/api/message/read/${m.id}`, { token: tokens[CLASS_A[0]] }));
    const reminded = ok(await t.call<Message>('POST', `/api/message/remind/${m.id}`, { token: academic, body: {} }));
    // Three in the class, one has read it.
    expect(reminded.lastRemindCount).toBe(2);
    const reminders = async (name: string) =>
      (await inbox(name, { system: true })).list.filter(
        (x) => x.notice === 'messageReminder' && Number(x.noticeParams.messageId) === m.id,
      );
    expect(await reminders(CLASS_A[0])).toHaveLength(0);
    expect(await reminders(CLASS_A[1])).toHaveLength(1);
    const notice = (await reminders(CLASS_A[1]))[0]!;
    expect(notice.sender).toBeNull();
    // The product's own notices are neither withdrawn nor reminded.
    for (const verb of ['withdraw', 'remind']) {
      refused(await t.call('POST', `/api/message/${verb}/${notice.id}`, { token: academic, body: {} }), 'noticeLocked');
    }
    refused(await t.call('POST', `/api/message/remind/${m.id}`, { token: academic, body: {} }), 'remindedRecently');
    setClock(T0 + 11 * 60_000);
    ok(await t.call('POST', `/api/message/remind/${m.id}`, { token: academic, body: {} }));
    expect(await reminders(CLASS_A[1])).toHaveLength(2);
    // A student cannot remind.
    expect(
      (await t.call('POST', `/api/message/remind/${m.id}`, { token: tokens[CLASS_A[1]], body: {} })).code,
    ).not.toBe(1);
  });

  it('tells candidates when an exam is scheduled and when it is cancelled', async () => {
    const paperId = await onePaper(t, academic, { name: 'Notice exam paper' });
    const start = Date.now() + 72 * HOUR;
    const exam = ok(
      await t.call<{ id: number }>('POST', '/api/exam/create', {
        token: academic,
        body: {
          name: 'Noticed exam',
          paperId,
          windowStart: iso(start),
          windowEnd: iso(start + 2 * HOUR),
          durationMinutes: 60,
          teamIds: [teamIds[1]],
        },
      }),
    );
    ok(await t.call('POST', `/api/exam/publish/${exam.id}`, { token: academic, body: {} }));
    const about = async (name: string, kind: string) =>
      (await inbox(name, { system: true })).list.filter((x) => x.notice === kind && x.about?.id === exam.id);
    const [scheduled] = await about(CLASS_B[0], 'examPublished');
    expect(scheduled?.title).toBe('Exam scheduled: Noticed exam');
    expect(scheduled?.noticeParams.start).toBe(iso(start));
    expect(await about(CLASS_A[0], 'examPublished')).toHaveLength(0);
    ok(
      await t.call('POST', `/api/exam/cancel/${exam.id}`, {
        token: academic,
        body: { reason: 'The hall is flooded.' },
      }),
    );
    for (const name of CLASS_B) {
      const [cancelled] = await about(name, 'examCancelled');
      expect(cancelled?.noticeParams.reason).toBe('The hall is flooded.');
    }
  });

  it('sends homework notices through the same path: assigned, reminded', async () => {
    const paperRes = await t.call<{ list: { id: number }[] }>('POST', '/api/examPaper/page', {
      token: admin,
      body: { paperType: 6, pageSize: 1 },
    });
    let paperId = ok(paperRes).list[0]?.id;
    if (!paperId) paperId = await onePaper(t, academic, { name: 'Notice paper', paperType: 6 });
    const now = Date.now();
    const task = ok(
      await t.call<Task>('POST', '/api/task/create', {
        token: academic,
        body: {
          name: 'Noticed homework',
          rangeType: 2,
          teamIds: [teamIds[1]],
          paperId,
          startTime: iso(now - HOUR),
          dueTime: iso(now + 48 * HOUR),
        },
      }),
    );
    ok(await t.call('POST', `/api/task/publish/${task.id}`, { token: academic, body: {} }));
    const assigned = (await inbox(CLASS_B[0], { system: true })).list.find(
      (x) => x.notice === 'homeworkAssigned' && x.about?.id === task.id,
    );
    expect(assigned?.about).toEqual({ type: 2, id: task.id, name: 'Noticed homework' });
    expect(assigned?.title).toBe('New homework: Noticed homework');
    expect((await inbox(CLASS_A[0], { system: true })).list.some((x) => x.about?.id === task.id)).toBe(false);

    // The first student starts it and the reminder still goes to both (neither handed in).
    const mine = ok(await t.call<MyTasks>('POST', '/api/task/my', { token: tokens[CLASS_B[0]], body: {} }));
    expect(mine.tasks.some((x) => x.id === task.id)).toBe(true);
    const sent = ok(await t.call<{ sent: number }>('POST', `/api/task/remind/${task.id}`, { token: academic }));
    expect(sent.sent).toBe(2);
    expect((await t.call('POST', `/api/task/remind/${task.id}`, { token: tokens[CLASS_B[0]] })).code).not.toBe(1);
    const reminded = (await inbox(CLASS_B[1], { system: true })).list.filter(
      (x) => x.notice === 'homeworkReminder' && x.about?.id === task.id,
    );
    expect(reminded).toHaveLength(1);
  });
});
