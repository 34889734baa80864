import { readFileSync } from 'node:fs';
import { type QuestionInput, zQuestionInput } from '@lyceum/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbQuestion } from './arbitrary';
import { readGift } from './gift-read';
import { writeGift } from './gift-write';
import type { ExportQuestion, ParsedItem } from './types';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/gift/${name}`, import.meta.url), 'utf8');

function named(items: ParsedItem[], name: string): ParsedItem {
  const item = items.find((i) => i.name === name);
  if (!item) throw new Error(`no question named ${name}`);
  return item;
}
// The question as the bank would store it (zQuestionInput throws on anything it refuses).
const stored = (item: ParsedItem) => zQuestionInput.parse(item.input);
const noteKeys = (item: ParsedItem) => item.notes.map((n) => n.key).sort();

describe('reading every GIFT form (Moodle documentation shapes)', () => {
  const items = readGift(fixture('all-forms.gift.txt'), 2);
  const q = (name: string) => stored(named(items, name));

  it('reads each question once, in order, with its first line and title', () => {
    expect(items).toHaveLength(33);
    expect(items.map((i) => i.ordinal)).toEqual(items.map((_, k) => k + 1));
    expect(items[0]).toMatchObject({ line: 6, name: "Grant's tomb", tags: ['history', 'usa'], category: [] });
    expect(named(items, 'Thanksgiving').line).toBe(15);
    expect(named(items, 'Harry').line).toBe(109);
    // Every supported question is one the bank accepts, scored at the caller's score.
    for (const item of items.filter((i) => !i.unsupported)) {
      expect(item.problems, item.name).toEqual([]);
      expect(stored(item).score, item.name).toBe(2);
    }
  });

  it('multiple choice, its missing-word form, feedback and general feedback', () => {
    expect(q("Grant's tomb")).toMatchObject({ type: 1, answer: 'C', stem: "Who's buried in Grant's tomb?" });
    expect(q("Grant's tomb").options.map((o) => o.content)).toEqual(['Grant', 'Jefferson', 'no one']);
    expect(q('Spectrum')).toMatchObject({ type: 1, answer: 'A', analysis: 'The colours of the rainbow.' });
    expect(noteKeys(named(items, 'Spectrum'))).toEqual(['noteFeedbackDropped']);
    expect(q('Missing word')).toMatchObject({ type: 1, stem: "Grant is _____ in Grant's tomb.", answer: 'B' });
    expect(q('Thanksgiving').stem).toBe(
      'The American holiday of Thanksgiving is celebrated on the _____ Thursday of November.',
    );
    expect(q('Thanksgiving').options.map((o) => o.content)).toEqual(['second', 'third', 'fourth']);
  });

  it('weighted answers: several right is multiple choice; what Lyceum cannot keep is noted', () => {
    // Equal shares with -100% on wrong answers is exactly Lyceum's "a share per correct option".
    expect(q('Two people')).toMatchObject({ type: 2, answer: ['B', 'C'], partialCredit: 3 });
    expect(named(items, 'Two people').notes).toEqual([]);
    expect(q('Primes')).toMatchObject({ type: 2, answer: ['A', 'B'] });
    expect(noteKeys(named(items, 'Primes'))).toEqual(['noteGiftWrongPicks']);
    expect(q('Single weighted')).toMatchObject({ type: 1, answer: 'A' });
    expect(noteKeys(named(items, 'Single weighted'))).toEqual(['noteGiftPartialChoice', 'noteNegativeFraction']);
  });

  it('true/false in every spelling, with feedback and general feedback', () => {
    expect(q('TF false')).toMatchObject({ type: 3, answer: false });
    expect(q('TF true')).toMatchObject({ type: 3, answer: true });
    expect(q('TF feedback')).toMatchObject({ type: 3, answer: false });
    expect(noteKeys(named(items, 'TF feedback'))).toEqual(['noteFeedbackDropped']);
    expect(q('TF general')).toMatchObject({
      type: 3,
      answer: false,
      stem: 'Is 2 + 2 = 5?',
      analysis: 'Two and two make four.',
    });
  });

  it("short answers: whole-answer match, Moodle's partial marks and wildcards", () => {
    const accepted = (name: string) => (q(name).answer as { accepted: unknown[] }).accepted;
    expect(q('Short')).toMatchObject({ type: 5, judgeType: 1, answer: { caseSensitive: false } });
    expect(accepted('Short')).toEqual([
      { answer: 'no one', fraction: 1, tolerance: null },
      { answer: 'nobody', fraction: 1, tolerance: null },
    ]);
    expect(accepted('Short partial')).toEqual([
      { answer: 'Paris', fraction: 1, tolerance: null },
      { answer: 'Paris city', fraction: 0.5, tolerance: null },
      { answer: 'London', fraction: 0, tolerance: null },
    ]);
    expect(accepted('Short wildcard')[0]).toEqual({ answer: '*Yangtze*', fraction: 1, tolerance: null });
    expect(q('Short bare')).toMatchObject({ stem: '1 + 2 =', answer: { accepted: [{ answer: '3', fraction: 1 }] } });
  });

  it('a typed missing word is gap filling with one blank', () => {
    expect(q('Fill in')).toMatchObject({
      type: 4,
      stem: 'Two plus {{blank}} equals four.',
      answer: {
        blanks: [{ score: 2, answers: ['two', '2'], partial: [] }],
        rules: { ignoreCase: true, wildcards: false },
      },
    });
    expect(q('Fill in wildcard').answer).toMatchObject({
      blanks: [{ answers: ['*ocean'], partial: [{ answer: 'sea', fraction: 0.5 }] }],
      rules: { wildcards: true },
    });
  });

  it('numerical: tolerance, range, weighted answers, a missing number', () => {
    const accepted = (name: string) => (q(name).answer as { accepted: unknown[] }).accepted;
    expect(accepted('Numerical')).toEqual([{ answer: '1822', fraction: 1, tolerance: 5 }]);
    expect(accepted('Numerical range')).toEqual([{ answer: '3', fraction: 1, tolerance: 2 }]);
    expect(accepted('Numerical weighted')).toEqual([
      { answer: '1822', fraction: 1, tolerance: 0 },
      { answer: '1822', fraction: 0.5, tolerance: 2 },
    ]);
    expect(accepted('Numerical other')).toEqual([{ answer: '3', fraction: 1, tolerance: 0 }]);
    expect(noteKeys(named(items, 'Numerical other'))).toEqual(['noteFeedbackDropped']);
    expect(q('Numerical missing')).toMatchObject({
      type: 4,
      stem: 'What is the value of pi (to 3 decimal places)? {{blank}}.',
      answer: { blanks: [{ answers: ['3.1415'], rules: { numericTolerance: 0.0005 } }] },
    });
  });

  it('essays are short answers marked by hand; matching and descriptions are unsupported rows', () => {
    expect(q('Essay')).toMatchObject({ type: 5, judgeType: 2, answer: { accepted: [], keywords: [] } });
    expect(q('Essay feedback').analysis).toBe('A good answer names the buildings.');
    expect(named(items, 'Matching')).toMatchObject({ input: null, unsupported: { kind: 'matching' }, line: 80 });
    expect(named(items, 'Description')).toMatchObject({ input: null, unsupported: { kind: 'description' } });
  });

  it('[html], [plain] and [markdown] texts, escapes and \\n', () => {
    expect(q('HTML')).toMatchObject({
      stem: '<p>Which is <b>bold</b>?</p>',
      options: [{ content: '<b>this</b>' }, {}],
    });
    expect(q('Plain').stem).toBe('Is 3 &lt; 5 &amp; 5 &gt; 3?');
    expect(q('Markdown').stem).toBe('Which is **bold**?');
    expect(named(items, 'Markdown').notes).toEqual([{ key: 'noteFormatText', params: { format: 'Markdown' } }]);
    expect(items.find((i) => i.name === 'Escapes: all')).toBeDefined();
    expect(q('Escapes: all').stem).toBe("Which are GIFT's special characters ~ = # { } : and \\?");
    expect(q('Escapes: all').options[0].content).toBe('~ = # { } : \\');
    expect(q('Line break').stem).toBe('First line<br>Second line');
  });

  it('categories: the context and "top" dropped, "//" a slash in a name', () => {
    expect(named(items, 'In category').category).toEqual(['Maths/Science', 'Algebra']);
    expect(named(items, 'Harry').category).toEqual(['tom', 'dick', 'harry']);
  });
});

describe('a Chinese GIFT file', () => {
  const items = readGift(fixture('chinese.gift.txt'), 1);

  it('reads every question under its category', () => {
    expect(items.map((i) => [i.name, i.category.join('/'), stored(i).type])).toEqual([
      ['牛顿第一定律', '物理/力学', 1],
      ['单位', '物理/力学', 5],
      ['光速', '物理/力学', 5],
      ['判断', '物理/热学', 3],
      ['多选', '物理/热学', 2],
      ['简答', '物理/热学', 5],
      ['填空', '物理/热学', 4],
    ]);
    expect(items[0].tags).toEqual(['牛顿定律']);
    expect(stored(items[0])).toMatchObject({ stem: '物体在不受外力作用时，总保持_____状态。', answer: 'B' });
    expect(stored(items[3]).analysis).toBe('沸点与气压有关。');
    expect(stored(items[6])).toMatchObject({
      stem: '冰的熔点是 {{blank}} ℃。',
      answer: { blanks: [{ answers: ['0', '零'] }] },
    });
  });
});

describe('broken questions', () => {
  const items = readGift(fixture('broken.gift.txt'), 1);

  it('are reported with their line while their neighbours import', () => {
    const problems = items.filter((i) => i.problems.length).map((i) => [i.line, i.name, i.problems[0].detail.key]);
    expect(problems).toEqual([
      [5, 'Unclosed', 'interopUnclosed'],
      [9, 'No correct', 'interopNoCorrect'],
      [11, 'No correct short', 'interopNoCorrect'],
      [13, 'Stray close', 'interopSyntax'],
      [15, 'Not a number', 'interopNotNumber'],
      [17, 'Two blocks', 'interopSyntax'],
      [21, 'Eleven', 'interopTooManyOptions'],
      [24, 'Bad extension', 'interopGiftExtension'],
    ]);
    for (const item of items.filter((i) => i.problems.length)) expect(item.input).toBeNull();
    const good = items.filter((i) => !i.problems.length);
    expect(good.map((i) => i.name)).toEqual(['Good 1', 'Good 2', 'Good 3', 'Good 4']);
    for (const item of good) expect(zQuestionInput.safeParse(item.input).success).toBe(true);
  });
});

const CATEGORIES = [[], ['Algebra'], ['物理', '力学'], ['A/B', 'C']];
const exportOf = (inputs: QuestionInput[], categories: number[] = []): ExportQuestion[] =>
  inputs.map((input, i) => ({
    id: i + 1,
    input,
    category: CATEGORIES[categories[i] ?? 0],
    tags: i % 2 ? ['tag one', '标签'] : [],
  }));

describe('writing GIFT', () => {
  const samples: QuestionInput[] = [
    {
      type: 1,
      stem: '<p>Pick {B}: a=b # c</p>',
      options: [
        { label: 'A', content: '%50% off' },
        { label: 'B', content: '[b]' },
      ],
      answer: 'B',
      score: 2,
    },
    {
      type: 2,
      stem: 'Primes?',
      options: [
        { label: 'A', content: '2' },
        { label: 'B', content: '3' },
        { label: 'C', content: '4' },
      ],
      answer: ['A', 'B'],
      partialCredit: 3,
      score: 3,
    },
    { type: 3, stem: 'True?', answer: true, analysis: '<b>yes</b>', score: 1 },
    {
      type: 4,
      stem: 'Water is {{blank}} at 0℃.',
      answer: {
        blanks: [
          {
            score: 2,
            answers: ['Ice', 'solid'],
            partial: [{ answer: 'cold', fraction: 0.5 }],
            rules: { ignoreCase: false },
          },
        ],
        rules: {},
      },
      score: 2,
    },
    {
      type: 5,
      stem: 'Capital?',
      answer: {
        accepted: [
          { answer: 'Paris', fraction: 1 },
          { answer: 'P*', fraction: 0.25 },
        ],
        caseSensitive: true,
      },
      judgeType: 1,
      score: 1,
    },
    {
      type: 5,
      stem: 'g?',
      answer: {
        accepted: [{ answer: '9.81', fraction: 1, tolerance: 0.01 }],
        units: [{ unit: 'm/s²', multiplier: 1 }],
      },
      judgeType: 1,
      score: 1,
    },
    {
      type: 5,
      stem: 'Explain.',
      answer: { reference: '<p>Because.</p>', keywords: [{ word: 'energy', points: 2 }] },
      judgeType: 2,
      score: 2,
    },
  ].map((q) => zQuestionInput.parse(q));
  // Forms the generated questions do not reach: a blank with a number tolerance, a blank at the very
  // end, a star that is no wildcard, numbers among texts, a part score, a line break in the stem.
  const more: QuestionInput[] = [
    {
      type: 4,
      stem: 'π ≈ {{blank}} (two decimals)',
      answer: {
        blanks: [
          {
            score: 1,
            answers: ['3.14'],
            partial: [{ answer: '3.1', fraction: 0.5 }],
            rules: { numericTolerance: 0.005 },
          },
        ],
        rules: {},
      },
      score: 1,
    },
    {
      type: 4,
      stem: '<p>Five times three\nis written</p> {{blank}}',
      answer: { blanks: [{ score: 1.5, answers: ['5*3'] }], rules: { wildcards: false } },
      score: 1.5,
    },
    {
      type: 5,
      stem: 'How many?',
      answer: {
        accepted: [
          { answer: 'ten', fraction: 1 },
          { answer: '10', fraction: 1, tolerance: 0 },
        ],
      },
      judgeType: 1,
      score: 1,
    },
    {
      type: 2,
      stem: 'Pick two.',
      options: [
        { label: 'A', content: 'a' },
        { label: 'B', content: 'b' },
      ],
      answer: ['A', 'B'],
      partialCredit: 2,
      partScore: 1,
      score: 2,
      difficulty: 5,
    },
  ].map((q) => zQuestionInput.parse(q));
  const compose = zQuestionInput.parse({ type: 6, stem: 'Read.', children: [samples[2]], score: 1 });
  const twoBlanks = zQuestionInput.parse({
    type: 4,
    stem: '{{blank}} and {{blank}}',
    answer: {
      blanks: [
        { score: 1, answers: ['a'] },
        { score: 1, answers: ['b'] },
      ],
      rules: {},
    },
    score: 2,
  });

  it('writes what Moodle imports: header, categories, titles, [html], escapes; skips what GIFT cannot hold', () => {
    const { text, skipped } = writeGift(exportOf([...samples, compose, twoBlanks], [1, 1, 2, 2, 3, 0, 0]));
    expect(skipped).toBe(2);
    expect(text).toMatch(/^\/\/ .*GIFT/);
    expect(text).toContain('/api/file/N');
    const categoryLines = text.split('\n').filter((l) => l.startsWith('$CATEGORY:'));
    expect(categoryLines).toEqual([
      '$CATEGORY: $course$/top/Algebra',
      '$CATEGORY: $course$/top/物理/力学',
      '$CATEGORY: $course$/top/A//B/C',
      '$CATEGORY: $course$/top',
    ]);
    expect(text).toContain('::Q1::[html]<p>Pick \\{B\\}\\: a\\=b \\# c</p>{');
    expect(text).toContain('\t~%0%%50% off');
    expect(text).toContain('\t=[html][b]');
    expect(text).toContain('\t~%50%2\n\t~%50%3\n\t~%-100%4');
    expect(text).toContain('::Q4::[html]Water is {=Ice =solid =%50%cold} at 0℃.');
    expect(text).toContain('{\n\t=Paris\n\t=%25%P*\n}');
    expect(text).toContain('{#\n\t=9.81:0.01\n}');
    expect(text).toContain('// [tag:tag one] [tag:标签]');
    // No blank line inside a question, no question line Moodle would take for a comment.
    const blocks = text.split(/\n\s*\n/).filter((b) => b.includes('::Q'));
    expect(blocks).toHaveLength(7);
    for (const b of blocks) expect(b.split('\n').filter((l) => /^\s*\/\//.test(l) && !l.startsWith('//'))).toEqual([]);
  });

  it('without the Lyceum comments, the GIFT alone still says types, options, keys, fractions, analysis', () => {
    const { text } = writeGift(exportOf(samples));
    const moodleOnly = text
      .split('\n')
      .filter((l) => !l.startsWith('// lyceum:'))
      .join('\n');
    const items = readGift(moodleOnly, 1);
    const got = items.map(stored);
    expect(got.map((q) => q.type)).toEqual([1, 2, 3, 4, 5, 5, 5]);
    expect(got[0]).toMatchObject({ answer: 'B', options: [{ content: '%50% off' }, { content: '[b]' }] });
    expect(got[0].stem).toBe('<p>Pick {B}: a=b # c</p>');
    expect(got[1]).toMatchObject({ answer: ['A', 'B'], partialCredit: 3 });
    expect(got[2]).toMatchObject({ answer: true, analysis: '<b>yes</b>' });
    expect(got[3].answer).toMatchObject({
      blanks: [{ answers: ['Ice', 'solid'], partial: [{ answer: 'cold', fraction: 0.5 }] }],
    });
    // Case-sensitive blanks cannot be said in GIFT: Moodle (and this reader without the comment) ignore case.
    expect(got[3].answer).toMatchObject({ rules: { ignoreCase: true } });
    expect(got[4].answer).toMatchObject({
      accepted: [
        { answer: 'Paris', fraction: 1 },
        { answer: 'P*', fraction: 0.25 },
      ],
    });
    expect(got[5].answer).toMatchObject({ accepted: [{ answer: '9.81', fraction: 1, tolerance: 0.01 }] });
    expect(got[6]).toMatchObject({ judgeType: 2, answer: { keywords: [] } });
    expect(got.map((q) => q.score)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    // With the comments, everything comes back.
    expect(readGift(text, 1).map(stored)).toEqual(samples);
  });

  it('numeric blanks, a blank at the end, literal stars, mixed answers and part scores', () => {
    const { text } = writeGift(exportOf(more));
    expect(text).toContain('::Q1::[html]π ≈ {#=3.14:0.005 =%50%3.1:0.005} (two decimals)');
    // Moodle's short answer reads \* as a star itself; GIFT doubles the backslash.
    expect(text).toContain('is written</p> {=5\\\\*3}');
    expect(text).toContain('\\n');
    expect(readGift(text, 1).map(stored)).toEqual(more);
    const moodleOnly = readGift(
      text
        .split('\n')
        .filter((l) => !l.startsWith('// lyceum:'))
        .join('\n'),
      1,
    ).map(stored);
    expect(moodleOnly[0]).toMatchObject({ type: 4, answer: { blanks: [{ rules: { numericTolerance: 0.005 } }] } });
    // A blank at the very end is Moodle's short answer after the text (`\*` a star there too).
    expect(moodleOnly[1]).toMatchObject({ type: 5, answer: { accepted: [{ answer: '5\\*3', fraction: 1 }] } });
    expect(moodleOnly[2].answer).toMatchObject({ accepted: [{ answer: 'ten' }, { answer: '10', tolerance: null }] });
    expect(moodleOnly[3]).toMatchObject({ type: 2, partialCredit: 3, partScore: null });
  });

  it('round trip: write then read gives the same questions, categories and tags', () => {
    const arb = fc.array(fc.tuple(arbQuestion({ types: [1, 2, 3, 4, 5], maxBlanks: 1 }), fc.nat(3)), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(arb, (pairs) => {
        const questions = exportOf(
          pairs.map(([q]) => q),
          pairs.map(([, c]) => c),
        );
        const { text, skipped } = writeGift(questions);
        expect(skipped).toBe(0);
        const items = readGift(text, 1);
        expect(items.map((i) => i.problems)).toEqual(questions.map(() => []));
        expect(items.map(stored)).toEqual(questions.map((q) => q.input));
        expect(items.map((i) => [i.name, i.category, i.tags])).toEqual(
          questions.map((q) => [`Q${q.id}`, q.category, q.tags]),
        );
      }),
      { numRuns: 150 },
    );
  });
});

describe('size', () => {
  it('reads a 5,000-question file quickly', () => {
    const forms = fixture('all-forms.gift.txt');
    const copies = Math.ceil(5000 / 33);
    const text = Array.from({ length: copies }, () => forms).join('\n\n');
    const started = performance.now();
    const items = readGift(text, 1);
    const ms = performance.now() - started;
    console.log(`GIFT: ${items.length} questions (${(text.length / 1e6).toFixed(2)} MB) read in ${ms.toFixed(0)} ms`);
    expect(items.length).toBe(copies * 33);
    expect(items.at(-1)?.line).toBeGreaterThan(copies * 100);
  });
});
