import { type PermissionNode, ResultCode, RoleKind, type User } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/user/user.table';
import { createTestApp, PASSWORD, type TestApp } from './harness';
import { snapshotOrganization } from './snapshot';

// The privilege ceiling: every write that touches users, roles, grants or passwords, tried by each
// lower role against a higher one. Each refused attempt must change nothing.

let t: TestApp;
let admin: string;
let academic: string;
const ids: Record<string, number> = {};
const roleIds = () => t.ids.demo.roleIds;

async function idOf(userName: string) {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, t.ids.demo.orgId), eq(users.userName, userName)));
  return row.id;
}

// Refused with 403 and nothing of the organisation changed.
async function refused(token: string, url: string, body?: unknown) {
  const before = await snapshotOrganization(t.database.db, t.ids.demo.orgId);
  const res = await t.call('POST', url, { token, body });
  expect(res.code, `${url}: ${res.message}`).toBe(ResultCode.Forbidden);
  expect(await snapshotOrganization(t.database.db, t.ids.demo.orgId)).toEqual(before);
  return res;
}

async function userBody(userName: string) {
  const u = await t.call<User>('POST', `/api/user/select/${ids[userName]}`, { token: admin });
  const { id, realName, roleIds: held, status } = u.response;
  return { id, userName, realName, roleIds: held, status };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('demo', 'admin');
  academic = await t.login('demo', 'academic');
  for (const name of ['admin', 'academic', 'teacher', 'student', 's2026001']) ids[name] = await idOf(name);
});
afterAll(() => t.close());

describe('academic staff against an administrator', () => {
  it('cannot make themselves administrator, by user update or by role assignment', async () => {
    const me = await userBody('academic');
    await refused(academic, '/api/user/update', { ...me, roleIds: [...me.roleIds, roleIds().admin] });
    await refused(academic, '/api/role/assign', { roleId: roleIds().admin, userIds: [ids.academic], mode: 'add' });
    const after = await t.call<User>('POST', `/api/user/select/${ids.academic}`, { token: admin });
    expect(after.response.roleIds).toEqual([roleIds().academic]);
    // So switching to it fails too.
    const change = await t.call('POST', '/api/user/change', { token: academic, body: { roleId: roleIds().admin } });
    expect(change.code).toBe(ResultCode.Error);
  });

  it('cannot create an administrator', async () => {
    const res = await refused(academic, '/api/user/create', {
      userName: 'sneaky',
      realName: 'Sneaky',
      password: 'Tr0mb0ne-Lantern-88',
      roleIds: [roleIds().admin],
    });
    expect(res.message).toMatch(/Administrator/);
  });

  it('cannot reset, disable, rename, re-role or delete an administrator', async () => {
    await refused(academic, `/api/user/resetPassword/${ids.admin}`, { password: 'Tr0mb0ne-Lantern-88' });
    await refused(academic, `/api/user/resetPassword/${ids.admin}`, {});
    await refused(academic, `/api/user/changeStatus/${ids.admin}`, { status: 2 });
    const a = await userBody('admin');
    await refused(academic, '/api/user/update', { ...a, realName: 'Hacked' });
    await refused(academic, '/api/user/update', { ...a, roleIds: [roleIds().student] });
    await refused(academic, `/api/user/delete/${ids.admin}`);
    await refused(academic, '/api/role/assign', { roleId: roleIds().admin, userIds: [ids.admin], mode: 'remove' });
    // The administrator still logs in with the old password.
    expect(await t.login('demo', 'admin')).toBeTruthy();
  });

  it('still runs students and teachers: creates, resets, disables, gives roles within its own', async () => {
    const created = await t.call<User>('POST', '/api/user/create', {
      token: academic,
      body: {
        userName: 'new.teacher',
        realName: 'New Teacher',
        password: 'Tr0mb0ne-Lantern-88',
        roleIds: [roleIds().teacher],
      },
    });
    expect(created.code, created.message).toBe(ResultCode.Success);
    const reset = await t.call('POST', `/api/user/resetPassword/${ids.s2026001}`, { token: academic, body: {} });
    expect(reset.code, reset.message).toBe(ResultCode.Success);
    const off = await t.call('POST', `/api/user/changeStatus/${ids.s2026001}`, {
      token: academic,
      body: { status: 2 },
    });
    expect(off.code, off.message).toBe(ResultCode.Success);
    const s = await userBody('student');
    const both = await t.call<User>('POST', '/api/user/update', {
      token: academic,
      body: { ...s, roleIds: [roleIds().student, roleIds().teacher] },
    });
    expect(both.code, both.message).toBe(ResultCode.Success);
    await t.call('POST', '/api/user/update', { token: academic, body: { ...s, roleIds: [roleIds().student] } });
  });

  it('sees which users and roles are within reach', async () => {
    const page = await t.call<{ list: User[] }>('POST', '/api/user/page', {
      token: academic,
      body: { pageIndex: 1, pageSize: 200 },
    });
    const byName = new Map(page.response.list.map((u) => [u.userName, u.manageable]));
    expect(byName.get('admin')).toBe(false);
    expect(byName.get('teacher')).toBe(true);
    expect(byName.get('student')).toBe(true);
    const roles = await t.call<{ id: number; assignable?: boolean }[]>(
      'POST',
      `/api/user/roleListByOrganizationId/${t.ids.demo.orgId}`,
      { token: academic },
    );
    const assignable = new Map(roles.response.map((r) => [r.id, r.assignable]));
    expect(assignable.get(roleIds().admin)).toBe(false);
    expect(assignable.get(roleIds().teacher)).toBe(true);
    // The role list the user form reads says the same.
    const list = await t.call<{ id: number; assignable?: boolean }[]>('POST', '/api/role/list', {
      token: academic,
      body: {},
    });
    expect(new Map(list.response.map((r) => [r.id, r.assignable]))).toEqual(assignable);
  });
});

describe('custom roles below the ceiling', () => {
  let helperRole: number;
  let helper: string;
  const permissionIds = new Map<string, number>();

  beforeAll(async () => {
    const tree = await t.call<PermissionNode[]>('GET', '/api/role/permissionTree', { token: admin });
    const walk = (nodes: PermissionNode[]) => {
      for (const n of nodes) {
        if (n.permission) permissionIds.set(n.permission, n.id);
        walk(n.children);
      }
    };
    walk(tree.response);
    const role = await t.call<{ id: number }>('POST', '/api/role/create', {
      token: admin,
      body: { name: 'Office helper', kind: RoleKind.AcademicStaff },
    });
    helperRole = role.response.id;
    const grant = ['user:page', 'user:update', 'user:resetPassword', 'role:page', 'role:grant', 'student:page'];
    const granted = await t.call('POST', '/api/role/grant', {
      token: admin,
      body: { roleId: helperRole, permissionIds: grant.map((p) => permissionIds.get(p)!) },
    });
    expect(granted.code, granted.message).toBe(ResultCode.Success);
    await t.call('POST', '/api/user/create', {
      token: admin,
      body: { userName: 'helper', realName: 'Office Helper', password: PASSWORD, roleIds: [helperRole] },
    });
    helper = await t.login('demo', 'helper');
  });

  it('resets a student password but not a teacher’s, whose permissions it lacks', async () => {
    const ok = await t.call('POST', `/api/user/resetPassword/${ids.student}`, { token: helper, body: {} });
    expect(ok.code, ok.message).toBe(ResultCode.Success);
    const res = await refused(helper, `/api/user/resetPassword/${ids.teacher}`, {});
    expect(res.message).toMatch(/teacher: they hold permissions you do not have/);
  });

  it('cannot change roles without the role-assignment permission', async () => {
    const s = await userBody('s2026001');
    await refused(helper, '/api/user/update', { ...s, roleIds: [...s.roleIds, roleIds().teacher] });
    // The same update without a role change is fine.
    const same = await t.call('POST', '/api/user/update', { token: helper, body: { ...s, realName: 'Renamed' } });
    expect(same.code, same.message).toBe(ResultCode.Success);
  });

  it('grants only what it holds, never to an administrator role, and cannot raise its own role', async () => {
    const own = ['user:page', 'role:page'].map((p) => permissionIds.get(p)!);
    const student = await t.call('POST', '/api/role/grant', {
      token: helper,
      body: { roleId: roleIds().student, permissionIds: [permissionIds.get('myExam:page')!] },
    });
    expect(student.code, student.message).toBe(ResultCode.Success);
    await refused(helper, '/api/role/grant', {
      roleId: helperRole,
      permissionIds: [...own, permissionIds.get('user:delete')!, permissionIds.get('role:grant')!],
    });
    const adminRole = await t.call('POST', '/api/role/grant', {
      token: helper,
      body: { roleId: roleIds().admin, permissionIds: own },
    });
    expect(adminRole.code).not.toBe(ResultCode.Success);
    await refused(helper, '/api/role/grant', { roleId: roleIds().teacher, permissionIds: own });
    await refused(helper, '/api/role/create', { name: 'Shadow admin', kind: RoleKind.Administrator });
  });
});

describe('the last enabled administrator', () => {
  it('cannot be disabled, deleted or lose the role, even by an administrator-kind role of equal reach', async () => {
    const tree = await t.call<PermissionNode[]>('GET', '/api/role/permissionTree', { token: admin });
    const all: number[] = [];
    const walk = (nodes: PermissionNode[]) => {
      for (const n of nodes) {
        if (n.permission && !/^my[A-Z]/.test(n.permission)) all.push(n.id);
        walk(n.children);
      }
    };
    walk(tree.response);
    const role = await t.call<{ id: number }>('POST', '/api/role/create', {
      token: admin,
      body: { name: 'Deputy', kind: RoleKind.Administrator },
    });
    const granted = await t.call('POST', '/api/role/grant', {
      token: admin,
      body: { roleId: role.response.id, permissionIds: all },
    });
    expect(granted.code, granted.message).toBe(ResultCode.Success);
    await t.call('POST', '/api/user/create', {
      token: admin,
      body: { userName: 'deputy', realName: 'Deputy', password: PASSWORD, roleIds: [role.response.id] },
    });
    const deputy = await t.login('demo', 'deputy');
    const before = await snapshotOrganization(t.database.db, t.ids.demo.orgId);
    const off = await t.call('POST', `/api/user/changeStatus/${ids.admin}`, { token: deputy, body: { status: 2 } });
    expect(off.message).toMatch(/at least one enabled administrator/);
    const del = await t.call('POST', `/api/user/delete/${ids.admin}`, { token: deputy });
    expect(del.message).toMatch(/at least one enabled administrator/);
    const a = await userBody('admin');
    const demote = await t.call('POST', '/api/user/update', {
      token: deputy,
      body: { ...a, roleIds: [roleIds().teacher] },
    });
    expect(demote.message).toMatch(/at least one enabled administrator/);
    expect(await snapshotOrganization(t.database.db, t.ids.demo.orgId)).toEqual(before);
  });

  it('two administrators disabling each other at once: exactly one succeeds', async () => {
    const second = await t.call<User>('POST', '/api/user/create', {
      token: admin,
      body: { userName: 'admin2', realName: 'Second Admin', password: PASSWORD, roleIds: [roleIds().admin] },
    });
    expect(second.code, second.message).toBe(ResultCode.Success);
    const admin2 = await t.login('demo', 'admin2');
    const [a, b] = await Promise.all([
      t.call('POST', `/api/user/changeStatus/${second.response.id}`, { token: admin, body: { status: 2 } }),
      t.call('POST', `/api/user/changeStatus/${ids.admin}`, { token: admin2, body: { status: 2 } }),
    ]);
    // The loser is refused (last administrator) or finds its own session already ended.
    expect([a.code, b.code].filter((c) => c === ResultCode.Success)).toHaveLength(1);
    const enabled = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, t.ids.demo.orgId), eq(users.status, 1)));
    const enabledIds = new Set(enabled.map((u) => u.id));
    expect(enabledIds.has(ids.admin) || enabledIds.has(second.response.id)).toBe(true);
  });
});
