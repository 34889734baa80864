import { type MenuResponse, type PermissionNode, ResultCode, type Role } from '@lyceum/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncPermissionCatalogue } from '../src/modules/role/role.service';
import { permissions } from '../src/modules/role/role.table';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let tree: PermissionNode[];
const flat = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('demo', 'admin');
  tree = (await t.call<PermissionNode[]>('GET', '/api/role/permissionTree', { token: admin })).response;
});
afterAll(() => t.close());

describe('menu', () => {
  it('is shaped as the spec says, from the active role', async () => {
    const menu = (await t.call<MenuResponse>('GET', '/api/user/menu', { token: admin })).response;
    expect(menu.permissionList).toEqual(expect.arrayContaining(['user:page', 'user:create', 'role:grant']));
    const users = menu.routerItemVMList.find((m) => m.path === '/user')!;
    expect(users).toMatchObject({ metaTitle: 'Users', metaTitleZh: '用户管理', metaIcon: 'user' });
    expect(users.children[0]).toEqual({
      path: 'index',
      name: 'userIndex',
      component: 'user/index',
      metaTitle: 'User list',
      metaTitleZh: '用户列表',
      metaNoCache: false,
      metaActiveMenu: null,
      hidden: false,
    });
    const question = menu.routerItemVMList.find((m) => m.path === '/question')!;
    expect(question.children.find((c) => c.path === 'single/choice')).toMatchObject({
      hidden: true,
      metaActiveMenu: '/question/list',
    });
    expect(menu.routerItemVMList.some((m) => m.path === '/study')).toBe(false);
  });

  it('gives students only their own area', async () => {
    const student = await t.login('demo', 'student');
    const menu = (await t.call<MenuResponse>('GET', '/api/user/menu', { token: student })).response;
    expect(menu.routerItemVMList.map((m) => m.path)).toEqual(['/study']);
    expect(menu.permissionList.every((p) => p.startsWith('my'))).toBe(true);
  });

  it('carries the screens opened from others (marking, class detail) only to roles holding their permission', async () => {
    const paths = (m: MenuResponse) =>
      m.routerItemVMList.flatMap((a) =>
        a.children.map((c) => (c.path.startsWith('/') ? c.path : `${a.path}/${c.path}`)),
      );
    const teacher = await t.login('demo', 'teacher');
    const teacherMenu = (await t.call<MenuResponse>('GET', '/api/user/menu', { token: teacher })).response;
    expect(paths(teacherMenu)).toEqual(expect.arrayContaining(['/answer/edit', '/answer/read', '/team/detail']));
    const exam = teacherMenu.routerItemVMList.find((m) => m.path === '/exam')!;
    expect(exam.children.find((c) => c.path === '/answer/edit')).toMatchObject({
      hidden: true,
      metaActiveMenu: '/exam/answer',
    });
    // Registrants belong to exam registration, which teachers do not have.
    expect(paths(teacherMenu)).not.toContain('/examRegister/registerList');
    const academic = await t.login('demo', 'academic');
    const academicMenu = (await t.call<MenuResponse>('GET', '/api/user/menu', { token: academic })).response;
    expect(paths(academicMenu)).toContain('/examRegister/registerList');
    const student = await t.login('demo', 'student');
    const studentMenu = (await t.call<MenuResponse>('GET', '/api/user/menu', { token: student })).response;
    for (const path of ['/answer/edit', '/answer/list', '/team/detail', '/task/taskPaperEdit', '/user/achiReport']) {
      expect(paths(studentMenu)).not.toContain(path);
    }
  });

  it('the permission tree has three levels and every area of the product', () => {
    expect(tree.length).toBeGreaterThanOrEqual(12);
    const all = flat(tree);
    expect(new Set(all.map((n) => n.level))).toEqual(new Set([1, 2, 3]));
    expect(all.find((n) => n.permission === 'user:create')?.level).toBe(3);
  });
});

describe('roles', () => {
  it('creates a role, grants menus, and its holders get exactly those', async () => {
    const created = await t.call<Role>('POST', '/api/role/create', {
      token: admin,
      body: { name: 'Invigilator', kind: 3, description: 'Watches exams' },
    });
    expect(created.response).toMatchObject({ name: 'Invigilator', builtIn: false, userCount: 0, permissionIds: [] });
    const monitor = flat(tree).find((n) => n.permission === 'examLog:page')!;
    const grant = await t.call('POST', '/api/role/grant', {
      token: admin,
      body: { roleId: created.response.id, permissionIds: [monitor.id] },
    });
    expect(grant.code).toBe(ResultCode.Success);
    const user = await t.call<{ id: number }>('POST', '/api/user/create', {
      token: admin,
      body: { userName: 'invig', realName: 'In Vig', password: 'Invig-Lantern-2026', roleIds: [created.response.id] },
    });
    const token = await t.login('demo', 'invig', 'Invig-Lantern-2026');
    const menu = (await t.call<MenuResponse>('GET', '/api/user/menu', { token })).response;
    expect(menu.permissionList).toEqual(['examLog:page']);
    expect(menu.routerItemVMList.map((m) => m.path)).toEqual(['/exam']);
    expect(menu.routerItemVMList[0].children.map((c) => c.path)).toEqual(['monitor']);
    // Given "Marking", the role also reaches the marking screens, though nobody ticked them.
    const marking = flat(tree).find((n) => n.name === 'answerIndex')!;
    await t.call('POST', '/api/role/grant', {
      token: admin,
      body: { roleId: created.response.id, permissionIds: [monitor.id, marking.id] },
    });
    const withMarking = (await t.call<MenuResponse>('GET', '/api/user/menu', { token })).response;
    expect(withMarking.routerItemVMList[0].children.map((c) => c.path)).toEqual([
      'answer',
      'monitor',
      '/answer/list',
      '/answer/edit',
      '/answer/read',
      '/answer/print',
    ]);
    const inUse = await t.call('POST', `/api/role/delete/${created.response.id}`, { token: admin });
    expect(inUse.code).toBe(ResultCode.Error);
    expect(inUse.message).toMatch(/in use by users \(1\)/);
    await t.call('POST', `/api/user/delete/${user.response.id}`, { token: admin });
    expect((await t.call('POST', `/api/role/delete/${created.response.id}`, { token: admin })).code).toBe(
      ResultCode.Success,
    );
  });

  it('a student role cannot be granted staff entries; built-in roles are protected', async () => {
    const ids = t.ids.demo.roleIds;
    const staffEntry = flat(tree).find((n) => n.permission === 'user:page')!;
    const res = await t.call('POST', '/api/role/grant', {
      token: admin,
      body: { roleId: ids.student, permissionIds: [staffEntry.id] },
    });
    expect(res.code).toBe(ResultCode.InvalidParams);
    expect(res.message).toMatch(/^permissionIds: a student role cannot hold staff entries/);
    expect(
      (await t.call('POST', '/api/role/grant', { token: admin, body: { roleId: ids.admin, permissionIds: [] } })).code,
    ).toBe(ResultCode.Error);
    expect((await t.call('POST', `/api/role/delete/${ids.teacher}`, { token: admin })).message).toMatch(
      /Built-in roles cannot be deleted/,
    );
    const kind = await t.call('POST', '/api/role/update', {
      token: admin,
      body: { id: ids.teacher, name: 'Teacher', kind: 4 },
    });
    expect(kind.message).toBe('kind: the kind of a built-in role cannot change');
    const dup = await t.call('POST', '/api/role/create', { token: admin, body: { name: 'teacher', kind: 3 } });
    expect(dup.message).toMatch(/^name: .*already exists/);
    const unknown = await t.call('POST', '/api/role/grant', {
      token: admin,
      body: { roleId: ids.teacher, permissionIds: [99999] },
    });
    expect(unknown.message).toBe('permissionIds: no permission with id 99999');
  });

  it('changes take effect on the next call of users already logged in', async () => {
    const ids = t.ids.demo.roleIds;
    const teacher = await t.login('demo', 'teacher');
    const before = (await t.call<MenuResponse>('GET', '/api/user/menu', { token: teacher })).response.permissionList;
    expect(before).toContain('question:page');
    const keep = flat(tree)
      .filter((n) => n.permission === 'message:page')
      .map((n) => n.id);
    await t.call('POST', '/api/role/grant', { token: admin, body: { roleId: ids.teacher, permissionIds: keep } });
    const after = (await t.call<MenuResponse>('GET', '/api/user/menu', { token: teacher })).response.permissionList;
    expect(after).toEqual(['message:page']);
    const role = await t.call<Role>('POST', `/api/role/select/${ids.teacher}`, { token: admin });
    expect(role.response.permissionIds).toEqual(keep);
    expect(role.response.userCount).toBe(11);
  });

  it('gives a role to users and takes it away, never leaving anyone without a role', async () => {
    const ids = t.ids.demo.roleIds;
    const users = await t.call<{ id: number; userName: string }[]>('POST', '/api/user/studentList', {
      token: admin,
      body: { keyword: 's2026001' },
    });
    const sid = users.response[0].id;
    const add = await t.call('POST', '/api/role/assign', {
      token: admin,
      body: { roleId: ids.teacher, userIds: [sid] },
    });
    expect(add.code).toBe(ResultCode.Success);
    const holders = await t.call<{ id: number }[]>('POST', '/api/user/select/role', {
      token: admin,
      body: { roleId: ids.teacher },
    });
    expect(holders.response.map((u) => u.id)).toContain(sid);
    const strand = await t.call('POST', '/api/role/assign', {
      token: admin,
      body: { roleId: ids.student, userIds: [sid, 999999], mode: 'remove' },
    });
    expect(strand.message).toMatch(/not found/);
    const remove = await t.call('POST', '/api/role/assign', {
      token: admin,
      body: { roleId: ids.teacher, userIds: [sid], mode: 'remove' },
    });
    expect(remove.code).toBe(ResultCode.Success);
    const last = await t.call('POST', '/api/role/assign', {
      token: admin,
      body: { roleId: ids.student, userIds: [sid], mode: 'remove' },
    });
    expect(last.message).toBe('These users would be left without a role: s2026001');
  });
});

describe('catalogue sync at start', () => {
  it('adds pages new to the catalogue and grants them to the built-in roles that should have them', async () => {
    // A database from before the marking screens joined the catalogue.
    const names = ['answerList', 'answerEdit', 'answerRead', 'answerPrint'];
    await t.database.db.delete(permissions).where(inArray(permissions.name, names));
    const menuOf = async (userName: string) => {
      const token = await t.login('demo', userName);
      const menu = (await t.call<MenuResponse>('GET', '/api/user/menu', { token })).response;
      return menu.routerItemVMList.flatMap((a) => a.children.map((c) => c.name));
    };
    await syncPermissionCatalogue(t.database.db);
    const added = await t.database.db.select().from(permissions).where(inArray(permissions.name, names));
    expect(added.map((p) => [p.name, p.permission, p.hidden]).sort()).toEqual(
      names.map((n) => [n, 'answer:page', true]).sort(),
    );
    const grants = (await t.call<Role[]>('POST', '/api/role/list', { token: admin, body: {} })).response.filter(
      (r) => r.builtIn,
    );
    const edit = added.find((p) => p.name === 'answerEdit')!.id;
    expect(Object.fromEntries(grants.map((r) => [r.code, r.permissionIds.includes(edit)]))).toEqual({
      admin: true,
      academic: true,
      teacher: true,
      student: false,
    });
    expect(await menuOf('teacher')).toContain('answerEdit');
    expect(await menuOf('student')).not.toContain('answerEdit');
  });
});
