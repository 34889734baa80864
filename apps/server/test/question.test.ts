import { BLANK_MARKER, type Page, type Question, ResultCode } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../src/modules/question/question.table';
import { ajax, createTestApp, makeSheet, type TestApp } from './harness';
import { snapshotOrganization } from './snapshot';

let t: TestApp;
let teacher: string;
const opts = ['A', 'B', 'C', 'D'].map((label) => ({ label, content: `<p>Option ${label}</p>` }));
const samples: Record<string, Record<string, unknown>> = {
  single: { type: 1, stem: '<p>Which is prime?</p>', options: opts, answer: 'C', score: 2, difficulty: 2 },
  multiple: {
    type: 2,
    stem: 'Which are even?',
    options: opts,
    answer: ['B', 'D'],
    score: 4,
    partialCredit: 2,
    partScore: 2,
  },
  trueFalse: { type: 3, stem: 'Water boils at 100 °C at sea level.', answer: true, score: 1 },
  gap: {
    type: 4,
    stem: `<p>The derivative of x<sup>2</sup> is ${BLANK_MARKER}; of sin x, ${BLANK_MARKER}.</p>`,
    answer: {
      blanks: [
        { score: 2, answers: ['2x'] },
        { score: 2, answers: ['cos x', 'cosx'] },
      ],
      rules: { numericTolerance: null },
    },
    score: 4,
  },
  short: {
    type: 5,
    stem: '<p>Explain <span class="formula" data-latex="E=mc^2"></span>.</p>',
    answer: {
      reference: '<p>Mass-energy equivalence.</p>',
      keywords: [
        { word: 'energy', points: 2 },
        { word: 'mass', points: 2 },
      ],
    },
    score: 6,
  },
  compose: {
    type: 6,
    stem: '<p>Read the passage and answer.</p>',
    score: 3,
    children: [
      { type: 1, stem: 'Main idea?', options: opts, answer: 'A', score: 2 },
      { type: 3, stem: 'The author agrees.', answer: false, score: 1 },
    ],
  },
};

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  teacher = await t.login('demo', 'teacher');
});
afterAll(() => t.close());

describe('questions', () => {
  it('creates one question of each type and reads it back', async () => {
    for (const [name, body] of Object.entries(samples)) {
      const res = await t.call<Question>('POST', '/api/question/create', { token: teacher, body });
      expect(res.code, `${name}: ${res.message}`).toBe(ResultCode.Success);
      expect(res.response).toMatchObject({ type: body.type, score: body.score, version: 1 });
    }
    const short = await t.call<Page<Question>>('POST', '/api/question/page', { token: teacher, body: { type: 5 } });
    expect(short.response.list[0]).toMatchObject({ judgeType: 2 });
    expect(short.response.list[0].stem).toContain('data-latex="E=mc^2"');
  });

  it('refuses bad input with a message naming the field, writing nothing', async () => {
    const before = await snapshotOrganization(t.database.db, t.ids.demo.orgId);
    const cases: [Record<string, unknown>, string][] = [
      // What the editor says when no option is marked, or one is left empty (issue 36).
      [{ ...samples.single, answer: undefined }, 'answer: choose the correct option'],
      [
        { ...samples.single, options: [{ label: 'A', content: '<p><br></p>' }, ...opts.slice(1)] },
        'options: option A has no text',
      ],
      [{ ...samples.single, answer: 'F' }, 'answer: option label F is out of range'],
      [{ ...samples.gap, stem: `Only ${BLANK_MARKER}` }, 'answer.blanks: the stem has 1 blanks but 2 are given'],
      [
        { ...samples.single, stem: '<p>Hi</p><script>steal()</script>' },
        'stem: contains HTML that is not allowed here: <script>',
      ],
      [
        { ...samples.single, answer: 'A', options: [{ label: 'A', content: '<img src=x onerror=alert(1)>' }, opts[1]] },
        'options.0.content: contains HTML that is not allowed here: an image that is not an upload or https, attribute onerror on <img>',
      ],
      [
        { ...samples.compose, children: [{ ...samples.single, stem: '<iframe src="https://x"></iframe>', score: 3 }] },
        'children.0.stem: contains HTML that is not allowed here: <iframe>',
      ],
      [{ ...samples.single, tagIds: [999999] }, 'tagIds: no tag or knowledge point with id 999999'],
      [{ ...samples.single, type: 9 }, 'type: must be one of 1, 2, 3, 4, 5, 6'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/api/question/create', { token: teacher, body });
      expect(res.code, message).toBe(ResultCode.InvalidParams);
      expect(res.message).toBe(message);
    }
    expect(await snapshotOrganization(t.database.db, t.ids.demo.orgId)).toEqual(before);
  });

  it('sanitises what it keeps, filters by knowledge point subtree and keyword, copies, tags in bulk', async () => {
    const tree = await t.call<
      { id: number; name: string; children: { id: number; name: string; children: { id: number }[] }[] }[]
    >('GET', '/api/common/tag/tree', { token: teacher, query: { type: '2' } });
    const maths = tree.response.find((n) => n.name.startsWith('Mathematics'))!;
    const limits = maths.children[0].children[0];
    const q = await t.call<Question>('POST', '/api/question/create', {
      token: teacher,
      body: { ...samples.single, stem: '<p>Limit of <a href="https://example.edu">this</a></p>', tagIds: [limits.id] },
    });
    expect(q.response.stem).toBe(
      '<p>Limit of <a href="https://example.edu" rel="noopener noreferrer nofollow" target="_blank">this</a></p>',
    );
    const byParent = await t.call<Page<Question>>('POST', '/api/question/page', {
      token: teacher,
      body: { tagId: maths.id },
    });
    expect(byParent.response.list.map((x) => x.id)).toEqual([q.response.id]);
    const byWord = await t.call<Page<Question>>('POST', '/api/question/page', {
      token: teacher,
      body: { keyword: 'limit of' },
    });
    expect(byWord.response.total).toBe(1);
    const copy = await t.call<Question>('POST', `/api/question/copy/${q.response.id}`, { token: teacher });
    expect(copy.response).toMatchObject({ stem: q.response.stem, version: 1 });
    expect(copy.response.id).not.toBe(q.response.id);
    const exam = tree.response.find((n) => n.name.startsWith('English'))!;
    const bulk = await t.call('POST', '/api/question/bulkTag', {
      token: teacher,
      body: { ids: [q.response.id, copy.response.id], tagIds: [exam.id, limits.id] },
    });
    expect(bulk.code).toBe(ResultCode.Success);
    const tagged = await t.call<Question>('POST', `/api/question/select/${copy.response.id}`, { token: teacher });
    expect([...tagged.response.tagIds].sort()).toEqual([limits.id, exam.id].sort());
  });

  it('keeps every saved state as a version and scores a trial answer', async () => {
    const q = await t.call<Question>('POST', '/api/question/create', { token: teacher, body: samples.trueFalse });
    await t.call('POST', '/api/question/update', {
      token: teacher,
      body: { ...samples.trueFalse, id: q.response.id, stem: 'Edited.' },
    });
    const versions = await t.call<{ version: number; snapshot: { stem: string } }[]>(
      'POST',
      `/api/question/versions/${q.response.id}`,
      { token: teacher },
    );
    expect(versions.response.map((v) => [v.version, v.snapshot.stem])).toEqual([[1, 'Edited.']]);
    const tried = await t.call<{ score: number; max: number }>('POST', '/api/question/tryAnswer', {
      token: teacher,
      body: { question: samples.gap, answer: ['2X', 'cos  x'] },
    });
    expect(tried.response).toMatchObject({ score: 4, max: 4 });
    const bad = await t.call('POST', '/api/question/tryAnswer', {
      token: teacher,
      body: { question: { ...samples.single, answer: 'Z' }, answer: 'Z' },
    });
    expect(bad).toMatchObject({
      code: ResultCode.InvalidParams,
      message: 'question.answer: option label Z is out of range',
      error: { key: 'optionOutOfRange', field: 'question.answer', params: { label: 'Z' } },
    });
  });

  it('filters and sorts by the measured figures, leaving out questions never answered', async () => {
    // Figures as a confirmed exam leaves them, written directly: easy and discriminating, middling
    // and poorly discriminating, hard and fair, and one never answered.
    const figures: [number | null, number | null, number][] = [
      [0.9, 0.5, 30],
      [0.6, 0.1, 30],
      [0.3, 0.3, 30],
      [null, null, 0],
    ];
    const ids: number[] = [];
    for (const [i, [difficulty, discrimination, answers]] of figures.entries()) {
      const q = await t.call<Question>('POST', '/api/question/create', {
        token: teacher,
        body: { ...samples.single, stem: `<p>Measured probe ${i}</p>` },
      });
      ids.push(q.response.id);
      await t.database.db
        .update(questions)
        .set({ statDifficulty: difficulty, statDiscrimination: discrimination, answerCount: answers })
        .where(eq(questions.id, q.response.id));
    }
    const page = async (body: Record<string, unknown>) => {
      const res = await t.call<Page<Question>>('POST', '/api/question/page', {
        token: teacher,
        body: { keyword: 'measured probe', pageSize: 50, ...body },
      });
      expect(res.code, res.message).toBe(ResultCode.Success);
      return res.response.list.map((q) => ids.indexOf(q.id));
    };
    expect(await page({})).toEqual([3, 2, 1, 0]);
    expect(await page({ statDifficultyMin: 0.5 })).toEqual([1, 0]);
    // Bounds are inclusive.
    expect(await page({ statDifficultyMax: 0.6 })).toEqual([2, 1]);
    expect(await page({ statDifficultyMin: 0.4, statDifficultyMax: 0.8 })).toEqual([1]);
    expect(await page({ poorDiscrimination: true })).toEqual([1]);
    expect(await page({ poorDiscrimination: false })).toEqual([3, 2, 1, 0]);
    // Ascending puts the unanswered question last (PostgreSQL sorts nulls after numbers).
    expect(await page({ sortField: 'statDifficulty', sortOrder: 'ascend' })).toEqual([2, 1, 0, 3]);
    const listed = await t.call<Page<Question>>('POST', '/api/question/page', {
      token: teacher,
      body: { keyword: 'measured probe 0' },
    });
    expect(listed.response.list[0]).toMatchObject({ statDifficulty: 0.9, statDiscrimination: 0.5, answerCount: 30 });
    const bad = await t.call('POST', '/api/question/page', { token: teacher, body: { statDifficultyMin: 1.5 } });
    expect(bad).toMatchObject({ code: ResultCode.InvalidParams, error: { field: 'statDifficultyMin' } });
  });

  it('students cannot reach the question bank', async () => {
    const student = await t.login('demo', 'student');
    expect((await t.call('POST', '/api/question/page', { token: student, body: {} })).code).toBe(ResultCode.Forbidden);
  });

  it('imports questions from Excel: every row checked first, compose by group, duplicates flagged', async () => {
    const template = await t.call<unknown[][]>('GET', '/api/question/template', { token: teacher });
    const headers = template.response[0] as string[];
    expect(headers.slice(0, 3)).toEqual(['Group', 'Type', 'Stem']);
    const col = (name: string) => headers.indexOf(name);
    const row = (values: Record<string, unknown>) => headers.map((h) => values[h] ?? '');
    const rows = [
      row({
        Type: 'Single choice',
        Stem: 'Imported: 3 × 3 = ?',
        'Option A': '6',
        'Option B': '9',
        Answer: 'B',
        Score: 2,
      }),
      row({ Type: 'Gap filling', Stem: `Imported: H${BLANK_MARKER}O is water.`, Answer: '2/two', Score: 1 }),
      row({
        Type: 'Single choice',
        Stem: 'Imported: bad one',
        'Option A': 'x',
        'Option B': 'y',
        Answer: 'E',
        Score: 1,
      }),
      row({ Group: 'G1', Type: 'Compose', Stem: 'Imported passage' }),
      row({ Group: 'G1', Type: 'True or false', Stem: 'Imported child 1', Answer: '对', Score: 1 }),
      row({
        Group: 'G1',
        Type: 'Short answer',
        Stem: 'Imported child 2',
        Answer: 'Because.',
        Keywords: 'because:2',
        Score: 2,
      }),
    ];
    expect(col('Answer')).toBeGreaterThan(0);
    const file = await makeSheet([headers, ...rows]);
    const send = (body: Buffer, dryRun: boolean) =>
      t.app
        .inject({
          method: 'POST',
          url: `/api/question/import?dryRun=${dryRun}`,
          headers: {
            token: teacher,
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
          payload: body,
        })
        .then((r) => r.json());
    const dry = await send(file, true);
    expect(dry.response).toMatchObject({ total: 4, valid: 3, created: 0 });
    expect(dry.response.errors).toEqual([
      {
        row: 4,
        field: 'answer',
        column: 'Answer',
        message: 'Option label E is out of range',
        error: { key: 'optionOutOfRange', field: 'answer', params: { label: 'E' } },
      },
    ]);
    expect((await send(file, false)).response.created).toBe(0);
    const good = await makeSheet([headers, ...rows.filter((_, i) => i !== 2)]);
    const real = await send(good, false);
    expect(real.response).toMatchObject({ created: 3, errors: [] });
    const compose = await t.call<Page<Question>>('POST', '/api/question/page', {
      token: teacher,
      body: { keyword: 'Imported passage' },
    });
    expect(compose.response.list[0]).toMatchObject({ type: 6, score: 3 });
    expect(compose.response.list[0].children).toHaveLength(2);
    const again = await send(good, true);
    expect(again.response.duplicates.map((d: { row: number }) => d.row)).toEqual([2, 3, 4]);

    const exported = await t.call<unknown[][]>('POST', '/api/question/export', {
      token: teacher,
      body: { keyword: 'Imported' },
    });
    expect(exported.response.length).toBeGreaterThanOrEqual(6);
    const reimport = await send(await makeSheet(exported.response), true);
    expect(reimport.response).toMatchObject({ errors: [], valid: 3 });
    expect(reimport.response.duplicates).toHaveLength(3);
  });

  it('imports choice questions typed in the Aiken format', async () => {
    const text =
      'Aiken: which is a mammal?\nA. Shark\nB. Whale\nC. Trout\nANSWER: B\n\nAiken: which are primes?\nA) 2\nB) 4\nC) 5\nANSWER: A, C\n\nAiken: no answer here\nA. x\nB. y';
    const dry = await t.call<{ valid: number; errors: { row: number; message: string }[] }>(
      'POST',
      '/api/question/importAiken',
      {
        token: teacher,
        body: { text, score: 2 },
      },
    );
    expect(dry.response.valid).toBe(2);
    expect(dry.response.errors).toEqual([
      {
        row: 13,
        field: 'answer',
        column: '',
        message: 'Missing "ANSWER: X" line',
        error: { key: 'aikenNoAnswer', field: 'answer' },
      },
    ]);
    const ok = await t.call<{ created: number }>('POST', '/api/question/importAiken', {
      token: teacher,
      body: { text: text.split('\n\n').slice(0, 2).join('\n\n'), score: 2, dryRun: false },
    });
    expect(ok.response.created).toBe(2);
    const multi = await t.call<Page<Question>>('POST', '/api/question/page', {
      token: teacher,
      body: { keyword: 'Aiken: which are primes' },
    });
    expect(multi.response.list[0]).toMatchObject({ type: 2, answer: ['A', 'C'] });
  });
});

describe('rich text that the cleaning would change', () => {
  const notAllowed = 'contains HTML that is not allowed here';

  it('is refused with a message naming the field and what is not allowed, writing nothing', async () => {
    const before = await snapshotOrganization(t.database.db, t.ids.demo.orgId);
    const child = { type: 3, stem: 'Fine.', answer: true, score: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...samples.single, stem: '<p>Hi</p><img/onerror=alert(1) src=/api/file/1>' },
        `stem: ${notAllowed}: attribute onerror on <img>`,
      ],
      [
        { ...samples.single, options: [{ label: 'A', content: '<svg/onload=alert(1)>' }, ...opts.slice(1)] },
        `options.0.content: ${notAllowed}: <svg>`,
      ],
      [
        {
          ...samples.compose,
          score: 2,
          children: [child, { ...child, stem: '<a href="&#106;avascript:alert(1)">x</a>' }],
        },
        `children.1.stem: ${notAllowed}: a javascript: link`,
      ],
      [
        { ...samples.short, answer: { reference: '<p style="color:red">Energy.</p>', keywords: [] } },
        `answer.reference: ${notAllowed}: attribute style on <p>`,
      ],
      [
        { ...samples.single, analysis: '<p>See <img src="data:image/png;base64,AAAA"></p>' },
        `analysis: ${notAllowed}: an image from a data: address`,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/api/question/create', { token: teacher, body });
      expect(res.code, message).toBe(ResultCode.InvalidParams);
      expect(res.message).toBe(message);
    }
    expect(await snapshotOrganization(t.database.db, t.ids.demo.orgId)).toEqual(before);
  });

  it('keeps what the editor writes exactly as written', async () => {
    // The image is the teacher's own upload: a question may show only files its author can open.
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?purpose=image',
      headers: { token: teacher, 'content-type': 'image/png', 'x-file-name': 'graph.png', ...ajax },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    });
    const image = (uploaded.json() as { response: { url: string } }).response.url;
    const stem =
      '<p>Given <span class="formula" data-latex="a &lt; b &amp;&amp; \\frac{1}{2}"></span>, x<sup>2</sup> = {{blank}}.</p>' +
      `<p><img src="${image}" alt="graph.png" /></p><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>`;
    const res = await t.call<Question>('POST', '/api/question/create', {
      token: teacher,
      body: { ...samples.gap, stem: `${stem}<p>and ${BLANK_MARKER}</p>` },
    });
    expect(res.code, res.message).toBe(ResultCode.Success);
    expect(res.response.stem).toBe(`${stem}<p>and ${BLANK_MARKER}</p>`);
  });

  it('is reported per row by the Aiken import', async () => {
    const dry = await t.call<{ valid: number; errors: { row: number; field: string; message: string }[] }>(
      'POST',
      '/api/question/importAiken',
      { token: teacher, body: { text: 'Which is safe?\nA. <svg onload=alert(1)>\nB. This\nANSWER: B', score: 2 } },
    );
    expect(dry.response).toMatchObject({ valid: 0 });
    expect(dry.response.errors).toMatchObject([
      { row: 1, field: 'options.0.content', message: `C${notAllowed.slice(1)}: <svg>`, error: { key: 'unsafeHtml' } },
    ]);
  });
});

// "Used by" is derived from every resource's declared references, so what a question points at
// cannot be deleted from under it (the database's foreign keys hold the same line).
describe('what questions use', () => {
  it('refuses deleting a degree, category, subject or tag a question uses, removing nothing', async () => {
    const admin = await t.login('demo', 'admin');
    const first = async (name: string, body: object = {}) =>
      (await t.call<{ id: number }[]>('POST', `/api/${name}/list`, { token: admin, body: { ...body, limit: 1 } }))
        .response[0].id;
    const degree = await t.call<{ id: number }>('POST', '/api/degree/create', {
      token: admin,
      body: { name: 'Used degree' },
    });
    const category = await t.call<{ id: number }>('POST', '/api/category/create', {
      token: admin,
      body: { name: 'Used category', degreeId: degree.response.id },
    });
    const subject = await t.call<{ id: number }>('POST', '/api/courseCategory/create', {
      token: admin,
      body: { name: 'Used subject' },
    });
    const tag = await t.call<{ id: number }>('POST', '/api/tag/create', { token: admin, body: { name: 'Used tag' } });
    const q = await t.call<Question>('POST', '/api/question/create', {
      token: admin,
      body: {
        ...samples.single,
        degreeId: degree.response.id,
        categoryId: category.response.id,
        subjectId: subject.response.id,
        tagIds: [await first('tag'), tag.response.id],
      },
    });
    expect(q.code, q.message).toBe(ResultCode.Success);
    const before = await snapshotOrganization(t.database.db, t.ids.demo.orgId);
    for (const [name, id] of [
      ['category', category.response.id],
      ['degree', degree.response.id],
      ['courseCategory', subject.response.id],
      ['tag', tag.response.id],
    ] as const) {
      const res = await t.call('POST', `/api/${name}/delete/${id}`, { token: admin });
      expect(res.code, name).toBe(ResultCode.Error);
      expect(res.message, name).toMatch(
        /^Cannot delete: in use by (questions? records|categories) \(\d+\)\. Nothing was deleted\.$/,
      );
    }
    expect(await snapshotOrganization(t.database.db, t.ids.demo.orgId)).toEqual(before);
    // Once the question lets go, the tag can go.
    await t.call('POST', `/api/question/delete/${q.response.id}`, { token: admin });
    expect((await t.call('POST', `/api/tag/delete/${tag.response.id}`, { token: admin })).code).toBe(
      ResultCode.Success,
    );
  });
});
