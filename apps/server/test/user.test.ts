import { type Page, ResultCode, RoleKind, type User, type UserBrief } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './harness';

let t: TestApp;
let admin: string;
const roleIds = () => t.ids.demo.roleIds;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('demo', 'admin');
});
afterAll(() => t.close());

async function createUser(userName: string, extra: Record<string, unknown> = {}) {
  return t.call<User>('POST', '/api/user/create', {
    token: admin,
    body: {
      id: null,
      userName,
      realName: `Real ${userName}`,
      password: 'first-pass-1',
      roleIds: [roleIds().student],
      ...extra,
    },
  });
}

describe('user CRUD', () => {
  it('creates (id null), reads, updates and deletes a user; the password never leaves the server', async () => {
    const created = await createUser('newbie', { phone: '13912345678', email: 'newbie@example.org', sex: 1 });
    expect(created.code).toBe(ResultCode.Success);
    expect(created.response).toMatchObject({
      userName: 'newbie',
      status: 1,
      verified: 0,
      roleIds: [roleIds().student],
    });
    expect(JSON.stringify(created)).not.toMatch(/password|\$argon2/i);
    const id = created.response.id;
    const read = await t.call<User>('POST', `/api/user/select/${id}`, { token: admin });
    expect(read.response.realName).toBe('Real newbie');
    const updated = await t.call<User>('POST', '/api/user/update', {
      token: admin,
      body: {
        id,
        userName: 'newbie',
        realName: 'Newbie Renamed',
        roleIds: [roleIds().teacher, roleIds().student],
        phone: '',
      },
    });
    expect(updated.code).toBe(ResultCode.Success);
    expect(updated.response).toMatchObject({ realName: 'Newbie Renamed', phone: null });
    expect(updated.response.roles.map((r) => r.kind)).toEqual([RoleKind.Teacher, RoleKind.Student]);
    expect(await t.login('demo', 'newbie', 'first-pass-1')).toBeTruthy();
    const del = await t.call('POST', `/api/user/delete/${id}`, { token: admin });
    expect(del.code).toBe(ResultCode.Success);
    expect((await t.call('POST', `/api/user/select/${id}`, { token: admin })).message).toMatch(/not found/);
  });

  it('refuses a duplicate user name (any case), unknown roles and departments, and short passwords', async () => {
    const dup = await createUser('TEACHER');
    expect(dup.code).toBe(ResultCode.InvalidParams);
    expect(dup.message).toMatch(/^userName: .*already exists/);
    const role = await createUser('x1', { roleIds: [999999] });
    expect(role).toMatchObject({ code: ResultCode.InvalidParams, message: 'roleIds: no role with id 999999' });
    const dept = await createUser('x2', { departmentId: 999999 });
    expect(dept.message).toMatch(/^departmentId: no department/);
    const pw = await createUser('x3', { password: 'short' });
    expect(pw.message).toBe('password: must be at least 8 characters');
    const noRole = await createUser('x4', { roleIds: [] });
    expect(noRole.message).toMatch(/^roleIds: a user needs at least one role/);
    const email = await createUser('x5', { email: 'not-an-email' });
    expect(email.message).toBe('email: not an e-mail address');
    const list = await t.call<Page<User>>('POST', '/api/user/page', { token: admin, body: { keyword: 'x' } });
    expect(list.response.list.filter((u) => /^x\d$/.test(u.userName))).toEqual([]);
  });

  it('pages with filters and sorting; pageSize is bounded', async () => {
    const students = await t.call<Page<User>>('POST', '/api/user/page', {
      token: admin,
      body: { pageIndex: 2, pageSize: 5, roleId: roleIds().student, sortField: 'userName', sortOrder: 'ascend' },
    });
    expect(students.response).toMatchObject({ pageNum: 2, pageSize: 5, total: 13, pages: 3 });
    expect(students.response.list.map((u) => u.userName)).toEqual([
      's2026006',
      's2026007',
      's2026008',
      's2026009',
      's2026010',
    ]);
    const byName = await t.call<Page<User>>('POST', '/api/user/page', { token: admin, body: { realName: 'tom' } });
    expect(byName.response.list.map((u) => u.userName)).toEqual(['teacher']);
    const disabled = await t.call<Page<User>>('POST', '/api/user/page', { token: admin, body: { status: 2 } });
    expect(disabled.response.total).toBe(0);
    const byDept = await t.call<Page<User>>('POST', '/api/user/page', {
      token: admin,
      body: { departmentId: t.ids.demo.deptIds.cs },
    });
    expect(byDept.response.list.every((u) => u.departmentId === t.ids.demo.deptIds.cs)).toBe(true);
    expect((await t.call('POST', '/api/user/page', { token: admin, body: { pageSize: 201 } })).message).toMatch(
      /^pageSize: /,
    );
    expect(
      (await t.call('POST', '/api/user/page', { token: admin, body: { sortField: 'passwordHash' } })).message,
    ).toMatch(/^sortField: /);
    const defaults = await t.call<Page<User>>('POST', '/api/user/page', { token: admin });
    expect(defaults.response).toMatchObject({ pageNum: 1, pageSize: 10 });
  });

  it('bulk delete is all or nothing and never deletes yourself', async () => {
    const a = (await createUser('bulk1')).response.id;
    const b = (await createUser('bulk2')).response.id;
    const meId = (await t.call<{ id: number }>('GET', '/api/user/current', { token: admin })).response.id;
    const withMe = await t.call('POST', '/api/user/delete/ids', { token: admin, body: { ids: [a, b, meId] } });
    expect(withMe.code).toBe(ResultCode.Error);
    expect((await t.call('POST', `/api/user/select/${a}`, { token: admin })).code).toBe(ResultCode.Success);
    const withUnknown = await t.call('POST', '/api/user/delete/ids', { token: admin, body: { ids: [a, 424242] } });
    expect(withUnknown.message).toMatch(/not found/);
    const ok = await t.call<{ deleted: number }>('POST', '/api/user/delete/ids', {
      token: admin,
      body: { ids: [a, b] },
    });
    expect(ok.response.deleted).toBe(2);
  });

  it('teacher and student lists, look-ups by name, ids and role', async () => {
    const teachers = await t.call<Page<User>>('POST', '/api/user/teacher/page', {
      token: admin,
      body: { pageSize: 50 },
    });
    expect(teachers.response.total).toBe(11);
    expect(teachers.response.list.every((u) => u.roles.some((r) => r.kind === RoleKind.Teacher))).toBe(true);
    const byTeacherName = await t.call<UserBrief[]>('POST', '/api/user/selectByTeacherName', {
      token: admin,
      body: { teacherName: '王' },
    });
    expect(byTeacherName.response.map((u) => u.userName)).toEqual(['wang.fang']);
    const classTeacher = await t.call<UserBrief[]>('POST', '/api/user/selectByUserName/classTeacher', {
      token: admin,
      body: { userName: 'student' },
    });
    expect(classTeacher.response).toEqual([]);
    const byName = await t.call<UserBrief[]>('POST', '/api/user/selectByUserName', {
      token: admin,
      body: { userName: 'ADM' },
    });
    expect(byName.response.map((u) => u.userName)).toEqual(['admin']);
    const ids = teachers.response.list.slice(0, 3).map((u) => u.id);
    const byIds = await t.call<UserBrief[]>('POST', '/api/user/getUserByIdList', { token: admin, body: { ids } });
    expect(byIds.response.map((u) => u.id).sort()).toEqual([...ids].sort());
    const byRole = await t.call<UserBrief[]>('POST', '/api/user/select/role', {
      token: admin,
      body: { roleId: roleIds().admin },
    });
    expect(byRole.response.map((u) => u.userName)).toEqual(['admin']);
    const cat = t.ids.demo.categoryIds.undergraduate;
    const students = await t.call<Page<User>>('POST', '/api/user/categoryStudentPage', {
      token: admin,
      body: { userCategoryId: cat },
    });
    expect(students.response.total).toBeGreaterThan(0);
    expect(students.response.list.every((u) => u.userCategoryId === cat)).toBe(true);
    const list = await t.call<UserBrief[]>('POST', '/api/user/studentList', {
      token: admin,
      body: { keyword: 's202601' },
    });
    expect(list.response.map((u) => u.userName)).toEqual(['s2026010', 's2026011', 's2026012']);
    // A task that does not exist (task.test.ts covers real ones).
    const noTask = await t.call('POST', '/api/user/taskStudentList/5', { token: admin, body: {} });
    expect(noTask.message).toMatch(/not found/);
    const everyone = await t.call<UserBrief[]>('POST', '/api/user/select/organizationId', { token: admin, body: {} });
    expect(everyone.response.length).toBe(26);
    const roles = await t.call<{ name: string }[]>('POST', `/api/user/roleListByOrganizationId/${t.ids.demo.orgId}`, {
      token: admin,
    });
    expect(roles.response.map((r) => r.name)).toEqual(['Administrator', 'Academic staff', 'Teacher', 'Student']);
  });

  it('a teacher may look students up but not manage users', async () => {
    const teacher = await t.login('demo', 'teacher');
    expect((await t.call('POST', '/api/user/studentList', { token: teacher, body: {} })).code).toBe(ResultCode.Success);
    expect((await t.call('POST', '/api/user/page', { token: teacher, body: {} })).code).toBe(ResultCode.Forbidden);
    expect((await createUser('nope')).code).toBe(ResultCode.Success);
    const asTeacher = await t.call('POST', '/api/user/create', {
      token: teacher,
      body: { userName: 'nope2', realName: 'N', password: 'Invig-Lantern-2026', roleIds: [roleIds().student] },
    });
    expect(asTeacher.code).toBe(ResultCode.Forbidden);
  });
});

describe('passwords and profile', () => {
  it('resets a password (generated once, sessions ended)', async () => {
    const id = (await createUser('resetme')).response.id;
    const session = await t.login('demo', 'resetme', 'first-pass-1');
    const gen = await t.call<{ password: string }>('POST', `/api/user/resetPassword/${id}`, { token: admin, body: {} });
    expect(gen.response.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await t.call('GET', '/api/user/menu', { token: session })).code).toBe(ResultCode.NotLoggedIn);
    expect(await t.login('demo', 'resetme', gen.response.password)).toBeTruthy();
    const chosen = await t.call<{ password: null }>('POST', `/api/user/resetPassword/${id}`, {
      token: admin,
      body: { password: 'chosen-pass-9' },
    });
    expect(chosen.response.password).toBeNull();
    expect(await t.login('demo', 'resetme', 'chosen-pass-9')).toBeTruthy();
  });

  it('changes my own password only with the current one; other sessions end', async () => {
    await createUser('changer');
    const a = await t.login('demo', 'changer', 'first-pass-1');
    const b = await t.login('demo', 'changer', 'first-pass-1');
    const wrong = await t.call('POST', '/api/user/changePassword', {
      token: a,
      body: { oldPassword: 'nope', newPassword: 'second-pass-2' },
    });
    expect(wrong).toMatchObject({
      code: ResultCode.InvalidParams,
      message: 'oldPassword: the current password is not correct',
    });
    const ok = await t.call('POST', '/api/user/changePassword', {
      token: a,
      body: { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' },
    });
    expect(ok.code).toBe(ResultCode.Success);
    expect((await t.call('GET', '/api/user/menu', { token: a })).code).toBe(ResultCode.Success);
    expect((await t.call('GET', '/api/user/menu', { token: b })).code).toBe(ResultCode.NotLoggedIn);
    expect(await t.login('demo', 'changer', 'second-pass-2')).toBeTruthy();
  });

  it('updates my profile and reports who I am', async () => {
    const student = await t.login('demo', 'student');
    const res = await t.call<User>('POST', '/api/user/updateProfile', {
      token: student,
      body: { realName: 'Samantha Student', sex: 2, phone: '+86 139 0000 0000', email: 'sam@example.org', avatar: '' },
    });
    expect(res.response).toMatchObject({ realName: 'Samantha Student', phone: '+86 139 0000 0000', avatar: null });
    const me = await t.call<{ userName: string; organization: { name: string }; roles: unknown[] }>(
      'GET',
      '/api/user/current',
      { token: student },
    );
    expect(me.response).toMatchObject({ userName: 'student', organization: { name: 'Demo Academy' } });
    const bad = await t.call('POST', '/api/user/updateProfile', { token: student, body: { realName: '' } });
    expect(bad.code).toBe(ResultCode.InvalidParams);
  });

  it('switches between the roles a user holds, and the menu follows', async () => {
    const id = (await createUser('dual', { roleIds: [roleIds().teacher, roleIds().student] })).response.id;
    expect(id).toBeGreaterThan(0);
    const token = await t.login('demo', 'dual', 'first-pass-1');
    const menu = await t.call<{ permissionList: string[] }>('GET', '/api/user/menu', { token });
    expect(menu.response.permissionList).toContain('question:page');
    const sw = await t.call('POST', '/api/user/change', { token, body: { roleId: roleIds().student } });
    expect(sw.code).toBe(ResultCode.Success);
    const after = await t.call<{ permissionList: string[] }>('GET', '/api/user/menu', { token });
    expect(after.response.permissionList).toContain('myExam:page');
    expect(after.response.permissionList).not.toContain('question:page');
    const notMine = await t.call('POST', '/api/user/change', { token, body: { roleId: roleIds().admin } });
    expect(notMine.code).toBe(ResultCode.Error);
  });

  it('keeps the password of the demo users', async () => {
    expect(await t.login('demo', 'academic', PASSWORD)).toBeTruthy();
  });
});

describe('password strength', () => {
  it('refuses common and guessable passwords wherever one is set, saying why; allows 128 characters', async () => {
    for (const password of ['12345678', 'password', 'password123', 'weakling2026']) {
      const res = await createUser('weakling', { password });
      expect(res.code, password).toBe(ResultCode.InvalidParams);
      expect(res.message, password).toMatch(/^password: is too easy to guess/);
    }
    const student = (await t.call<User[]>('POST', '/api/user/list', { token: admin, body: { userName: 'student' } }))
      .response[0];
    const reset = await t.call('POST', `/api/user/resetPassword/${student.id}`, {
      token: admin,
      body: { password: 'qwertyuiop' },
    });
    expect(reset.message).toMatch(/^password: is too easy to guess/);
    const me = await t.login('demo', 'teacher');
    const change = await t.call('POST', '/api/user/changePassword', {
      token: me,
      body: { oldPassword: PASSWORD, newPassword: 'iloveyou2024' },
    });
    expect(change.message).toMatch(/^newPassword: is too easy to guess/);
    const long = `${'Lantern-Tromb0ne-'.repeat(7)}x`.slice(0, 128);
    const ok = await createUser('long.pass', { password: long });
    expect(ok.code, ok.message).toBe(ResultCode.Success);
    expect(await t.login('demo', 'long.pass', long)).toBeTruthy();
  });
});
