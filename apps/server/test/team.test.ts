import type { Accommodation, ImportReport, Page, Team, TeamInput, User } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeSheet, ok, type Reply, refused, type TestApp } from './harness';

// Classes: members as an owned collection with join dates, the class-teacher scope (a teacher sees
// and keeps only the classes they lead), the member import by user name, and students' accommodations.

let t: TestApp;
let admin: string;
let academic: string;
let teacher: string;
let otherTeacher: string;
let student: string;
let studentB: string;
let north: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ students: 12 });
  [admin, academic, teacher, otherTeacher, student, studentB, north] = await Promise.all([
    t.login('demo', 'admin'),
    t.login('demo', 'academic'),
    t.login('demo', 'teacher'),
    t.login('demo', 'wang.fang'),
    t.login('demo', 'student'),
    t.login('demo', 's2026002'),
    t.login('north', 'admin'),
  ]);
  const users = ok(await t.call<Page<User>>('POST', '/api/user/page', { token: admin, body: { pageSize: 100 } }));
  for (const u of users.list) ids[u.userName] = u.id;
});
afterAll(() => t.close());

const create = (token: string, body: Partial<TeamInput>) =>
  t.call<Team>('POST', '/api/team/create', { token, body: { id: null, gradeYear: 2024, ...body } });
type TeamUpdate = Omit<Partial<TeamInput>, 'id' | 'members'> & {
  id: number;
  members?: { id?: number | null; userId: number; joinDate?: string | null }[];
};
const update = (token: string, body: TeamUpdate) => t.call<Team>('POST', '/api/team/update', { token, body });
const select = (token: string, id: number) => t.call<Team>('POST', `/api/team/select/${id}`, { token });
const page = (token: string, body: object = {}) => t.call<Page<Team>>('POST', '/api/team/page', { token, body });
const editable = (team: Team): TeamUpdate & { members: NonNullable<TeamUpdate['members']> } => ({
  id: team.id,
  name: team.name,
  gradeYear: team.gradeYear,
  majorId: team.majorId,
  semesterId: team.semesterId,
  classTeacherId: team.classTeacherId,
  remark: team.remark,
  members: (team.members ?? []).map((m) => ({ id: m.id, userId: m.userId, joinDate: m.joinDate })),
});

let mine: Team;
let others: Team;

describe('classes and their members', () => {
  it('creates a class with members and join dates; an update keeps, changes, adds and removes members', async () => {
    const created = ok(
      await create(academic, {
        name: 'Class 2024-1',
        classTeacherId: ids.teacher,
        members: [
          { userId: ids.student, joinDate: '2024-09-01' },
          { userId: ids.s2026001, joinDate: '2024-09-02' },
          { userId: ids.s2026002 },
        ],
      }),
    );
    expect(created.memberCount).toBe(3);
    mine = ok(await select(academic, created.id));
    const members = mine.members ?? [];
    expect(members.map((m) => [m.userId, m.joinDate])).toEqual([
      [ids.student, '2024-09-01'],
      [ids.s2026001, '2024-09-02'],
      // No date given: the day it was saved.
      [ids.s2026002, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
    ]);

    const body = editable(mine);
    body.members = [
      { ...body.members[0], joinDate: '2024-08-30' },
      body.members[2],
      { id: null, userId: ids.s2026003, joinDate: '2025-02-20' },
    ];
    const saved = ok(await update(academic, body));
    expect(saved.memberCount).toBe(3);
    mine = ok(await select(academic, mine.id));
    expect(mine.members?.map((m) => [m.userId, m.joinDate])).toEqual([
      [ids.student, '2024-08-30'],
      [ids.s2026002, members[2].joinDate],
      [ids.s2026003, '2025-02-20'],
    ]);
    // Kept rows keep their ids.
    expect(mine.members?.[0].id).toBe(members[0].id);

    others = ok(await create(academic, { name: 'Class 2024-2', classTeacherId: ids['wang.fang'], members: [] }));
  });

  it('refuses a student listed twice, a member who is not a student and a class teacher who is not a teacher', async () => {
    refused(
      await create(academic, {
        name: 'Twice',
        members: [{ userId: ids.s2026004 }, { userId: ids.s2026005 }, { userId: ids.s2026004 }],
      }),
      'listedTwice',
      'members.2.userId',
    );
    refused(
      await create(academic, { name: 'Staff', members: [{ userId: ids.s2026004 }, { userId: ids['li.wei'] }] }),
      'notAStudent',
      'members.1.userId',
    );
    refused(await create(academic, { name: 'Led by a student', classTeacherId: ids.s2026004 }), 'notATeacher');
    const names = ok(await page(academic, { keyword: 'Twice' }));
    expect(names.total).toBe(0);
  });

  it('shows a teacher only the classes they lead; they keep its members but not who leads it', async () => {
    const seen = ok(await page(teacher));
    expect(seen.list.map((c) => c.name)).toEqual(['Class 2024-1']);
    expect(ok(await page(academic)).total).toBe(2);
    refused(await select(teacher, others.id), 'notFound');
    refused(await update(teacher, { ...editable(others), remark: 'mine now' }), 'notFound');
    refused(
      await update(teacher, { ...editable(mine), classTeacherId: ids['wang.fang'] }),
      'cannotChangeRow',
      'classTeacherId',
    );
    const body = editable(mine);
    const kept = ok(await update(teacher, { ...body, members: [...body.members, { userId: ids.s2026006 }] }));
    expect(kept.memberCount).toBe(4);
    // Creating is the office's: a teacher has no team:create.
    expect((await create(teacher, { name: 'My own' })).code).toBe(403);
    // wang.fang leads the other class.
    expect(ok(await page(otherTeacher)).list.map((c) => c.name)).toEqual(['Class 2024-2']);
  });

  it("answers another organisation's class ids with not found", async () => {
    refused(await select(north, mine.id), 'notFound');
    refused(await update(north, { ...editable(mine), classTeacherId: null, members: [] }), 'notFound');
    refused(await t.call('POST', `/api/team/members/${mine.id}`, { token: north, body: {} }), 'notFound');
    expect(ok(await page(north)).total).toBe(0);
    const sheet = await makeSheet([['User name'], ['student']]);
    refused(await sendMembers(north, mine.id, sheet, false), 'notFound');
    expect(ok(await select(academic, mine.id)).memberCount).toBe(4);
  });

  it('pages the members with their names and departments, searched by name', async () => {
    type Row = { id: number; userName: string; realName: string; joinDate: string | null; departmentName: string };
    const all = ok(
      await t.call<Page<Row>>('POST', `/api/team/members/${mine.id}`, { token: teacher, body: { pageSize: 2 } }),
    );
    expect(all.total).toBe(4);
    expect(all.list.map((r) => r.userName)).toEqual(['s2026002', 's2026003']);
    const found = ok(
      await t.call<Page<Row>>('POST', `/api/team/members/${mine.id}`, {
        token: teacher,
        body: { keyword: 'Sam Stu' },
      }),
    );
    expect(found.list).toEqual([
      expect.objectContaining({ userName: 'student', realName: 'Sam Student', joinDate: '2024-08-30' }),
    ]);
    expect(found.list[0].departmentName).toBe('Computer Science');
    refused(await t.call('POST', `/api/team/members/${others.id}`, { token: teacher, body: {} }), 'notFound');
  });

  it("gives a student their own classes, on 'mine' and on the portal", async () => {
    expect(ok(await t.call<{ name: string }[]>('POST', '/api/team/mine', { token: student }))).toEqual([
      { id: mine.id, name: 'Class 2024-1', gradeYear: 2024 },
    ]);
    const portal = ok(await t.call<{ classes: unknown[] }>('POST', '/api/dashboard/student', { token: student }));
    expect(portal.classes).toEqual([{ id: mine.id, name: 'Class 2024-1' }]);
    expect(ok(await t.call<unknown[]>('POST', '/api/team/mine', { token: studentB }))).toEqual([
      { id: mine.id, name: 'Class 2024-1', gradeYear: 2024 },
    ]);
    expect(ok(await t.call<unknown[]>('POST', '/api/team/mine', { token: otherTeacher }))).toEqual([]);
  });
});

async function sendMembers(token: string, id: number, file: Buffer, dryRun: boolean, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/team/importMembers/${id}?dryRun=${dryRun}&lang=${lang}`,
    headers: { token, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    payload: file,
  });
  return res.json() as Reply<ImportReport>;
}

describe('member import', () => {
  it('offers a template with the two columns and an example', async () => {
    const sheet = await t.call<unknown[][]>('GET', '/api/team/memberTemplate', { token: teacher });
    expect(sheet.response[0]).toEqual(['User name', 'Join date']);
    expect(sheet.response).toHaveLength(2);
    const zh = await t.call<unknown[][]>('GET', '/api/team/memberTemplate', { token: teacher, query: { lang: 'zh' } });
    expect(zh.response[0]).toEqual(['用户名', '入班日期']);
    expect((await t.call('GET', '/api/team/memberTemplate', { token: student })).code).toBe(403);
  });

  it('lists every problem of every row in one pass and writes nothing, then imports a clean file', async () => {
    const before = ok(await select(academic, others.id));
    const bad = await makeSheet([
      ['User name', 'Join date'],
      ['s2026007', '2024-09-01'],
      ['nobody.here', ''],
      ['li.wei', '2024-09-01'],
      ['S2026008', '2024-13-01'],
      ['s2026008', ''],
    ]);
    const checked = ok(await sendMembers(academic, others.id, bad, true));
    expect(checked).toMatchObject({ dryRun: true, total: 5, created: 0 });
    expect(checked.errors.map((e) => [e.row, e.column, e.error.key])).toEqual([
      [3, 'User name', 'unknownUserName'],
      [4, 'User name', 'notAStudent'],
      [5, 'Join date', 'invalidFormat'],
      [5, 'User name', 'repeatsInFile'],
      [6, 'User name', 'repeatsInFile'],
    ]);
    expect(checked.errors[0].message).toBe('No user named nobody.here');
    expect(checked.errors[3].message).toBe('User name "S2026008" is also in row 6 of this file');
    expect(checked.errors[4].message).toBe('User name "s2026008" is also in row 5 of this file');
    // Asked again for real, the same problems and still nothing written.
    const refusedImport = ok(await sendMembers(academic, others.id, bad, false));
    expect(refusedImport.created).toBe(0);
    expect(refusedImport.errors).toHaveLength(5);
    expect(ok(await select(academic, others.id)).memberCount).toBe(before.memberCount);
    // In Chinese: the reasons and the column names.
    const zh = ok(await sendMembers(academic, others.id, bad, true, 'zh'));
    expect(zh.errors[0]).toMatchObject({ column: '用户名', message: '没有用户名为 nobody.here 的用户' });

    const good = await makeSheet([
      ['用户名', '入班日期'],
      ['s2026007', '2024-09-01'],
      ['S2026008', ''],
      ['s2026009', '2025-03-01'],
    ]);
    const dry = ok(await sendMembers(teacher, mine.id, good, true));
    expect(dry).toMatchObject({ total: 3, valid: 3, created: 0, errors: [] });
    const done = ok(await sendMembers(academic, others.id, good, false));
    expect(done).toMatchObject({ dryRun: false, total: 3, valid: 3, created: 3, errors: [] });
    const after = ok(await select(academic, others.id));
    expect(after.memberCount).toBe(3);
    expect(after.members?.map((m) => [m.userId, m.joinDate])).toEqual([
      [ids.s2026007, '2024-09-01'],
      [ids.s2026008, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
      [ids.s2026009, '2025-03-01'],
    ]);

    // Members already in the class are left as they are and counted valid.
    const again = await makeSheet([['User name', 'Join date'], ['s2026007', '2030-01-01'], ['s2026010']]);
    const more = ok(await sendMembers(academic, others.id, again, false));
    expect(more).toMatchObject({ total: 2, valid: 2, created: 1 });
    const last = ok(await select(academic, others.id));
    expect(last.memberCount).toBe(4);
    expect(last.members?.find((m) => m.userId === ids.s2026007)?.joinDate).toBe('2024-09-01');
  });

  it("refuses a teacher another teacher's class, a student the route, a sheet without the user name column", async () => {
    const sheet = await makeSheet([['User name'], ['s2026011']]);
    refused(await sendMembers(teacher, others.id, sheet, true), 'notFound');
    expect((await sendMembers(student, mine.id, sheet, true)).code).toBe(403);
    const noColumn = ok(await sendMembers(teacher, mine.id, await makeSheet([['Name'], ['s2026011']]), true));
    expect(noColumn.errors.map((e) => [e.row, e.error.key])).toEqual([[1, 'columnMissing']]);
  });
});

describe('accommodations', () => {
  const url = (id: number) => `/api/user/accommodation/${id}`;
  const read = (token: string, id: number) =>
    t.call<Accommodation | null>('POST', `/api/user/accommodation/get/${id}`, { token });

  it('are none until set, then read back; setting again replaces them', async () => {
    expect(ok(await read(academic, ids.s2026003))).toBeNull();
    const set = ok(
      await t.call<Accommodation>('POST', url(ids.s2026003), {
        token: academic,
        body: { extraTimeFactor: 1.25, extraMinutes: 10, note: 'Dyslexia: large print' },
      }),
    );
    expect(set).toEqual({
      userId: ids.s2026003,
      extraTimeFactor: 1.25,
      extraMinutes: 10,
      note: 'Dyslexia: large print',
    });
    expect(ok(await read(teacher, ids.s2026003))).toEqual(set);
    const replaced = ok(await t.call<Accommodation>('POST', url(ids.s2026003), { token: academic, body: {} }));
    expect(replaced).toEqual({ userId: ids.s2026003, extraTimeFactor: 1, extraMinutes: 0, note: null });
  });

  it('refuses a factor off the 0.05 steps or beyond 3, students, non-students and other organisations', async () => {
    expect(
      (await t.call('POST', url(ids.s2026003), { token: academic, body: { extraTimeFactor: 1.23 } })).error?.field,
    ).toBe('extraTimeFactor');
    expect(
      (await t.call('POST', url(ids.s2026003), { token: academic, body: { extraTimeFactor: 3.5 } })).error?.field,
    ).toBe('extraTimeFactor');
    // A student (B) can neither read nor set anyone's, their own included; a teacher cannot set them.
    expect((await read(studentB, ids.s2026003)).code).toBe(403);
    expect((await t.call('POST', url(ids.s2026002), { token: studentB, body: { extraMinutes: 60 } })).code).toBe(403);
    expect((await t.call('POST', url(ids.s2026003), { token: teacher, body: { extraMinutes: 60 } })).code).toBe(403);
    refused(
      await t.call('POST', url(ids.teacher), { token: academic, body: { extraMinutes: 5 } }),
      'notAStudent',
      'id',
    );
    refused(await read(academic, ids.teacher), 'notAStudent');
    refused(await read(north, ids.s2026003), 'notFound');
    refused(await t.call('POST', url(ids.s2026003), { token: north, body: { extraMinutes: 5 } }), 'notFound');
    expect(ok(await read(academic, ids.s2026003))?.extraMinutes).toBe(0);
  });
});
