import type { ImportReport } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeSheet, type TestApp } from './harness';
import { snapshotOrganization } from './snapshot';

// One check of a file lists every problem of every row at once (row, column header, reason), coded
// and worded in the caller's language, and nothing is written while any row has one.
let t: TestApp;
let admin: string;
let teacher: string;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  admin = await t.login('demo', 'admin');
  teacher = await t.login('demo', 'teacher');
});
afterAll(() => t.close());

async function check(url: string, token: string, file: Buffer, dryRun: boolean, lang?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${url}?dryRun=${dryRun}`,
    headers: { token, 'content-type': XLSX, ...(lang ? { 'accept-language': lang } : {}) },
    payload: file,
  });
  const body = res.json() as { code: number; message: string; response: ImportReport };
  expect(body.code, body.message).toBe(1);
  return body.response;
}

// Each error as "row | column | reason", the way the import dialog lists them.
const lines = (report: ImportReport) => report.errors.map((e) => `${e.row} | ${e.column} | ${e.message}`);

async function unchanged(run: () => Promise<void>) {
  const before = await snapshotOrganization(t.database.db, t.ids.demo.orgId);
  await run();
  expect(await snapshotOrganization(t.database.db, t.ids.demo.orgId)).toEqual(before);
}

describe('the users import', () => {
  const header = ['User name', 'Real name', 'Initial password', 'Roles', 'Sex', 'Status', 'Phone', 'E-mail'];
  const rows = [
    ['imp.mail', 'Mail Wrong', 'import-pass-2026', 'Wizard, Teacher, Sorcerer', '', '', '', 'not-an-email'],
    ['admin', 'Admin Again', 'short', 'Teacher', '', '', '', ''],
    ['imp.weak', 'Weak Pass', 'password123', 'Teacher', 'Robot', '', '', ''],
    ['imp.dup', 'Dup One', 'import-pass-2026', 'Teacher', '', '', '', ''],
    ['imp.fine', 'Fine Row', 'import-pass-2026', 'Student', '', '', '', ''],
    ['IMP.DUP', 'Dup Two', 'import-pass-2026', 'Student', '', '', '', ''],
  ];

  it('reports every error of every row in one check, and writes nothing', async () => {
    const file = await makeSheet([header, ...rows]);
    await unchanged(async () => {
      const dry = await check('/api/user/import', admin, file, true);
      expect(dry).toMatchObject({ total: 6, valid: 1, created: 0 });
      expect(lines(dry)).toEqual([
        '2 | Roles | No roles named "Wizard", "Sorcerer"',
        '2 | E-mail | Not an e-mail address',
        '3 | Initial password | Must be at least 8 characters',
        '3 | User name | User name "admin" already exists',
        expect.stringMatching(/^4 \| Sex \| "Robot" is not one of Male, Female/),
        expect.stringMatching(/^4 \| Initial password \| Is too easy to guess/),
        '5 | User name | User name "imp.dup" is also in row 7 of this file',
        '7 | User name | User name "IMP.DUP" is also in row 5 of this file',
      ]);
      // Coded like every refusal, so a client can word it itself.
      expect(dry.errors[0]).toMatchObject({
        field: 'roleIds',
        error: { key: 'noneNamed', field: 'roleIds', params: { entity: 'roles', names: '"Wizard", "Sorcerer"' } },
      });
      expect(dry.errors.find((e) => e.row === 4 && e.field === 'password')?.error.key).toBe('weakPassword');
      const real = await check('/api/user/import', admin, file, false);
      expect(real).toMatchObject({ created: 0 });
      expect(lines(real)).toEqual(lines(dry));
    });
  });

  it('gives the columns and reasons in Chinese when asked in Chinese', async () => {
    const zhHeader = ['用户名', '姓名', '初始密码', '角色', '性别', '状态', '电话', '邮箱'];
    const file = await makeSheet([zhHeader, ...rows]);
    const dry = await check('/api/user/import', admin, file, true, 'zh-CN,zh;q=0.9');
    expect(lines(dry)).toEqual([
      '2 | 角色 | 没有名为"Wizard", "Sorcerer"的角色',
      '2 | 邮箱 | 不是有效的电子邮箱地址',
      '3 | 初始密码 | 至少 8 个字符',
      '3 | 用户名 | “admin”已存在',
      '4 | 性别 | “Robot”不是以下之一：男、女',
      '4 | 初始密码 | 太容易被猜到，请用几个不常见的词组合',
      '5 | 用户名 | “imp.dup”在本文件第 7 行也出现',
      '7 | 用户名 | “IMP.DUP”在本文件第 5 行也出现',
    ]);
    // ?lang=zh says the same as the header.
    const byQuery = await t.app.inject({
      method: 'POST',
      url: '/api/user/import?dryRun=true&lang=zh',
      headers: { token: admin, 'content-type': XLSX },
      payload: file,
    });
    expect(lines(byQuery.json().response)).toEqual(lines(dry));
  });
});

describe('a base-data import (semesters)', () => {
  const header = ['Name', 'Year', 'Term', 'Starts', 'Ends', 'Current'];

  it('reports every cell, rule and repeat of every row at once, in English and in Chinese, writing nothing', async () => {
    const existing = await t.call<{ year: number; term: number }[]>('POST', '/api/semester/list', {
      token: admin,
      body: { limit: 1 },
    });
    const { year, term } = existing.response[0];
    const termLabel = term === 1 ? 'First term' : 'Second term';
    const semesterTerms = await t.call<unknown[][]>('GET', '/api/semester/template', { token: admin });
    expect(semesterTerms.response[0]).toEqual(header);
    const file = await makeSheet([
      header,
      ['Bad cells', 'next year', 'Winter', '2040/09/01', '2041-01-15', 'perhaps'],
      ['Taken and backwards', year, termLabel, '2040-09-01', '2040-08-01', 'No'],
      ['Twice A', 2044, 'First term', '2044-09-01', '2045-01-15', 'No'],
      ['Twice B', 2044, 'First term', '2044-09-02', '2045-01-16', 'No'],
    ]);
    await unchanged(async () => {
      const dry = await check('/api/semester/import', admin, file, false);
      expect(dry).toMatchObject({ total: 4, valid: 0, created: 0 });
      expect(lines(dry)).toEqual([
        '2 | Year | "next year" is not a number',
        expect.stringMatching(/^2 \| Term \| "Winter" is not one of /),
        '2 | Starts | "2040/09/01" is not a date (YYYY-MM-DD)',
        '2 | Current | "perhaps" is not yes or no',
        expect.stringMatching(/^3 \| Term \| Semester of this year and term ".+" already exists$/),
        '3 | Ends | Must be after the start date',
        expect.stringMatching(/^4 \| Term \| Semester of this year and term ".+" is also in row 5 of this file$/),
        expect.stringMatching(/^5 \| Term \| Semester of this year and term ".+" is also in row 4 of this file$/),
      ]);
      const zh = await check('/api/semester/import', admin, file, true, 'zh');
      expect(lines(zh).slice(0, 6)).toEqual([
        '2 | 学年 | “next year”不是数字',
        expect.stringMatching(/^2 \| 学期 \| “Winter”不是以下之一：/),
        '2 | 开始日期 | “2040/09/01”不是日期（YYYY-MM-DD）',
        '2 | 当前学期 | “perhaps”应为“是”或“否”',
        expect.stringMatching(/^3 \| 学期 \| “.+”已存在$/),
        '3 | 结束日期 | 必须晚于开始日期',
      ]);
    });
  });
});

describe('the question import', () => {
  const header = [
    'Group',
    'Type',
    'Stem',
    'Option A',
    'Option B',
    'Answer',
    'Score',
    'Difficulty',
    'Tags and knowledge points',
  ];
  const rows = [
    ['', 'Single choice', 'Import errors: which?', 'x', 'y', 'E', 2, 'Impossible', 'No such tag'],
    ['', 'Essay', 'Import errors: what type?', '', '', 'Because', 'lots', '', ''],
    ['G9', 'Compose', 'Import errors: a passage', '', '', '', '', '', ''],
    ['G9', 'True or false', 'Import errors: child one', '', '', 'maybe', 1, '', ''],
    ['G9', 'True or false', '', '', '', 'True', 1, '', ''],
  ];

  it('reports every problem of every row, a child on its own row, in English and Chinese, writing nothing', async () => {
    const file = await makeSheet([header, ...rows]);
    await unchanged(async () => {
      const dry = await check('/api/question/import', teacher, file, false);
      expect(dry).toMatchObject({ total: 3, valid: 0, created: 0 });
      expect(lines(dry)).toEqual([
        expect.stringMatching(/^2 \| Difficulty \| "Impossible" is not one of Very easy, Easy/),
        '2 | Tags and knowledge points | No tag or knowledge point named "No such tag"',
        '2 | Answer | Option label E is out of range',
        expect.stringMatching(/^3 \| Type \| "Essay" is not one of Single choice, /),
        expect.stringMatching(/^3 \| Score \| /),
        '5 | Answer | "maybe" is not true or false',
        '6 | Stem | Is required',
      ]);
      const zh = await check('/api/question/import', teacher, file, true, 'zh-CN');
      expect(lines(zh)).toEqual([
        expect.stringMatching(/^2 \| 难度 \| “Impossible”不是以下之一：很容易、容易/),
        '2 | 标签与知识点 | 没有名为"No such tag"的标签或知识点',
        '2 | 答案 | 选项 E 不存在',
        expect.stringMatching(/^3 \| 题型 \| “Essay”不是以下之一：单选题、/),
        expect.stringMatching(/^3 \| 分值 \| /),
        '5 | 答案 | “maybe”应为“对”或“错”',
        '6 | 题干 | 为必填项',
      ]);
    });
  });
});
