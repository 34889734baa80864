import { type ExamPaper, ExamPaperStatus, type Question, ResultCode } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logins } from './exam-fixture';
import { createTestApp, ok, type TestApp } from './harness';
import { snapshotOrganization } from './snapshot';

// The first resource built on the grown engine: sections and items saved by difference (ids stay
// stable), row scope (a teacher's own papers, published ones for other teachers), and state
// transitions (publish, withdraw) in one locked transaction.

let t: TestApp;
let admin: string;
let academic: string;
let teacher: string;
let other: string;
let student: string;
const q: number[] = [];
const opts = ['A', 'B', 'C', 'D'].map((label) => ({ label, content: `<p>Option ${label}</p>` }));

type Sections = NonNullable<ExamPaper['sections']>;

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  ({
    admin,
    academic,
    teacher,
    'wang.fang': other,
    student,
  } = await logins(t, ['admin', 'academic', 'teacher', 'wang.fang', 'student']));
  for (let i = 0; i < 4; i++) {
    const created = await t.call<Question>('POST', '/api/question/create', {
      token: teacher,
      body: { type: 1, stem: `<p>Question ${i}</p>`, options: opts, answer: 'A', score: 2 },
    });
    q.push(ok(created).id);
  }
});
afterAll(() => t.close());

async function createPaper(token: string, name: string) {
  return ok(
    await t.call<ExamPaper>('POST', '/api/examPaper/create', {
      token,
      body: {
        name,
        durationMinutes: 90,
        sections: [
          {
            title: 'Part I',
            items: [
              { questionId: q[0], score: 2 },
              { questionId: q[1], score: 3 },
            ],
          },
          { title: 'Part II', instructions: 'Show your working.', items: [{ questionId: q[2], score: 5 }] },
        ],
      },
    }),
  );
}
const select = async (token: string, id: number) => t.call<ExamPaper>('POST', `/api/examPaper/select/${id}`, { token });

describe('sections and items', () => {
  it('saves a paper with its sections and items in order, the total computed', async () => {
    const paper = await createPaper(teacher, 'Algebra mid-term');
    expect(paper).toMatchObject({ totalScore: 10, questionCount: 3, status: ExamPaperStatus.Unpublished });
    const read = ok(await select(teacher, paper.id));
    const sections = read.sections as Sections;
    expect(sections.map((s) => [s.title, s.sort])).toEqual([
      ['Part I', 0],
      ['Part II', 1],
    ]);
    expect(sections[0].items.map((i) => [i.questionId, i.score, i.sort, i.questionVersion])).toEqual([
      [q[0], 2, 0, 1],
      [q[1], 3, 1, 1],
    ]);
    // Pages carry no nested rows.
    const page = ok(await t.call<{ list: ExamPaper[] }>('POST', '/api/examPaper/page', { token: teacher, body: {} }));
    expect(page.list[0].sections).toBeUndefined();
  });

  it("writes the expected difficulty from its questions' difficulty weighted by points; measured figures wait for exams", async () => {
    const [easy, hard] = await Promise.all(
      [1, 5].map(async (difficulty) =>
        ok(
          await t.call<Question>('POST', '/api/question/create', {
            token: teacher,
            body: { type: 1, stem: `<p>Level ${difficulty}</p>`, options: opts, answer: 'A', score: 1, difficulty },
          }),
        ),
      ),
    );
    const body = (a: number, b: number) => ({
      name: 'Weighted',
      sections: [
        {
          title: 'Only',
          items: [
            { questionId: easy.id, score: a },
            { questionId: hard.id, score: b },
          ],
        },
      ],
    });
    const paper = ok(await t.call<ExamPaper>('POST', '/api/examPaper/create', { token: teacher, body: body(3, 1) }));
    // (3 × 1 + 1 × 5) / 4
    expect(paper).toMatchObject({ expectedDifficulty: 2, measuredDifficulty: null, discrimination: null });
    const read = ok(await select(teacher, paper.id));
    const items = (read.sections as Sections)[0].items;
    const again = ok(
      await t.call<ExamPaper>('POST', '/api/examPaper/update', {
        token: teacher,
        body: {
          id: paper.id,
          name: 'Weighted',
          sections: [
            {
              id: (read.sections as Sections)[0].id,
              title: 'Only',
              items: items.map((i) => ({
                id: i.id,
                questionId: i.questionId,
                score: i.questionId === easy.id ? 1 : 3,
              })),
            },
          ],
        },
      }),
    );
    // (1 × 1 + 3 × 5) / 4
    expect(again.expectedDifficulty).toBe(4);
  });

  it('saves by difference: kept rows keep their ids, moved rows take their new place, dropped rows go', async () => {
    const paper = await createPaper(teacher, 'Diff paper');
    const [one, two] = ok(await select(teacher, paper.id)).sections as Sections;
    const saved = ok(
      await t.call<ExamPaper>('POST', '/api/examPaper/update', {
        token: teacher,
        body: {
          id: paper.id,
          name: 'Diff paper',
          sections: [
            // Part II first; Part I keeps its second item only, moved up, and gains a new one.
            {
              id: two.id,
              title: 'Part II (long)',
              items: two.items.map((i) => ({ id: i.id, questionId: i.questionId, score: 6 })),
            },
            {
              id: one.id,
              title: 'Part I',
              items: [
                { id: one.items[1].id, questionId: one.items[1].questionId, score: 3 },
                { questionId: q[3], score: 1 },
              ],
            },
          ],
        },
      }),
    );
    expect(saved).toMatchObject({ totalScore: 10, questionCount: 3 });
    const [first, second] = ok(await select(teacher, paper.id)).sections as Sections;
    expect([first.id, first.title, first.sort]).toEqual([two.id, 'Part II (long)', 0]);
    expect(first.items[0].id).toBe(two.items[0].id);
    expect([second.id, second.sort]).toEqual([one.id, 1]);
    expect(second.items.map((i) => [i.id === one.items[1].id, i.questionId, i.sort])).toEqual([
      [true, q[1], 0],
      [false, q[3], 1],
    ]);
    expect(second.items.some((i) => i.id === one.items[0].id)).toBe(false);
  });

  it("refuses another paper's section or item, a missing question and a pass score above the total, naming the field", async () => {
    const a = await createPaper(teacher, 'Paper A');
    const b = await createPaper(teacher, 'Paper B');
    const bSections = ok(await select(teacher, b.id)).sections as Sections;
    const aSections = ok(await select(teacher, a.id)).sections as Sections;
    const before = await snapshotOrganization(t.database.db, t.ids.demo.orgId);
    const cases: [Record<string, unknown>, string][] = [
      [
        { sections: [{ id: bSections[0].id, title: 'Stolen', items: [] }] },
        `sections.0.id: no section with id ${bSections[0].id} here`,
      ],
      [
        {
          sections: [
            { id: aSections[0].id, title: 'X', items: [{ id: bSections[0].items[0].id, questionId: q[0], score: 1 }] },
          ],
        },
        `sections.0.items.0.id: no question item with id ${bSections[0].items[0].id} here`,
      ],
      [
        { sections: [{ title: 'X', items: [{ questionId: 999999, score: 1 }] }] },
        'sections.0.items.0.questionId: no question with id 999999',
      ],
      [{ passScore: 50 }, 'passScore: cannot be above the total score (10)'],
    ];
    for (const [change, message] of cases) {
      const body = {
        id: a.id,
        name: 'Paper A',
        sections: aSections.map((s) => ({ id: s.id, title: s.title, items: s.items })),
        ...change,
      };
      const res = await t.call('POST', '/api/examPaper/update', { token: teacher, body });
      expect([res.code, res.message]).toEqual([ResultCode.InvalidParams, message]);
    }
    expect(await snapshotOrganization(t.database.db, t.ids.demo.orgId)).toEqual(before);
  });

  it('a question on a paper cannot be deleted, and its edits start a new version the paper does not follow', async () => {
    const paper = await createPaper(teacher, 'Versions');
    const del = await t.call('POST', `/api/question/delete/${q[0]}`, { token: teacher });
    expect(del.code).toBe(ResultCode.Error);
    expect(del.message).toMatch(
      /^Cannot delete: in use by question items of exam papers \(\d+\)\. Nothing was deleted\.$/,
    );
    const edited = ok(
      await t.call<Question>('POST', '/api/question/update', {
        token: teacher,
        body: { id: q[0], type: 1, stem: '<p>Question 0, reworded</p>', options: opts, answer: 'B', score: 2 },
      }),
    );
    expect(edited.version).toBe(2);
    const items = (ok(await select(teacher, paper.id)).sections as Sections)[0].items;
    expect(items[0].questionVersion).toBe(1);
  });
});

describe('row scope', () => {
  it('another teacher neither sees nor changes an unpublished paper; academic staff see and change it', async () => {
    const paper = await createPaper(teacher, 'Private draft');
    expect((await select(other, paper.id)).message).toBe('Exam paper not found');
    const page = ok(
      await t.call<{ list: ExamPaper[] }>('POST', '/api/examPaper/page', { token: other, body: { pageSize: 200 } }),
    );
    expect(page.list.some((p) => p.id === paper.id)).toBe(false);
    for (const url of [`/api/examPaper/publish/${paper.id}`, `/api/examPaper/delete/${paper.id}`]) {
      expect((await t.call('POST', url, { token: other })).message).toMatch(/^Exam paper (\d+ )?not found$/);
    }
    expect(ok(await select(academic, paper.id)).name).toBe('Private draft');
  });

  it('a published paper is readable by other teachers but changed only by its owner or academic staff', async () => {
    const paper = await createPaper(teacher, 'Shared final');
    ok(await t.call('POST', `/api/examPaper/publish/${paper.id}`, { token: teacher }));
    expect(ok(await select(other, paper.id)).status).toBe(ExamPaperStatus.Published);
    const refused = await t.call('POST', `/api/examPaper/withdraw/${paper.id}`, { token: other });
    expect([refused.code, refused.message]).toEqual([ResultCode.Forbidden, 'You can change only your own exam papers']);
    expect(ok(await t.call<ExamPaper>('POST', `/api/examPaper/withdraw/${paper.id}`, { token: academic })).status).toBe(
      ExamPaperStatus.Withdrawn,
    );
  });

  it('students reach no paper route', async () => {
    for (const url of ['/api/examPaper/page', '/api/examPaper/select/1', '/api/examPaper/publish/1']) {
      expect((await t.call('POST', url, { token: student, body: {} })).code).toBe(ResultCode.Forbidden);
    }
  });
});

describe('transitions', () => {
  it('publish and withdraw move the status; a wrong state is refused by name and changes nothing', async () => {
    const paper = await createPaper(teacher, 'Lifecycle');
    const published = ok(await t.call<ExamPaper>('POST', `/api/examPaper/publish/${paper.id}`, { token: teacher }));
    expect(published.status).toBe(ExamPaperStatus.Published);
    const again = await t.call('POST', `/api/examPaper/publish/${paper.id}`, { token: teacher });
    expect([again.code, again.message]).toEqual([
      ResultCode.InvalidParams,
      'status: cannot publish a published exam paper',
    ]);
    const edit = await t.call('POST', '/api/examPaper/update', {
      token: teacher,
      body: { id: paper.id, name: 'Changed' },
    });
    expect(edit.message).toBe('status: withdraw the published paper before changing it');
    const del = await t.call('POST', `/api/examPaper/delete/${paper.id}`, { token: teacher });
    expect(del.message).toMatch(/^Withdraw published papers before deleting them: Lifecycle/);
    ok(await t.call('POST', `/api/examPaper/withdraw/${paper.id}`, { token: teacher }));
    const twice = await t.call('POST', `/api/examPaper/withdraw/${paper.id}`, { token: teacher });
    expect(twice.message).toBe('status: cannot withdraw a withdrawn exam paper');
    ok(await t.call('POST', `/api/examPaper/delete/${paper.id}`, { token: teacher }));
  });

  it('an empty paper cannot be published', async () => {
    const empty = ok(
      await t.call<ExamPaper>('POST', '/api/examPaper/create', { token: teacher, body: { name: 'Empty' } }),
    );
    const res = await t.call('POST', `/api/examPaper/publish/${empty.id}`, { token: teacher });
    expect([res.code, res.message]).toEqual([
      ResultCode.InvalidParams,
      'sections: a paper needs at least one question before it is published',
    ]);
    expect(ok(await select(teacher, empty.id)).status).toBe(ExamPaperStatus.Unpublished);
  });

  it('of ten parallel publishes of one paper exactly one succeeds', async () => {
    const paper = await createPaper(admin, 'Race');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.call('POST', `/api/examPaper/publish/${paper.id}`, { token: admin })),
    );
    expect(results.filter((r) => r.code === ResultCode.Success)).toHaveLength(1);
    expect(results.filter((r) => r.code === ResultCode.InvalidParams).map((r) => r.message)).toEqual(
      Array(9).fill('status: cannot publish a published exam paper'),
    );
  });
});

describe('content', () => {
  type Content = {
    paper: ExamPaper;
    questions: { questionId: number; version: number; currentVersion: number; stem: string; answer: unknown }[];
  };

  it('answers each question at the version the paper froze, and says when a newer one exists', async () => {
    const fresh = ok(
      await t.call<Question>('POST', '/api/question/create', {
        token: teacher,
        body: { type: 1, stem: '<p>Fresh</p>', options: opts, answer: 'B', score: 2 },
      }),
    );
    const paper = ok(
      await t.call<ExamPaper>('POST', '/api/examPaper/create', {
        token: teacher,
        body: {
          name: 'Content paper',
          sections: [
            { title: 'One', items: [{ questionId: fresh.id, score: 2 }] },
            { title: 'Two', items: [{ questionId: q[2], score: 5 }] },
          ],
        },
      }),
    );
    ok(await t.call('POST', `/api/examPaper/publish/${paper.id}`, { token: teacher }));
    // The question is on a published paper: an edit starts version 2, the paper keeps version 1.
    ok(await t.call('POST', '/api/question/update', { token: teacher, body: { ...fresh, stem: '<p>Reworded</p>' } }));
    const content = ok(await t.call<Content>('POST', `/api/examPaper/content/${paper.id}`, { token: teacher }));
    expect(content.paper.sections?.map((s) => s.items.length)).toEqual([1, 1]);
    const first = content.questions.find((x) => x.questionId === fresh.id);
    expect(first).toMatchObject({ version: 1, currentVersion: 2, stem: '<p>Fresh</p>', answer: 'B' });
    expect(content.questions).toHaveLength(2);
  });

  it("is the paper's readers' only: another teacher's draft is not found, a student is refused", async () => {
    const draft = await createPaper(teacher, 'Private draft');
    const hidden = await t.call('POST', `/api/examPaper/content/${draft.id}`, { token: other });
    expect(hidden.code).not.toBe(ResultCode.Success);
    expect(hidden.response).toBeNull();
    const student_ = await t.call('POST', `/api/examPaper/content/${draft.id}`, { token: student });
    expect(student_.code).toBe(ResultCode.Forbidden);
  });
});
