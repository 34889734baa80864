import { BLANK_MARKER, TagType, zQuestionCreate } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { courseCategories, tags } from '../modules/catalogue/catalogue.table';
import { uploadFile } from '../modules/file/file.service';
import type { FileStorage } from '../modules/file/file.storage';
import { questionResource } from '../modules/question/question.resource';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { parabolaPng } from './png';
import { seedContext } from './seed-context';

const f = (latex: string) => `<span class="formula" data-latex="${latex}"></span>`;
const opts = (...contents: string[]) => contents.map((content, i) => ({ label: 'ABCDEFGHIJ'[i], content }));

// At least 60 questions over the six types and three subjects, with formulas and a figure.
export async function seedQuestions(db: Db, orgId: number, userId: number, storage: FileStorage | null) {
  const ctx = seedContext(db, orgId, userId);
  const tagId = async (name: string, type: number) =>
    (
      await db
        .select({ id: tags.id })
        .from(tags)
        .where(inOrg(tags, orgId, [eq(tags.name, name), eq(tags.type, type)]))
    )[0]?.id;
  const subjectId = async (name: string) =>
    (
      await db
        .select({ id: courseCategories.id })
        .from(courseCategories)
        .where(inOrg(courseCategories, orgId, [eq(courseCategories.name, name)]))
    )[0]?.id ?? null;
  const kp = async (...names: string[]) =>
    (await Promise.all(names.map((n) => tagId(n, TagType.KnowledgePoint)))).filter((x): x is number => !!x);
  const calculus = await subjectId('Calculus 微积分');
  const algebra = await subjectId('Linear algebra 线性代数');
  const programming = await subjectId('Programming 程序设计');
  const databases = await subjectId('Databases 数据库');
  const english = await subjectId('English 英语');
  const focus = await tagId('Exam focus 考试重点', TagType.Tag);
  // Through the same validation, sanitising and versioning as the API.
  const add = (q: Record<string, unknown>) => questionResource.create(ctx, zQuestionCreate.parse(q));

  // Derivatives of powers: 6 single-choice questions with formulas.
  for (let n = 2; n <= 7; n++) {
    await add({
      type: 1,
      stem: `<p>What is the derivative of ${f(`x^{${n}}`)}?</p>`,
      options: opts(f(`${n}x^{${n - 1}}`), f(`x^{${n - 1}}`), f(`${n}x^{${n}}`), f(`\\frac{x^{${n + 1}}}{${n + 1}}`)),
      answer: 'A',
      score: 2,
      difficulty: n < 4 ? 1 : 2,
      subjectId: calculus,
      tagIds: await kp('Derivatives 导数'),
      analysis: `<p>Power rule: ${f('\\frac{d}{dx}x^n = nx^{n-1}')}.</p>`,
    });
  }
  // Mental arithmetic: 30 quick single-choice questions for warm-ups.
  for (let a = 3; a <= 8; a++) {
    for (const b of [7, 9, 12, 15, 25]) {
      const p = a * b;
      await add({
        type: 1,
        stem: `<p>${a} × ${b} = ?</p>`,
        options: opts(String(p - a), String(p), String(p + b), String(p + 1)),
        answer: 'B',
        score: 1,
        difficulty: 1,
        subjectId: algebra,
      });
    }
  }
  const multiples: [string, string[], string[]][] = [
    [
      'Which of these matrices are symmetric?',
      [
        f('\\begin{pmatrix}1&2\\\\2&1\\end{pmatrix}'),
        f('\\begin{pmatrix}0&1\\\\-1&0\\end{pmatrix}'),
        f('I_3'),
        f('\\begin{pmatrix}1&0\\\\5&1\\end{pmatrix}'),
      ],
      ['A', 'C'],
    ],
    ['Which are valid SQL aggregate functions?', ['COUNT', 'SUM', 'CONCAT', 'AVG'], ['A', 'B', 'D']],
    [
      'Which data structures give O(1) access by index?',
      ['Array', 'Linked list', 'Dynamic array', 'Binary search tree'],
      ['A', 'C'],
    ],
    [
      'Which sentences are in the present perfect?',
      ['I have eaten.', 'I ate.', 'She has gone.', 'We will go.'],
      ['A', 'C'],
    ],
    ['Which functions are continuous on ℝ?', [f('\\sin x'), f('\\frac{1}{x}'), f('e^x'), f('\\tan x')], ['A', 'C']],
  ];
  for (const [i, [stem, options, answer]] of multiples.entries()) {
    await add({
      type: 2,
      stem: `<p>${stem}</p>`,
      options: opts(...options),
      answer,
      score: 4,
      partialCredit: 2,
      partScore: 2,
      difficulty: 3,
      subjectId: [algebra, databases, programming, english, calculus][i],
      tagIds: await kp(['Matrices 矩阵', 'SQL', 'Arrays 数组', 'Grammar 语法', 'Continuity 连续性'][i]),
    });
  }
  const facts: [string, boolean, number | null][] = [
    [`${f('\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1')}`, true, calculus],
    ['A primary key column may contain NULL values.', false, databases],
    ['Binary search needs a sorted array.', true, programming],
    [`Every square matrix has an inverse.`, false, algebra],
    ['"Their" and "there" mean the same thing.', false, english],
    [`${f('e^{i\\pi} + 1 = 0')}`, true, calculus],
  ];
  for (const [stem, answer, subject] of facts) {
    await add({ type: 3, stem: `<p>${stem}</p>`, answer, score: 1, difficulty: 2, subjectId: subject });
  }
  const gaps: [string, string[][], number | null, string[]][] = [
    [`${f('\\frac{d}{dx}\\sin x')} = ${BLANK_MARKER}`, [['cos x', 'cosx', 'cos(x)']], calculus, ['Derivatives 导数']],
    [`${f('\\lim_{x\\to\\infty}\\frac{1}{x}')} = ${BLANK_MARKER}`, [['0']], calculus, ['Limits 极限']],
    [`SELECT name ${BLANK_MARKER} students ${BLANK_MARKER} age &gt; 18;`, [['FROM'], ['WHERE']], databases, ['SQL']],
    [
      `The determinant of ${f('\\begin{pmatrix}2&0\\\\0&3\\end{pmatrix}')} is ${BLANK_MARKER}.`,
      [['6']],
      algebra,
      ['Matrices 矩阵'],
    ],
    [`She ${BLANK_MARKER} (go) to school every day.`, [['goes']], english, ['Grammar 语法']],
    [`π ≈ ${BLANK_MARKER} (two decimals)`, [['3.14']], calculus, []],
    [
      `Name two primary colours: ${BLANK_MARKER}, ${BLANK_MARKER}.`,
      [
        ['red', 'blue', 'yellow'],
        ['red', 'blue', 'yellow'],
      ],
      null,
      [],
    ],
  ];
  for (const [i, [stem, blanks, subject, points]] of gaps.entries()) {
    await add({
      type: 4,
      stem: `<p>${stem}</p>`,
      answer: {
        blanks: blanks.map((answers) => ({ answers, score: 2 })),
        rules: { numericTolerance: i === 5 ? 0.005 : null, anyOrder: i === 6 },
      },
      score: 2 * blanks.length,
      difficulty: 2,
      subjectId: subject,
      tagIds: await kp(...points),
    });
  }
  let figure = '';
  if (storage) {
    const file = await uploadFile(ctx, storage, 'image', 'parabola.png', parabolaPng());
    figure = `<p><img src="${file.url}" alt="graph of y = x squared" /></p>`;
  }
  const shorts: [string, string, [string, number][], number | null][] = [
    [
      `${figure}<p>The figure shows ${f('y = x^2')}. Describe its shape and where it has its minimum.</p>`,
      'A parabola opening upwards with its minimum at the origin.',
      [
        ['parabola', 2],
        ['minimum', 1],
        ['origin', 2],
      ],
      calculus,
    ],
    [
      '<p>Explain the chain rule with an example.</p>',
      `${f("(f\\circ g)'(x) = f'(g(x))\\,g'(x)")}`,
      [
        ['derivative', 2],
        ['composite', 2],
      ],
      calculus,
    ],
    [
      '<p>What is a foreign key, and why use one?</p>',
      'A column referring to another table’s key, keeping references valid.',
      [
        ['reference', 2],
        ['table', 1],
      ],
      databases,
    ],
    [
      '<p>Compare arrays and linked lists.</p>',
      'Arrays: O(1) index access; lists: O(1) insertion.',
      [
        ['index', 2],
        ['insert', 2],
      ],
      programming,
    ],
    ['<p>Write three sentences about your hometown.</p>', 'Free writing; check grammar and coherence.', [], english],
  ];
  for (const [stem, reference, keywords, subject] of shorts) {
    await add({
      type: 5,
      stem,
      answer: { reference: `<p>${reference}</p>`, keywords: keywords.map(([word, points]) => ({ word, points })) },
      score: 6,
      difficulty: 4,
      subjectId: subject,
      tagIds: focus ? [focus] : [],
    });
  }
  const passages: [string, Record<string, unknown>[]][] = [
    [
      '<p><em>Reading.</em> Lin moved to Shanghai in 2019. At first the city felt too big, but after joining a running club she made friends and now calls it home.</p>',
      [
        {
          type: 1,
          stem: 'Why did Shanghai feel better later?',
          options: opts('She moved again', 'She joined a club', 'She got a car'),
          answer: 'B',
          score: 2,
        },
        { type: 3, stem: 'Lin moved to Shanghai in 2009.', answer: false, score: 1 },
        {
          type: 4,
          stem: `Lin joined a ${BLANK_MARKER} club.`,
          answer: { blanks: [{ answers: ['running'], score: 1 }], rules: {} },
          score: 1,
        },
      ],
    ],
    [
      `<p><em>Case study.</em> A table <code>orders(id, customer_id, total)</code> holds 2 million rows. Reports filter by customer.</p>`,
      [
        {
          type: 2,
          stem: 'Which would speed up the reports?',
          options: opts(
            'An index on customer_id',
            'Dropping the primary key',
            'Partitioning by customer',
            'Storing totals as text',
          ),
          answer: ['A', 'C'],
          score: 4,
          partialCredit: 2,
          partScore: 2,
        },
        {
          type: 5,
          stem: 'Explain your choice.',
          answer: { reference: 'Indexes avoid full scans.', keywords: [{ word: 'index', points: 2 }] },
          score: 4,
        },
      ],
    ],
  ];
  for (const [i, [stem, children]] of passages.entries()) {
    await add({
      type: 6,
      stem,
      children,
      score: children.reduce((s, c) => s + Number(c.score), 0),
      difficulty: 3,
      subjectId: [english, databases][i],
      tagIds: await kp(['Reading 阅读', 'SQL'][i]),
    });
  }
  // Short answers marked Moodle's way (issue 35): the whole answer matched, case-sensitive; a number
  // within a tolerance, with units.
  await add({
    type: 5,
    stem: '<p>What is the chemical symbol of cobalt? (Mind the case: CO is carbon monoxide.)</p>',
    answer: { accepted: [{ answer: 'Co', fraction: 1, tolerance: null }], caseSensitive: true },
    judgeType: 1,
    score: 2,
    difficulty: 2,
  });
  await add({
    type: 5,
    stem: '<p>A runner covers 1.5 km. How far is that in metres? (Units may be given: m or km.)</p>',
    answer: {
      accepted: [{ answer: '1500', fraction: 1, tolerance: 1 }],
      units: [
        { unit: 'm', multiplier: 1 },
        { unit: 'km', multiplier: 0.001 },
      ],
    },
    judgeType: 1,
    score: 2,
    difficulty: 2,
    subjectId: calculus,
  });
}
