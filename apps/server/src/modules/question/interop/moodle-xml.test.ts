import { readFileSync } from 'node:fs';
import {
  compileScorer,
  type ErrorDetail,
  type QuestionInput,
  QuestionType,
  toScorable,
  zQuestionInput,
} from '@lyceum/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors';
import { arbQuestion } from './arbitrary';
import { readMoodleXml } from './moodle-xml-read';
import { writeMoodleXml } from './moodle-xml-write';
import { type EmbeddedFile, type ExportQuestion, FILE_REF_PREFIX, fileRef, type ParsedItem } from './types';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/moodle/${name}`, import.meta.url), 'utf8');
const keys = (details: ErrorDetail[]) => details.map((d) => d.key);
const RED_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
const BLUE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC';

// The refusal a whole file gets (an AppError's detail), or a failure when it is read.
function refusal(text: string): ErrorDetail {
  try {
    readMoodleXml(text);
  } catch (err) {
    if (err instanceof AppError) return err.detail;
    throw err;
  }
  throw new Error('the file was read');
}

function valid(item: ParsedItem): QuestionInput {
  const r = zQuestionInput.safeParse(item.input);
  if (!r.success) throw new Error(`${item.name}: ${JSON.stringify(r.error.issues)}`);
  return r.data;
}

const score = (q: QuestionInput, answer: Parameters<ReturnType<typeof compileScorer>>[0]) =>
  compileScorer(toScorable(q))(answer).score;

describe('reading Moodle XML: every question form', () => {
  it('reads single and multiple choice, true/false, categories, images, tags and notes', () => {
    const items = readMoodleXml(fixture('choice.xml'));
    expect(items.map((i) => [i.ordinal, i.line, i.name])).toEqual([
      [1, 15, 'Unit of force'],
      [2, 81, 'Vector quantities'],
      [3, 118, 'Prime numbers (plain text)'],
      [4, 154, 'Energy is conserved'],
      [5, 184, 'Heavier falls faster'],
    ]);
    expect(items.every((i) => i.problems.length === 0)).toBe(true);
    const [unit, vectors, primes, energy, falling] = items;

    // A category entry applies to the questions after it; Moodle 4's <info>/<idnumber> are ignored.
    expect(unit.category).toEqual(['Default for Physics 101', 'Mechanics']);
    expect(energy.category).toEqual(['Default for Physics 101', 'Mechanics', 'Energy']);
    expect(unit.tags).toEqual(['units', 'SI']);

    const q1 = valid(unit);
    expect(q1).toMatchObject({ type: 1, answer: 'B', score: 2, analysis: '<p>1 N = 1 kg&middot;m/s<sup>2</sup>.</p>' });
    expect(q1.options.map((o) => o.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(q1.options[3].content).toBe('Pascal & bar');
    // Embedded files: the text names them by token, the bytes are the base64 in the file.
    const tokenOf = (html: string) => new RegExp(`${FILE_REF_PREFIX}([\\w-]+)`).exec(html)?.[1] ?? '';
    const stemFile = unit.files[tokenOf(q1.stem)];
    expect(stemFile.name).toBe('force diagram.png');
    expect(stemFile.bytes.equals(Buffer.from(RED_PNG, 'base64'))).toBe(true);
    expect(q1.stem).toContain(`<img src="${fileRef(tokenOf(q1.stem))}" alt="A block pushed"`);
    expect(unit.files[tokenOf(q1.options[1].content)].bytes.equals(Buffer.from(BLUE_PNG, 'base64'))).toBe(true);
    // Per-answer and overall feedback, hints, a fixed option order and a negative fraction are said.
    expect(keys(unit.notes).sort()).toEqual(
      ['noteFeedbackDropped', 'noteHintsDropped', 'noteNegativeFraction', 'noteShuffleKept'].sort(),
    );

    // Equal shares and -100% for wrong options are exactly "a share per correct option": no note.
    expect(valid(vectors)).toMatchObject({ type: 2, answer: ['A', 'C'], partialCredit: 3, score: 3 });
    expect(vectors.notes).toEqual([]);
    // Unequal shares (70/30) and a wrong option at 0% score differently here: said.
    expect(valid(primes)).toMatchObject({
      type: 2,
      answer: ['A', 'B'],
      stem: 'Which are prime? (a &lt; b &amp; c)<br />Pick all.',
    });
    expect(keys(primes.notes)).toEqual(['noteFormatText', 'noteChoiceScoring']);
    expect(primes.notes[0].params).toEqual({ format: 'plain_text' });

    expect(valid(energy)).toMatchObject({
      type: 3,
      answer: true,
      stem: 'In a closed system, energy is conserved.<br />(Ignore relativity.)',
    });
    expect(valid(falling)).toMatchObject({ type: 3, answer: false, score: 0.5 });
    expect(falling.notes).toContainEqual({ key: 'noteScoreRounded', params: { from: '0.3', to: '0.5' } });
  });

  it('reads short answer, numerical and essay questions with Moodle’s matching', () => {
    const items = readMoodleXml(fixture('text-answers.xml'));
    const byName = (name: string) => items.find((i) => i.name === name) as ParsedItem;
    // "//" is a slash inside a category name; $system$ and top are left out.
    expect(items[0].category).toEqual(['Chemistry/Physics', 'Elements']);

    const cobalt = valid(byName('Symbol of cobalt'));
    expect(cobalt).toMatchObject({ type: 5, judgeType: 1 });
    expect(cobalt.answer).toMatchObject({
      caseSensitive: true,
      accepted: [
        { answer: 'Co', fraction: 1, tolerance: null },
        { answer: 'CO', fraction: 0, tolerance: null },
      ],
    });
    expect([score(cobalt, 'Co'), score(cobalt, 'CO'), score(cobalt, 'co')]).toEqual([1, 0, 0]);

    const frog = byName('Frog or toad');
    const q = valid(frog);
    expect(q.score).toBe(2.5);
    expect(keys(frog.notes)).toEqual(['noteFeedbackDropped', 'noteFormatText', 'noteScoreRounded']);
    expect(q.stem).toBe('What *animal* is this? Answer in a few words &amp; no more.');
    // The first accepted answer that matches decides: "frog" full, "a frog here" half, anything else 0.
    expect([score(q, 'Frog'), score(q, 'a frog here'), score(q, 'toad')]).toEqual([2.5, 1.25, 0]);

    const sound = byName('Speed of sound');
    const s = valid(sound);
    expect(s.answer).toMatchObject({
      accepted: [
        { answer: '343', fraction: 1, tolerance: 2 },
        { answer: '340', fraction: 0.5, tolerance: 10 },
        { answer: '*', fraction: 0, tolerance: 0 },
      ],
      units: [
        { unit: 'm/s', multiplier: 1 },
        { unit: 'km/h', multiplier: 3.6 },
      ],
    });
    expect(keys(sound.notes)).toContain('noteUnitsPenalty');
    expect([score(s, '344'), score(s, '335 m/s'), score(s, '1234.8 km/h')]).toEqual([4, 2, 4]);

    // A decimal comma and an exponent, as Moodle reads numbers.
    expect(valid(byName('Speed of light')).answer).toMatchObject({
      accepted: [{ answer: '2.998e8', fraction: 1, tolerance: 1e6 }],
    });
    expect(byName('Not a number').problems).toEqual([
      { field: 'answer', detail: { key: 'interopNotNumber', params: { value: 'about ten' } } },
    ]);
    expect(byName('No correct answer').problems).toEqual([{ field: 'answer', detail: { key: 'interopNoCorrect' } }]);

    const essay = byName('Explain diffusion');
    expect(essay.tags).toEqual(['biology']);
    expect(valid(essay)).toMatchObject({
      type: 5,
      judgeType: 2,
      score: 10,
      answer: { reference: '<p>Particles move from high to low <b>concentration</b>.</p>', keywords: [], accepted: [] },
    });
  });

  it('reads cloze questions: every subquestion kind, weights, escapes and fractions', () => {
    const items = readMoodleXml(fixture('cloze.xml'));
    const [all, multi, unclosed, figure, missing] = items;
    expect(all.category).toEqual([]);
    const q = valid(all);
    expect(q.type).toBe(QuestionType.GapFilling);
    expect(q.stem.split('{{blank}}')).toHaveLength(15);
    expect(q.stem).toContain('Not subquestions: {x}, {1:FOO:bar} and { 1:SA:nope}.');
    expect(q.score).toBe(16);
    const gap = q.answer as { blanks: { score: number; answers: string[]; partial: unknown[]; rules?: unknown }[] };
    const blanks = gap.blanks.map((b) => [b.score, b.answers, b.partial, b.rules]);
    const sa = { ignoreCase: true, wildcards: true };
    const sac = { ignoreCase: false, wildcards: true };
    const mc = { ignoreCase: true, wildcards: false };
    expect(blanks).toEqual([
      [1, ['Co'], [{ answer: 'co*', fraction: 0.5 }], sa],
      [2, ['NaCl'], [{ answer: 'nacl', fraction: 0.25 }], sac],
      [1, ['mitochondria'], [], sa],
      [2, ['3.14'], [{ answer: '3.1', fraction: 0.5 }], { numericTolerance: 0.005 }],
      [1, ['100'], [], { numericTolerance: 0 }],
      [1, ['Paris'], [], mc],
      [1, ['Green'], [], mc],
      [1, ['Yes'], [], mc],
      [1, ['Oak'], [], mc],
      [1, ['H2O'], [], sa],
      [1, ['DNA'], [], sac],
      [1, ['pH'], [], sac],
      [1, ['a}b#c~d/e"f\\g'], [{ answer: 'x & y', fraction: 0.5 }], sa],
      [1, ['<tag>'], [], sa],
    ]);
    expect(keys(all.notes).sort()).toEqual([
      'noteChoiceBlank',
      'noteFeedbackDropped',
      'noteHintsDropped',
      'noteToleranceShared',
    ]);
    // Scored as Moodle would: the half-credit wildcard alternative, the case-sensitive blank, the tolerance.
    const answers = [
      'cobalt',
      'NaCl',
      'Mitochondria',
      '3.144',
      '100',
      'paris',
      'green',
      'yes',
      'oak',
      'h2o',
      'dna',
      'pH',
      'x & y',
      '<tag>',
    ];
    // 0.5 (co*) + 2 + 1 + 2 + 1 + 4 drop-downs typed + 1 (h2o) + 0 (dna is not DNA) + 1 + 0.5 (x & y) + 1.
    expect(score(q, answers)).toBe(14);

    expect(multi).toMatchObject({ input: null, unsupported: { kind: 'cloze (MULTIRESPONSE)' } });
    expect(unclosed.problems.map((p) => [p.field, p.detail.key])).toEqual([
      ['stem', 'interopUnclosed'],
      ['answer', 'blankAnswers'],
    ]);
    const f = valid(figure);
    expect(f).toMatchObject({ score: 3, answer: { blanks: [{ answers: ['1.5'], rules: { numericTolerance: 0.1 } }] } });
    expect(Object.values(figure.files).map((x) => x.name)).toEqual(['circuit.png']);
    expect(missing.problems).toEqual([
      { field: 'stem', detail: { key: 'interopMissingPart', params: { name: 'gone.png' } } },
    ]);
  });

  it('lists the kinds Lyceum has no type for, one item each', () => {
    const items = readMoodleXml(fixture('unsupported.xml'));
    expect(items.map((i) => [i.input, i.unsupported?.kind])).toEqual(
      [
        'matching',
        'ddwtos',
        'gapselect',
        'calculated',
        'calculatedsimple',
        'calculatedmulti',
        'description',
        'random',
        'randomsamatch',
        'ordering',
        'ddimageortext',
        'ddmarker',
      ].map((kind) => [null, kind]),
    );
    expect(items.map((i) => i.name)).toContain('Capitals');
  });
});

describe('reading Moodle XML: files refused whole', () => {
  const timed = (text: string) => {
    const t = performance.now();
    const detail = refusal(text);
    return { detail, ms: performance.now() - t };
  };

  it('refuses a cut file and a badly nested one with the line and reason', () => {
    const cut = timed(fixture('truncated.xml'));
    expect(cut.detail).toMatchObject({ key: 'interopNotWellFormed', field: 'file', params: { line: 9 } });
    expect(String(cut.detail.params && 'reason' in cut.detail.params ? cut.detail.params.reason : '')).toContain(
      '<question>',
    );
    expect(refusal(fixture('mismatched.xml'))).toMatchObject({ key: 'interopNotWellFormed', params: { line: 5 } });
    expect(refusal('<quiz><question type="truefalse"><name>x</name></quiz>')).toMatchObject({
      key: 'interopNotWellFormed',
    });
    expect(refusal('<?xml version="1.0"?><questions/>')).toEqual({ key: 'interopUnknownFormat', field: 'file' });
  });

  it('refuses entity expansion and external entities before parsing, fast', () => {
    for (const name of ['billion-laughs.xml', 'doctype-external.xml']) {
      const r = timed(fixture(name));
      console.log(`${name} refused in ${r.ms.toFixed(1)} ms`);
      expect(r.detail).toEqual({ key: 'interopDoctype', field: 'file' });
    }
    // A DOCTYPE in the text of a question (CDATA) is only text.
    const items = readMoodleXml(
      '<quiz><question type="essay"><name><text>Page</text></name><questiontext format="html"><text><![CDATA[<!DOCTYPE html><p>Hi</p>]]></text></questiontext></question></quiz>',
    );
    expect(items[0].input).toMatchObject({ stem: '<!DOCTYPE html><p>Hi</p>' });
  });

  it('keeps a prototype-polluting tag name out, as a refusal', () => {
    expect(refusal('<quiz>\n<__proto__><polluted>1</polluted></__proto__></quiz>')).toMatchObject({
      key: 'interopNotWellFormed',
      params: { line: 2 },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// Bank files as readFile gives them: distinct bytes per id, ids 1 and 2 under one name.
const IMAGE_IDS = [1, 2, 3];
const imageBytes = (id: number) => Buffer.concat([Buffer.from(RED_PNG, 'base64'), Buffer.from([id])]);
const readFile = async (id: number): Promise<EmbeddedFile | null> =>
  IMAGE_IDS.includes(id) ? { name: id === 3 ? 'graph 3.png' : 'figure.png', bytes: imageBytes(id) } : null;

// An item's input with its embedded-file tokens turned back into the bank's /api/file/N by bytes.
function withBankFiles(item: ParsedItem): unknown {
  const text = JSON.stringify(item.input).replace(
    new RegExp(`${FILE_REF_PREFIX}([\\w-]+)`, 'g'),
    (ref, token: string) => {
      const id = IMAGE_IDS.find((i) => item.files[token]?.bytes.equals(imageBytes(i)));
      return id ? `/api/file/${id}` : ref;
    },
  );
  return JSON.parse(text);
}

// The writer's order: questions under no category first, then by category in order of first use.
function inFileOrder(questions: ExportQuestion[]): ExportQuestion[] {
  const groups = new Map<string, ExportQuestion[]>([['', []]]);
  for (const q of questions.filter((x) => x.input.type !== QuestionType.Compose)) {
    const key = q.category.length ? JSON.stringify(q.category) : '';
    groups.set(key, [...(groups.get(key) ?? []), q]);
  }
  return [...groups.values()].flat();
}

const MOODLE_GRADES = [
  100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5,
];
const onMoodleGrid = (percent: number) =>
  [...MOODLE_GRADES, 11.11111, 10, 5, 0].some((g) => Math.abs(Math.abs(percent) - g) < 0.001);

const arbExport = fc
  .array(
    fc.record({
      input: arbQuestion({ types: [1, 2, 3, 4, 5], imageIds: IMAGE_IDS }),
      category: fc
        .constantFrom([], ['代数'], ['Algebra', 'Linear'], ['A/B', 'top'], ['$course$', 'x &amp; <y>'])
        .map((path) => [...path]),
      tags: fc.subarray(['mechanics', '标签', 'a&b <c>']),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((rows) => rows.map((r, i) => ({ id: i + 1, ...r })));

describe('writing Moodle XML', () => {
  it('round-trips every supported question: write, read, the same questions', async () => {
    await fc.assert(
      fc.asyncProperty(arbExport, async (questions) => {
        const { text, skipped } = await writeMoodleXml(questions, readFile);
        expect(skipped).toBe(0);
        // Moodle's importer refuses an answer fraction off its grade list (cloze codes are not checked).
        for (const m of text.matchAll(/<answer fraction="([^"]+)"/g)) expect(onMoodleGrid(Number(m[1]))).toBe(true);
        const items = readMoodleXml(text);
        const expected = inFileOrder(questions);
        expect(items).toHaveLength(expected.length);
        items.forEach((item, i) => {
          expect(item.problems).toEqual([]);
          expect(item.category).toEqual(expected[i].category);
          expect(item.tags).toEqual(expected[i].tags);
          expect(zQuestionInput.parse(withBankFiles(item))).toEqual(expected[i].input);
        });
      }),
      { numRuns: 80 },
    );
  });

  it('without the <lyceum> element the standard elements still give every key, fraction and score', async () => {
    const inputs = fc.sample(arbQuestion({ types: [1, 2, 3, 4, 5], imageIds: IMAGE_IDS }), { numRuns: 150, seed: 35 });
    const questions = inputs.map((input, i) => ({ id: i + 1, input, category: [], tags: [] }));
    const { text } = await writeMoodleXml(questions, readFile);
    expect(text).toContain('<lyceum>');
    const stripped = text.replace(/<lyceum>[\s\S]*?<\/lyceum>/g, '');
    const items = readMoodleXml(stripped);
    expect(items).toHaveLength(inputs.length);
    // What Moodle would use: every part of the question but the Lyceum-only fields.
    const standard = (q: QuestionInput) => {
      const { difficulty: _d, partialCredit: _p, partScore: _s, judgeType: _j, answer, ...rest } = q;
      if (q.type !== QuestionType.GapFilling && q.type !== QuestionType.ShortAnswer) return { ...rest, answer };
      if (q.type === QuestionType.ShortAnswer) {
        const a = answer as { accepted: unknown[]; caseSensitive: boolean; units: unknown[]; reference: string };
        return { ...rest, answer: a.accepted.length ? [a.accepted, a.caseSensitive, a.units] : a.reference };
      }
      const gap = answer as {
        blanks: { score: number; answers: string[]; partial: unknown[]; rules?: { ignoreCase?: boolean } }[];
        rules: { ignoreCase: boolean };
      };
      return {
        ...rest,
        answer: gap.blanks.map((b) => [b.score, b.answers, b.partial, b.rules?.ignoreCase ?? gap.rules.ignoreCase]),
      };
    };
    items.forEach((item, i) => {
      expect(standard(zQuestionInput.parse(withBankFiles(item)))).toEqual(standard(inputs[i]));
    });
  });

  it('writes Moodle’s shapes: categories, cloze codes, CDATA, embedded files; compose is skipped', async () => {
    const stem = 'A <b>bold</b> ]]> trap and {1:SA:not a code} then {{blank}} and {{blank}}.';
    const gap = zQuestionInput.parse({
      type: 4,
      stem,
      answer: {
        blanks: [
          {
            score: 1.5,
            answers: ['Co', 'a}b#c~d'],
            partial: [{ answer: 'co', fraction: 0.5 }],
            rules: { ignoreCase: false },
          },
          { score: 1, answers: ['3.14'], rules: { numericTolerance: 0.01 } },
        ],
        rules: {},
      },
      score: 2.5,
    });
    const compose = zQuestionInput.parse({
      type: 6,
      stem: 'Read.',
      score: 1,
      children: [{ type: 3, stem: 'True?', answer: true, score: 1 }],
    });
    const numeric = zQuestionInput.parse({
      type: 5,
      stem: '<p>g? <img src="/api/file/3" alt="" /></p>',
      answer: {
        accepted: [{ answer: '9.81', fraction: 1, tolerance: 0.05 }],
        units: [{ unit: 'm/s²', multiplier: 1 }],
      },
      judgeType: 1,
      score: 2,
    });
    const offGrid = zQuestionInput.parse({
      type: 5,
      stem: 'Capital of France?',
      answer: {
        accepted: [
          { answer: 'Paris', fraction: 1 },
          { answer: 'paris*', fraction: 0.72 },
        ],
      },
      judgeType: 1,
      score: 1,
    });
    const { text, skipped } = await writeMoodleXml(
      [
        { id: 1, input: gap, category: ['Chemistry/Physics', 'Elements'], tags: ['a&b'] },
        { id: 2, input: compose, category: [], tags: [] },
        { id: 3, input: numeric, category: [], tags: [] },
        { id: 4, input: offGrid, category: [], tags: [] },
      ],
      readFile,
    );
    expect(skipped).toBe(1);
    expect(text).toContain('<text>$course$/top/Chemistry//Physics/Elements</text>');
    // Half points are doubled weights with the real total in <defaultgrade>.
    expect(text).toContain('{3:SHORTANSWER_C:=Co~=a&#125;b&#35;c&#126;d~%50%co}');
    expect(text).toContain('{2:NUMERICAL:=3.14:0.01}');
    expect(text).toContain('&#123;1:SA:not a code}');
    expect(text).toContain('<defaultgrade>2.5</defaultgrade>');
    expect(text).toContain(']]]]><![CDATA[>');
    expect(text).toContain('<file name="graph 3.png" path="/" encoding="base64">');
    expect(text).toContain('src="@@PLUGINFILE@@/graph%203.png"');
    expect(text).toMatch(/<question type="numerical">[\s\S]*<unit_name>m\/s²<\/unit_name>/);
    expect(text.indexOf('type="numerical"')).toBeLessThan(text.indexOf('type="category"'));
    // 72% is no grade Moodle takes: written as the nearest (70%), kept exactly in the extension.
    expect(text).toMatch(/<answer fraction="70" format="moodle_auto_format">\s*<text>paris\*<\/text>/);
    const [numericBack, offGridBack, gapBack] = readMoodleXml(text);
    expect(zQuestionInput.parse(offGridBack.input)).toEqual(offGrid);
    const [, plainOffGrid] = readMoodleXml(text.replace(/<lyceum>[\s\S]*?<\/lyceum>/g, ''));
    expect(plainOffGrid.input).toMatchObject({ answer: { accepted: [{ fraction: 1 }, { fraction: 0.7 }] } });
    expect(gapBack.tags).toEqual(['a&b']);
    expect(zQuestionInput.parse(gapBack.input)).toEqual(gap);
    expect(zQuestionInput.parse(withBankFiles(numericBack))).toEqual(numeric);
  });
});

describe('a 5,000-question file', () => {
  it('is read in one pass (time printed)', async () => {
    // 250 generated questions, each written 20 times under 20 categories.
    const inputs = fc.sample(arbQuestion({ types: [1, 2, 3, 4, 5] }), { numRuns: 250, seed: 5000 });
    const questions = Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      input: inputs[i % inputs.length],
      category: [`Unit ${i % 20}`],
      tags: [],
    }));
    const { text } = await writeMoodleXml(questions, readFile);
    const t = performance.now();
    const items = readMoodleXml(text);
    const ms = performance.now() - t;
    console.log(`5,000 questions (${(text.length / 1e6).toFixed(1)} MB) read in ${ms.toFixed(0)} ms`);
    expect(items).toHaveLength(5000);
    expect(items.filter((i) => i.problems.length)).toEqual([]);
  });
});
