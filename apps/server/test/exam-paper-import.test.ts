import {
  BLANK_MARKER,
  type ExamPaper,
  ExamPaperStatus,
  type ImportRowError,
  PaperBuildMode,
  type PaperImportReport,
  PaperType,
  type PermissionNode,
  type Question,
  QuestionNumberMode,
  QuestionType,
  ResultCode,
  RoleKind,
} from '@lyceum/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examPapers } from '../src/modules/exam-paper/exam-paper.table';
import { questions } from '../src/modules/question/question.table';
import { createTestApp, makeSheet, ok, PASSWORD, type TestApp } from './harness';
import { snapshotOrganization } from './snapshot';

// Whole papers from one sheet (details, sections, bank questions by id, new questions inline):
// every problem of every row before anything is written, then questions and paper in one
// transaction; copies keep the frozen versions and belong to the caller; the paper as a template.

let t: TestApp;
let admin: string;
let teacher: string;
let other: string;
let student: string;
let subjectName: string;
const bankIds: number[] = [];
const opts = ['A', 'B', 'C', 'D'].map((label) => ({ label, content: `<p>Option ${label}</p>` }));

// The sheet's table header: the paper's own columns, then the question import's.
const TABLE = [
  'Section',
  'Instructions',
  'Question ID',
  'Item score',
  'Group',
  'Type',
  'Stem',
  'Option A',
  'Option B',
  'Option C',
  'Option D',
  'Option E',
  'Option F',
  'Answer',
  'Keywords',
  'Score',
  'Blank scores',
  'Difficulty',
  'Analysis',
  'Tags and knowledge points',
];
const cells = (values: Record<string, unknown>) => TABLE.map((h) => values[h] ?? null);
const details = (values: Record<string, unknown>) => Object.entries(values).map(([k, v]) => [k, v]);

// Blank cells come back as holes, and exceljs reads a row that starts with one as 1-based: fill them.
const filled = (rows: unknown[][]) => rows.map((r) => Array.from(r, (v) => v ?? null));

async function send(token: string, file: Buffer, dryRun: boolean, query = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/examPaper/import?dryRun=${dryRun}${query}`,
    headers: { token, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    payload: file,
  });
  return res.json() as { code: number; message: string; response: PaperImportReport };
}

async function questionCount(): Promise<number> {
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(questions)
    .where(eq(questions.organizationId, t.ids.demo.orgId));
  return Number(n);
}
async function paperCount(): Promise<number> {
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(examPapers)
    .where(eq(examPapers.organizationId, t.ids.demo.orgId));
  return Number(n);
}
const select = async (token: string, id: number) =>
  ok(await t.call<ExamPaper>('POST', `/api/examPaper/select/${id}`, { token }));

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  [admin, teacher, other, student] = await Promise.all([
    t.login('demo', 'admin'),
    t.login('demo', 'teacher'),
    t.login('demo', 'wang.fang'),
    t.login('demo', 'student'),
  ]);
  subjectName = 'Mathematics (import)';
  ok(await t.call('POST', '/api/courseCategory/create', { token: admin, body: { name: subjectName } }));
  for (let i = 0; i < 3; i++) {
    const created = await t.call<Question>('POST', '/api/question/create', {
      token: teacher,
      body: { type: 1, stem: `<p>Bank question ${i}</p>`, options: opts, answer: 'A', score: 2 + i },
    });
    bankIds.push(ok(created).id);
  }
});
afterAll(() => t.close());

describe('whole-paper import', () => {
  it('gives a template that imports as it is', async () => {
    const template = await t.call<unknown[][]>('GET', '/api/examPaper/template', { token: teacher });
    const rows = template.response;
    expect(rows[0]).toEqual(['Name', expect.any(String)]);
    expect(rows.find((r) => r[0] === 'Section')).toEqual(TABLE);
    const zh = await t.call<unknown[][]>('GET', '/api/examPaper/template', { token: teacher, query: { lang: 'zh' } });
    expect(zh.response[0][0]).toBe('试卷名称');
    const homework = await t.call<unknown[][]>('GET', '/api/examPaper/template', {
      token: teacher,
      query: { paperType: String(PaperType.Homework) },
    });
    expect(homework.response[1]).toEqual(['Paper type', 'Homework paper']);
    expect(zh.response.some((r) => r[0] === '大题' && r[2] === '题目编号' && r[6] === '题干')).toBe(true);
    // The example rows are valid as they stand, in both languages.
    for (const sheet of [rows, zh.response]) {
      const dry = ok(await send(teacher, await makeSheet(filled(sheet)), true));
      expect(dry.errors).toEqual([]);
      expect(dry).toMatchObject({ sections: 2, questions: 3, newQuestions: 3, created: 0 });
      expect(dry.valid).toBe(dry.total);
    }
  });

  it('creates the paper and its new questions in one go, unpublished and the caller’s', async () => {
    const file = await makeSheet([
      ...details({
        Name: 'Imported homework',
        'Paper type': 'Homework paper',
        Subject: subjectName,
        'Duration (minutes)': 45,
        'Pass score': 6,
      }),
      [],
      TABLE,
      cells({ Section: 'Part I', Instructions: 'Choose one.' }),
      cells({ 'Question ID': bankIds[0] }),
      cells({ 'Question ID': bankIds[1], 'Item score': 5 }),
      cells({
        'Item score': 3,
        Type: 'Single choice',
        Stem: 'Imported paper: 2 + 2 = ?',
        'Option A': '3',
        'Option B': '4',
        Answer: 'B',
        Score: 2,
      }),
      cells({ Section: 'Part II' }),
      cells({ Group: 'R1', Type: 'Compose', Stem: 'Imported paper: read the passage' }),
      cells({ Group: 'R1', Type: 'True or false', Stem: 'Imported paper: child 1', Answer: 'True', Score: 1 }),
      cells({ Group: 'R1', Type: 'Short answer', Stem: 'Imported paper: child 2', Answer: 'Because.', Score: 2 }),
      cells({ Type: 'Gap filling', Stem: `Imported paper: H${BLANK_MARKER}O`, Answer: '2', Score: 1 }),
    ]);
    const [questionsBefore, papersBefore] = [await questionCount(), await paperCount()];
    const dry = ok(await send(teacher, file, true));
    expect(dry.errors).toEqual([]);
    expect(dry).toMatchObject({ dryRun: true, sections: 2, questions: 5, total: 14, valid: 14, newQuestions: 3 });
    expect(dry.paperId).toBeNull();
    expect([await questionCount(), await paperCount()]).toEqual([questionsBefore, papersBefore]);

    // The list the file came from gives the type only when the sheet has none; here it says homework.
    const done = ok(await send(teacher, file, false, `&paperType=${PaperType.Exam}`));
    expect(done).toMatchObject({ dryRun: false, created: 5, paperType: PaperType.Homework, errors: [] });
    expect(await questionCount()).toBe(questionsBefore + 3);
    expect(await paperCount()).toBe(papersBefore + 1);

    const paper = await select(teacher, done.paperId as number);
    expect(paper).toMatchObject({
      name: 'Imported homework',
      paperType: PaperType.Homework,
      status: ExamPaperStatus.Unpublished,
      durationMinutes: 45,
      passScore: 6,
      questionCount: 5,
      totalScore: 2 + 5 + 3 + 3 + 1,
    });
    expect(paper.subjectId).toEqual(expect.any(Number));
    const mine = ok(
      await t.call<{ list: ExamPaper[] }>('POST', '/api/examPaper/page', { token: teacher, body: { mine: true } }),
    );
    expect(mine.list.map((p) => p.id)).toContain(paper.id);
    const [one, two] = paper.sections ?? [];
    expect([one.title, one.instructions, two.title, two.instructions]).toEqual([
      'Part I',
      'Choose one.',
      'Part II',
      null,
    ]);
    expect(one.items.map((i) => [i.questionId, i.score, i.questionVersion])).toEqual([
      [bankIds[0], 2, 1],
      [bankIds[1], 5, 1],
      [expect.any(Number), 3, 1],
    ]);
    const compose = ok(
      await t.call<Question>('POST', `/api/question/select/${two.items[0].questionId}`, { token: teacher }),
    );
    expect(compose).toMatchObject({ type: QuestionType.Compose, score: 3 });
    expect(compose.children).toHaveLength(2);
    expect(two.items[0].score).toBe(3);
  });

  it('lists every problem of every row, in the language asked for, and writes nothing', async () => {
    const file = await makeSheet([
      ...details({ Name: '', 'Paper type': 'Quiz', Subject: 'Astrology', 'Pass score': 'sixty', Colour: 'blue' }),
      TABLE,
      cells({ 'Question ID': bankIds[0] }),
      cells({ Section: 'Part I', Stem: 'A stem on a section row' }),
      cells({ 'Question ID': 999999 }),
      cells({ 'Question ID': bankIds[1], Type: 'Single choice', Stem: 'Both' }),
      cells({ Type: 'Single choice', Stem: 'Bad answer', 'Option A': 'x', 'Option B': 'y', Answer: 'E', Score: 1 }),
      cells({ 'Question ID': bankIds[2], 'Item score': 'lots' }),
      cells({ 'Item score': 2 }),
      cells({ 'Question ID': bankIds[2], 'Item score': -1 }),
    ]);
    const before = await snapshotOrganization(t.database.db, t.ids.demo.orgId);
    const dry = ok(await send(teacher, file, true));
    const seen = dry.errors.map((e: ImportRowError) => [e.row, e.column, e.error.key]);
    expect(seen).toEqual([
      [1, 'Name', 'required'],
      [2, 'Paper type', 'cellNotOneOf'],
      [3, 'Subject', 'noneNamed'],
      [4, 'Pass score', 'cellNotNumber'],
      [5, 'Colour', 'cellNotOneOf'],
      [7, 'Section', 'questionBeforeSection'],
      [8, 'Section', 'sectionRowHoldsQuestion'],
      [9, 'Question ID', 'noSuchReference'],
      [10, 'Question ID', 'questionIdOrNew'],
      [11, 'Answer', 'optionOutOfRange'],
      [12, 'Item score', 'cellNotNumber'],
      [13, 'Question ID', 'noQuestionOnRow'],
      [14, 'Item score', 'tooSmall'],
    ]);
    expect(dry.errors.find((e) => e.row === 9)?.message).toBe('No question with id 999999');
    expect(dry.valid).toBeLessThan(dry.total);
    // Sent for real, the same file writes nothing at all.
    const real = ok(await send(teacher, file, false));
    expect(real).toMatchObject({ created: 0, paperId: null });
    expect(real.errors).toHaveLength(seen.length);
    expect(await snapshotOrganization(t.database.db, t.ids.demo.orgId)).toEqual(before);

    const zh = ok(await send(teacher, file, true, '&lang=zh'));
    expect(zh.errors.find((e) => e.row === 11)).toMatchObject({ column: '答案', message: '选项 E 不存在' });
    expect(zh.errors.find((e) => e.row === 13)?.column).toBe('题目编号');
  });

  it('says so when the sheet has no table, and when the pass score is above the total', async () => {
    const none = ok(await send(teacher, await makeSheet([['Name', 'No table']]), true));
    expect(none.errors.map((e) => e.error.key)).toEqual(['paperSheetNoTable']);
    const empty = ok(await send(teacher, await makeSheet([['Name', 'Empty'], TABLE, cells({ Section: 'S' })]), false));
    expect(empty.errors.map((e) => [e.row, e.column, e.error.key])).toEqual([[2, 'Question ID', 'sheetHasNoQuestion']]);
    expect(empty.paperId).toBeNull();
    const high = ok(
      await send(
        teacher,
        await makeSheet([
          ['Name', 'Too hard'],
          ['Pass score', 50],
          TABLE,
          cells({ Section: 'Only' }),
          cells({ 'Question ID': bankIds[0] }),
        ]),
        true,
      ),
    );
    expect(high.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, 'Pass score', 'Cannot be above the total score (2)'],
    ]);
  });

  it('exports a paper as a filled-in template that imports as a new paper', async () => {
    const source = await makeSheet([
      ['Name', 'Round trip'],
      ['Subject', subjectName],
      TABLE,
      cells({ Section: 'One', Instructions: 'Read carefully.' }),
      cells({ 'Question ID': bankIds[2], 'Item score': 4 }),
      cells({ Section: 'Two' }),
      cells({ 'Question ID': bankIds[0] }),
    ]);
    const first = ok(await send(teacher, source, false));
    const exported = await t.call<unknown[][]>('GET', `/api/examPaper/export/${first.paperId}`, { token: teacher });
    expect(exported.message).toBe('file');
    const again = ok(await send(teacher, await makeSheet(filled(exported.response)), false));
    expect(again.errors).toEqual([]);
    const [a, b] = [await select(teacher, first.paperId as number), await select(teacher, again.paperId as number)];
    const shape = (p: ExamPaper) => ({
      name: p.name,
      subjectId: p.subjectId,
      totalScore: p.totalScore,
      sections: p.sections?.map((s) => [s.title, s.instructions, s.items.map((i) => [i.questionId, i.score])]),
    });
    expect(shape(b)).toEqual(shape(a));
    // Written inline (for another school), the questions come back as new ones, at their frozen versions.
    const inline = await t.call<unknown[][]>('GET', `/api/examPaper/export/${first.paperId}`, {
      token: teacher,
      query: { questions: 'inline' },
    });
    expect(inline.response.some((r) => r[6] === '<p>Bank question 2</p>')).toBe(true);
    const copied = ok(await send(teacher, await makeSheet(filled(inline.response)), true));
    expect(copied).toMatchObject({ errors: [], questions: 2, newQuestions: 2 });
    expect(copied.duplicates).toHaveLength(2);
    // The engine's list export gives the papers as a sheet too.
    const list = await t.call<unknown[][]>('POST', '/api/examPaper/export', { token: teacher, body: { mine: true } });
    expect(list.response[0]).toContain('Name');
    expect(list.response.map((r) => r[0])).toContain('Round trip');
  });
});

describe('copy', () => {
  async function createPaper(token: string, name: string) {
    return ok(
      await t.call<ExamPaper>('POST', '/api/examPaper/create', {
        token,
        body: {
          name,
          durationMinutes: 60,
          sections: [
            { title: 'A', instructions: 'Go.', items: [{ questionId: bankIds[0], score: 2 }] },
            { title: 'B', items: [{ questionId: bankIds[1], score: 3 }] },
          ],
        },
      }),
    );
  }

  it('copies a published paper with its frozen versions; the copy is the caller’s and unpublished', async () => {
    const source = await createPaper(teacher, 'Frozen original');
    ok(await t.call('POST', `/api/examPaper/publish/${source.id}`, { token: teacher }));
    // The question changes after publishing: a new version, which the paper does not take.
    ok(
      await t.call('POST', '/api/question/update', {
        token: teacher,
        body: { id: bankIds[0], type: 1, stem: '<p>Bank question 0, edited</p>', options: opts, answer: 'B', score: 2 },
      }),
    );
    const copy = ok(await t.call<ExamPaper>('POST', `/api/examPaper/copy/${source.id}`, { token: other }));
    expect(copy).toMatchObject({
      name: 'Frozen original (copy)',
      status: ExamPaperStatus.Unpublished,
      durationMinutes: 60,
      totalScore: 5,
      questionCount: 2,
    });
    const original = await select(teacher, source.id);
    expect(copy.creatorId).not.toBe(original.creatorId);
    const items = (p: ExamPaper) =>
      p.sections?.map((s) => [s.title, s.instructions, s.items.map((i) => [i.questionId, i.questionVersion, i.score])]);
    expect(items(copy)).toEqual(items(original));
    expect(copy.sections?.[0].items[0].questionVersion).toBe(1);
    expect(copy.sections?.[0].id).not.toBe(original.sections?.[0].id);
    // The copy is its owner's to change; the original stays as it was.
    const mine = ok(
      await t.call<{ list: ExamPaper[] }>('POST', '/api/examPaper/page', { token: other, body: { mine: true } }),
    );
    expect(mine.list.map((p) => p.id)).toContain(copy.id);
    expect((await select(teacher, source.id)).status).toBe(ExamPaperStatus.Published);
    const zh = ok(
      await t.call<ExamPaper>('POST', `/api/examPaper/copy/${source.id}`, { token: teacher, query: { lang: 'zh' } }),
    );
    expect(zh.name).toBe('Frozen original（副本）');
  });

  it('copies the rules and what they drew', async () => {
    const paper = ok(
      await t.call<ExamPaper>('POST', '/api/examPaper/create', {
        token: teacher,
        body: {
          name: 'Drawn once',
          buildMode: PaperBuildMode.DrawOnce,
          sections: [
            {
              title: 'Drawn',
              rules: [
                {
                  questionType: QuestionType.SingleChoice,
                  numberMode: QuestionNumberMode.EnterNumbers,
                  count: 2,
                  score: 1,
                },
              ],
            },
          ],
        },
      }),
    );
    ok(await t.call('POST', `/api/examPaper/draw/${paper.id}`, { token: teacher }));
    const drawn = await select(teacher, paper.id);
    const copy = ok(await t.call<ExamPaper>('POST', `/api/examPaper/copy/${paper.id}`, { token: teacher }));
    const [section] = copy.sections ?? [];
    expect(section.rules).toHaveLength(1);
    expect(section.rules[0]).toMatchObject({ questionType: QuestionType.SingleChoice, count: 2, score: 1 });
    expect(section.items.map((i) => i.ruleId)).toEqual([section.rules[0].id, section.rules[0].id]);
    expect(section.items.map((i) => i.questionId)).toEqual(drawn.sections?.[0].items.map((i) => i.questionId));
  });

  it("refuses another teacher's unpublished paper, as if it did not exist", async () => {
    const hidden = await createPaper(teacher, 'Not yours');
    const before = await paperCount();
    const res = await t.call('POST', `/api/examPaper/copy/${hidden.id}`, { token: other });
    expect(res.code).toBe(ResultCode.Error);
    expect(res.message).toMatch(/not found/i);
    expect(await paperCount()).toBe(before);
  });
});

describe('access', () => {
  it('adds new questions to the bank only for callers who may import questions', async () => {
    const tree = await t.call<PermissionNode[]>('GET', '/api/role/permissionTree', { token: admin });
    const ids = new Map<string, number>();
    const walk = (nodes: PermissionNode[]) => {
      for (const n of nodes) {
        if (n.permission) ids.set(n.permission, n.id);
        walk(n.children);
      }
    };
    walk(tree.response);
    const role = ok(
      await t.call<{ id: number }>('POST', '/api/role/create', {
        token: admin,
        body: { name: 'Paper setter', kind: RoleKind.Teacher },
      }),
    );
    const grant = ['examPaper:page', 'examPaper:create', 'question:page'].map((p) => ids.get(p) as number);
    ok(await t.call('POST', '/api/role/grant', { token: admin, body: { roleId: role.id, permissionIds: grant } }));
    ok(
      await t.call('POST', '/api/user/create', {
        token: admin,
        body: { userName: 'setter', realName: 'Paper Setter', password: PASSWORD, roleIds: [role.id] },
      }),
    );
    const setter = await t.login('demo', 'setter');
    const rows = (question: Record<string, unknown>) => [
      ['Name', 'Setter paper'],
      TABLE,
      cells({ Section: 'Only' }),
      cells(question),
    ];
    const inline = { Type: 'True or false', Stem: 'Setter: the sky is blue.', Answer: 'True', Score: 1 };
    const refused = ok(await send(setter, await makeSheet(rows(inline)), true));
    expect(refused.errors.map((e) => [e.row, e.column, e.error.key])).toEqual([[4, 'Stem', 'newQuestionsNeedImport']]);
    // Questions of the bank by their ids are fine.
    const byId = ok(await send(setter, await makeSheet(rows({ 'Question ID': bankIds[0] })), false));
    expect(byId).toMatchObject({ errors: [], created: 1 });
  });

  it('keeps students out of every part of it', async () => {
    const paper = ok(await t.call<{ list: ExamPaper[] }>('POST', '/api/examPaper/page', { token: teacher, body: {} }))
      .list[0];
    const file = await makeSheet([['Name', 'Student paper'], TABLE, cells({ Section: 'S' })]);
    const calls = [
      await t.call('GET', '/api/examPaper/template', { token: student }),
      await t.call('GET', `/api/examPaper/export/${paper.id}`, { token: student }),
      await t.call('POST', `/api/examPaper/copy/${paper.id}`, { token: student }),
      await send(student, file, true),
      await send(student, file, false),
    ];
    expect(calls.map((c) => c.code)).toEqual(Array(calls.length).fill(ResultCode.Forbidden));
  });
});
