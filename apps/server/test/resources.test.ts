import { type Page, ResultCode } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeSheet, type TestApp } from './harness';
import { resourceNames, resourceSamples, type SampleIds } from './resources';

// One walk through every declared base-data resource: create, page with a filter, update, select,
// export, delete, import the exported file back, import a file with a bad row, bulk delete.
let t: TestApp;
let admin: string;
let refs: SampleIds;
type Row = { id: number } & Record<string, unknown>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const labelKey = (name: string) => (name === 'document' || name === 'resource' ? 'title' : 'name');

async function importFile(name: string, file: Buffer, dryRun: boolean) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${name}/import?dryRun=${dryRun}`,
    headers: { token: admin, 'content-type': XLSX },
    payload: file,
  });
  return res.json() as {
    code: number;
    message: string;
    response: {
      total: number;
      valid: number;
      created: number;
      errors: { row: number; field: string; message: string }[];
    };
  };
}

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  admin = await t.login('demo', 'admin');
  const first = async (name: string, body: object) =>
    (await t.call<Row[]>('POST', `/api/${name}/list`, { token: admin, body: { ...body, limit: 1 } })).response[0].id;
  const degreeId = await first('degree', { keyword: 'Undergraduate' });
  refs = {
    degreeId,
    categoryId: await first('category', { degreeId }),
    courseCategoryId: await first('courseCategory', { keyword: 'Mathematics' }),
    tagId: await first('tag', { keyword: 'Exam focus' }),
  };
});
afterAll(() => t.close());

describe.each(resourceNames)('resource %s', (name) => {
  it('creates, finds, updates, exports, deletes and imports back', async () => {
    const key = labelKey(name);
    const sample = resourceSamples[name](refs);
    const created = await t.call<Row>('POST', `/api/${name}/create`, { token: admin, body: { id: null, ...sample } });
    expect(created.code, created.message).toBe(ResultCode.Success);
    expect(created.response).toMatchObject(sample);
    const id = created.response.id;

    const page = await t.call<Page<Row>>('POST', `/api/${name}/page`, {
      token: admin,
      body: { keyword: String(sample[key]).slice(0, 6) },
    });
    expect(page.response.list.map((r) => r.id)).toContain(id);

    const renamed = `${sample[key]} (2)`;
    const updated = await t.call<Row>('POST', `/api/${name}/update`, {
      token: admin,
      body: { ...sample, id, [key]: renamed },
    });
    expect(updated.code, updated.message).toBe(ResultCode.Success);
    expect((await t.call<Row>('POST', `/api/${name}/select/${id}`, { token: admin })).response[key]).toBe(renamed);

    const exported = await t.call<unknown[][]>('POST', `/api/${name}/export`, {
      token: admin,
      body: { keyword: renamed },
    });
    expect(exported.response).toHaveLength(2);
    expect(exported.response[1]).toContain(renamed);

    expect((await t.call('POST', `/api/${name}/delete/${id}`, { token: admin })).code).toBe(ResultCode.Success);
    const file = await makeSheet(exported.response);
    const dry = await importFile(name, file, true);
    expect(dry.response, JSON.stringify(dry)).toMatchObject({ total: 1, valid: 1, created: 0, errors: [] });
    const real = await importFile(name, file, false);
    expect(real.response.created).toBe(1);
    const back = await t.call<Row[]>('POST', `/api/${name}/list`, { token: admin, body: { keyword: renamed } });
    expect(back.response).toHaveLength(1);
    expect(back.response[0]).toMatchObject({ ...sample, [key]: renamed });
  });

  it('reports a bad row before writing anything, and writes nothing while any row is bad', async () => {
    const template = await t.call<unknown[][]>('GET', `/api/${name}/template`, { token: admin });
    const headers = template.response[0] as string[];
    expect(headers.length).toBeGreaterThan(0);
    const before = await t.call<Page<Row>>('POST', `/api/${name}/page`, { token: admin, body: {} });
    // A row with every cell empty but one unknown-type value in the first column's neighbour.
    const good = (await t.call<unknown[][]>('POST', `/api/${name}/export`, { token: admin, body: { limit: 1 } }))
      .response[1];
    const bad = headers.map((_, i) => (i === 0 ? '' : good[i]));
    const file = await makeSheet([headers, bad, bad]);
    const dry = await importFile(name, file, true);
    expect(dry.response.errors.length).toBeGreaterThan(0);
    expect(dry.response.errors[0].row).toBe(2);
    const real = await importFile(name, file, false);
    expect(real.response.created).toBe(0);
    const after = await t.call<Page<Row>>('POST', `/api/${name}/page`, { token: admin, body: {} });
    expect(after.response.total).toBe(before.response.total);
  });
});

describe('rules of particular resources', () => {
  it('refuses to delete what is still used, and removes nothing', async () => {
    const cases: [string, object][] = [
      ['degree', { keyword: 'Undergraduate' }],
      ['courseCategory', { keyword: 'Mathematics' }],
      ['tag', { keyword: 'Exam focus' }],
      ['userCategory', { keyword: 'Undergraduate' }],
      ['department', { keyword: 'College of Science' }],
    ];
    for (const [name, filter] of cases) {
      const [row] = (await t.call<Row[]>('POST', `/api/${name}/list`, { token: admin, body: { ...filter, limit: 1 } }))
        .response;
      const res = await t.call('POST', `/api/${name}/delete/ids`, { token: admin, body: { ids: [row.id] } });
      expect(res.code, name).toBe(ResultCode.Error);
      expect(res.message, name).toMatch(/^Cannot delete: in use by .+ \(\d+\)\. /);
      expect((await t.call('POST', `/api/${name}/select/${row.id}`, { token: admin })).code).toBe(ResultCode.Success);
    }
  });

  it('keeps one current semester, checks dates, and a major sits under a college', async () => {
    const s = await t.call<Row>('POST', '/api/semester/create', {
      token: admin,
      body: {
        name: 'Summer school',
        year: 2030,
        term: 2,
        startDate: '2030-07-01',
        endDate: '2030-08-15',
        current: true,
      },
    });
    const current = await t.call<Row[]>('POST', '/api/semester/list', { token: admin, body: { current: true } });
    expect(current.response.map((r) => r.id)).toEqual([s.response.id]);
    const backwards = await t.call('POST', '/api/semester/create', {
      token: admin,
      body: { name: 'Backwards', year: 2031, term: 1, startDate: '2031-09-01', endDate: '2031-08-01' },
    });
    expect(backwards.message).toBe('endDate: must be after the start date');
    const major = await t.call('POST', '/api/department/create', {
      token: admin,
      body: { name: 'Loose major', type: 1 },
    });
    expect(major.message).toBe('parentId: a major belongs under a college');
  });

  it('refuses a tree node moved under its own descendant', async () => {
    const tree = await t.call<(Row & { children: Row[] })[]>('POST', '/api/courseCategory/tree', {
      token: admin,
      body: {},
    });
    const parent = tree.response.find((n) => n.children.length)!;
    const child = parent.children[0];
    const res = await t.call('POST', '/api/courseCategory/update', {
      token: admin,
      body: { id: parent.id, name: parent.name, parentId: child.id },
    });
    expect(res.message).toBe('parentId: cannot be the entry itself or one of its descendants');
  });

  it('serves the common lists and the tag tree', async () => {
    const lists = await t.call<Record<string, unknown[]>>('GET', '/api/common/list', { token: admin });
    for (const k of [
      'degreeList',
      'categoryList',
      'typeEnumList',
      'userCategoryList',
      'teachVenueList',
      'semesterList',
    ]) {
      expect(lists.response[k].length, k).toBeGreaterThan(0);
    }
    const points = await t.call<{ name: string; type: number; children: unknown[] }[]>('GET', '/api/common/tag/tree', {
      token: admin,
      query: { type: '2', keyword: 'Chain rule' },
    });
    expect(points.response.map((n) => n.name)).toEqual(['Mathematics 数学']);
    // Students filter their own work by tag: they read the tree, names and structure only, while the
    // staff verbs of the tag resource stay closed to them.
    const student = await t.login('demo', 'student');
    const tree = await t.call<Record<string, unknown>[]>('GET', '/api/common/tag/tree', { token: student });
    expect(tree.code).toBe(ResultCode.Success);
    expect(Object.keys(tree.response[0]).sort()).toEqual(['children', 'id', 'name', 'parentId', 'type']);
    for (const url of ['/api/tag/tree', '/api/tag/list', '/api/question/list', '/api/degree/list']) {
      expect((await t.call('POST', url, { token: student, body: {} })).code, url).toBe(ResultCode.Forbidden);
    }
  });

  it('lists reference data to every staff member for their selects, though only its managers page it', async () => {
    const teacher = await t.login('demo', 'teacher');
    expect((await t.call('POST', '/api/teachVenue/page', { token: teacher, body: {} })).code).toBe(
      ResultCode.Forbidden,
    );
    for (const name of ['teachVenue', 'degree', 'department', 'semester']) {
      const all = await t.call<Row[]>('POST', `/api/${name}/list`, { token: admin, body: {} });
      const seen = await t.call<Row[]>('POST', `/api/${name}/list`, { token: teacher, body: {} });
      expect(seen.code, name).toBe(ResultCode.Success);
      expect(seen.response.map((r) => r.id).sort(), name).toEqual(all.response.map((r) => r.id).sort());
      expect(all.response.length, name).toBeGreaterThan(0);
    }
    const tree = await t.call<Row[]>('POST', '/api/department/tree', { token: teacher, body: {} });
    expect(tree.response.length).toBeGreaterThan(0);
  });

  it('saves system settings and the login page shows them at once', async () => {
    const saved = await t.call('POST', '/api/systemConfig/save', {
      token: admin,
      body: { name: 'Demo Academy 演示学院', themeColor: '#0050b3', icpNumber: '京ICP备99999999号', cameraSource: 2 },
    });
    expect(saved.code, saved.message).toBe(ResultCode.Success);
    const org = await t.call<{ name: string; themeColor: string }>('GET', '/api/common/organization/demo');
    expect(org.response).toMatchObject({ name: 'Demo Academy 演示学院', themeColor: '#0050b3' });
    const bad = await t.call('POST', '/api/systemConfig/save', {
      token: admin,
      body: { name: 'X', themeColor: 'blue' },
    });
    expect(bad.message).toBe('themeColor: a colour like #1677ff');
  });

  it('users export to Excel and import from it, with roles by name', async () => {
    const file = await makeSheet([
      ['User name', 'Real name', 'Initial password', 'Roles', 'Sex', 'Department'],
      ['imp.one', 'Imported One', 'import-pass-1', 'Student', 'Female', 'Computer Science'],
      ['imp.two', '导入二', 'import-pass-2', 'Teacher, Student', '男', ''],
    ]);
    const res = await importFile('user', file, false);
    expect(res.response, JSON.stringify(res)).toMatchObject({ created: 2, errors: [] });
    expect(await t.login('demo', 'imp.two', 'import-pass-2')).toBeTruthy();
    const exported = await t.call<unknown[][]>('POST', '/api/user/export', { token: admin, body: { keyword: 'imp.' } });
    expect(exported.response[0]).not.toContain('Initial password');
    expect(
      exported.response
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['imp.one', 'imp.two']);
    const dup = await importFile('user', file, true);
    expect(dup.response.errors.map((e) => e.message)).toEqual([
      'User name "imp.one" already exists',
      'User name "imp.two" already exists',
    ]);
  });
});
