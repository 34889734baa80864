import { ResultCode } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './harness';
import { resourceSamples, type SampleIds } from './resources';

// Uniqueness lives in the database, so parallel requests cannot slip past a check made in code:
// 50 parallel creates of one name give one row, 50 parallel deletes of one row give one success.

const N = 50;
let t: TestApp;
let admin: string;
let refs: SampleIds;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('demo', 'admin');
  const first = async (name: string, body: object = {}) =>
    (await t.call<{ id: number }[]>('POST', `/api/${name}/list`, { token: admin, body: { ...body, limit: 1 } }))
      .response[0].id;
  const degreeId = await first('degree', { keyword: 'Undergraduate' });
  refs = {
    degreeId,
    categoryId: await first('category', { degreeId }),
    courseCategoryId: await first('courseCategory'),
    tagId: await first('tag'),
  };
});
afterAll(() => t.close());

// Every resource with an "already exists" rule, with a body that varies only in letter case.
const unique: Record<string, (i: number) => Record<string, unknown>> = {
  degree: (i) => ({ ...resourceSamples.degree(refs), name: i % 2 ? 'RACE Degree' : 'race degree' }),
  category: (i) => ({ ...resourceSamples.category(refs), name: i % 2 ? 'Race Cat' : 'RACE CAT' }),
  typeEnum: (i) => ({ ...resourceSamples.typeEnum(refs), name: `Type ${i}`, systemTypeEnum: 5 }),
  userCategory: (i) => ({ ...resourceSamples.userCategory(refs), name: i % 2 ? 'Race Group' : 'race group' }),
  courseCategory: (i) => ({ name: i % 2 ? 'Race Course' : 'race course' }),
  productCategory: (i) => ({ name: i % 2 ? 'Race Product' : 'RACE PRODUCT' }),
  tag: (i) => ({ name: i % 2 ? 'Race Tag' : 'race tag', type: 1 }),
  department: (i) => ({ name: i % 2 ? 'Race Dept' : 'RACE DEPT', type: 0 }),
  semester: (i) => ({ ...resourceSamples.semester(refs), name: `Race term ${i}`, year: 2031 }),
  teachVenue: (i) => ({ ...resourceSamples.teachVenue(refs), name: i % 2 ? 'Race Room' : 'race room' }),
  role: (i) => ({ name: i % 2 ? 'Race Role' : 'race role', kind: 3 }),
  user: (i) => ({
    userName: i % 2 ? 'race.user' : 'RACE.USER',
    realName: 'Race',
    password: PASSWORD,
    roleIds: [t.ids.demo.roleIds.student],
  }),
};

describe('parallel writes', () => {
  for (const [name, body] of Object.entries(unique)) {
    it(`${N} parallel creates of one ${name}: exactly one succeeds, the rest name the field`, async () => {
      const replies = await Promise.all(
        Array.from({ length: N }, (_, i) => t.call('POST', `/api/${name}/create`, { token: admin, body: body(i) })),
      );
      const ok = replies.filter((r) => r.code === ResultCode.Success);
      expect(ok.length, replies.find((r) => r.code !== ResultCode.Success && r.code !== 501)?.message).toBe(1);
      for (const r of replies.filter((x) => x.code !== ResultCode.Success)) {
        expect(r.code, r.message).toBe(ResultCode.InvalidParams);
        expect(r.message).toMatch(/^\w+: .*already exists/);
      }
    });
  }

  it(`${N} parallel deletes of one row: exactly one succeeds`, async () => {
    for (const name of ['degree', 'tag', 'role', 'user']) {
      const made = await t.call<{ id: number }>('POST', `/api/${name}/create`, {
        token: admin,
        body: unique[name](0).userName
          ? { ...unique[name](0), userName: 'to.delete' }
          : { ...unique[name](0), name: `To delete ${name}` },
      });
      expect(made.code, made.message).toBe(ResultCode.Success);
      const replies = await Promise.all(
        Array.from({ length: N }, () => t.call('POST', `/api/${name}/delete/${made.response.id}`, { token: admin })),
      );
      expect(replies.filter((r) => r.code === ResultCode.Success).length, name).toBe(1);
      for (const r of replies.filter((x) => x.code !== ResultCode.Success)) expect(r.message).toMatch(/not found/);
    }
  });
});

describe('racing writes that touch each other', () => {
  it('giving a role while it is being deleted: clear answers, never a server error, nothing half done', async () => {
    const student = (
      await t.call<{ id: number }[]>('POST', '/api/user/list', { token: admin, body: { userName: 's2026001' } })
    ).response[0].id;
    for (let round = 0; round < 5; round++) {
      const role = await t.call<{ id: number }>('POST', '/api/role/create', {
        token: admin,
        body: { name: `Racing role ${round}`, kind: 3 },
      });
      const replies = await Promise.all([
        ...Array.from({ length: 10 }, () =>
          t.call('POST', '/api/role/assign', {
            token: admin,
            body: { roleId: role.response.id, userIds: [student], mode: 'add' },
          }),
        ),
        t.call('POST', `/api/role/delete/${role.response.id}`, { token: admin }),
      ]);
      for (const r of replies) expect(r.message).not.toMatch(/Server error/);
      // Either the role is gone and nobody holds it, or it stayed because someone holds it.
      const held = await t.call<{ id: number }[]>('POST', '/api/user/select/role', {
        token: admin,
        body: { roleId: role.response.id },
      });
      const exists = await t.call('POST', `/api/role/select/${role.response.id}`, { token: admin });
      if (exists.code !== ResultCode.Success) expect(held.response).toEqual([]);
    }
  });
});
