import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ErrorDetail, type QuestionInput, zQuestionInput } from '@lyceum/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors';
import { arbQuestion } from './arbitrary';
import { readQtiPackage } from './qti-read';
import { writeQtiPackage } from './qti-write';
import { type ExportQuestion, FILE_REF_PREFIX, type ParsedItem } from './types';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'qti');

// A fixture folder as the package's entries, by path inside the package.
function packageOf(folder: string): Map<string, Buffer> {
  const root = path.join(fixtures, folder);
  const out = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full));
    }
  };
  walk(root);
  return out;
}

const named = (items: ParsedItem[], name: string) => {
  const item = items.find((i) => i.name === name);
  if (!item) throw new Error(`no item ${name} in ${items.map((i) => i.name).join(', ')}`);
  return item;
};
const question = (item: ParsedItem) => zQuestionInput.parse(item.input);
const keys = (details: ErrorDetail[]) => details.map((d) => d.key);
function refusal(run: () => unknown): ErrorDetail {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err.detail;
    throw err;
  }
  throw new Error('not refused');
}

describe('QTI 2.1 package', () => {
  const entries = packageOf('qti21');
  const items = readQtiPackage(entries, 1);

  it('reads every item resource in manifest order, and nothing else', () => {
    expect(items.map((i) => i.name)).toEqual([
      'Rock types',
      'Minerals',
      'Magma',
      'The water cycle',
      'Cobalt',
      'Erosion',
      'Layers of the Earth',
      'Volcanoes and countries',
    ]);
    expect(items.map((i) => i.ordinal)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reads a single choice with its picture, prompt, general feedback and LOM metadata', () => {
    const item = named(items, 'Rock types');
    expect(item.problems).toEqual([]);
    const q = question(item);
    expect(q.type).toBe(1);
    expect(q.stem).toMatch(
      /^<p>Look at the picture: <img src="lyceum-embedded:f1" alt="Layered rock" width="120" \/><\/p>/,
    );
    expect(q.stem).toMatch(/<p>Which kind of rock forms in layers from sediment &amp; pressure\?<\/p>$/);
    expect(q.options.map((o) => o.content)).toEqual(['Igneous', 'Sedimentary', 'Metamorphic']);
    expect(q.answer).toBe('B');
    expect(q.score).toBe(1);
    expect(q.analysis).toBe('<p>Sediment settles in layers and is pressed into <em>sedimentary</em> rock.</p>');
    expect(q.difficulty).toBe(2);
    expect(item.category).toEqual(['Earth science', 'Rocks']);
    expect(item.tags).toEqual(['geology', 'year 7']);
    expect(item.files.f1.bytes.equals(entries.get('items/images/rocks.png') ?? Buffer.alloc(0))).toBe(true);
    expect(item.files.f1.name).toBe('rocks.png');
    expect(keys(item.notes)).toEqual(['noteShuffleKept']);
  });

  it('reads a multiple choice under a mapping as a share per correct option, and says so', () => {
    const item = named(items, 'Minerals');
    const q = question(item);
    expect(q.type).toBe(2);
    expect(q.options.map((o) => o.content)).toEqual(['Quartz', 'Granite', 'Feldspar']);
    expect(q.answer).toEqual(['A', 'C']);
    expect(q.partialCredit).toBe(3);
    expect(q.score).toBe(4);
    // A wrong pick costs 1 of 4 in the file, everything in Lyceum; the choice's own feedback goes.
    expect(keys(item.notes).sort()).toEqual(['noteFeedbackDropped', 'noteQtiChoiceMapping']);
  });

  it('reads two choices True and False as true/false', () => {
    const q = question(named(items, 'Magma'));
    expect(q).toMatchObject({ type: 3, answer: false, score: 2, options: [] });
    expect(q.stem).toBe('<p>Magma that cools at the surface is called granite.</p>');
  });

  it('reads text entries in the text as gap filling: mapping, case, partial credit, tolerance', () => {
    const q = question(named(items, 'The water cycle'));
    expect(q.type).toBe(4);
    expect(q.stem).toContain('water rises by {{blank}}.');
    expect(q.stem).toContain('About {{blank}} per cent');
    expect(q.answer).toMatchObject({
      rules: { ignoreCase: true },
      blanks: [
        { score: 2, answers: ['evaporation', 'evaporating'], partial: [{ answer: 'boiling', fraction: 0.5 }] },
        { score: 1, answers: ['71'], partial: [], rules: { numericTolerance: 1.5, toleranceMode: 'absolute' } },
      ],
    });
    expect(q.score).toBe(3);
  });

  it('reads a lone text entry under the question as a case-sensitive short answer', () => {
    const q = question(named(items, 'Cobalt'));
    expect(q).toMatchObject({
      type: 5,
      judgeType: 1,
      stem: '<p>Write the chemical symbol of cobalt.</p>',
      score: 1,
      answer: {
        caseSensitive: true,
        accepted: [
          { answer: 'Co', fraction: 1, tolerance: null },
          { answer: 'cobalt', fraction: 0.5, tolerance: null },
        ],
        keywords: [],
      },
    });
  });

  it('reads extended text as a short answer marked by hand, the scorer rubric as its reference', () => {
    const item = named(items, 'Erosion');
    const q = question(item);
    expect(q.type).toBe(5);
    expect(q.judgeType).toBe(2);
    expect(q.stem).toMatch(/^<p>Write about 150 words.<\/p>\s+<p>Explain how rivers shape a valley.<\/p>$/);
    expect(q.answer).toMatchObject({
      reference: '<p>Mentions erosion, transport and deposition; a V-shaped valley.</p>',
      keywords: [],
      accepted: [],
    });
    expect(q.score).toBe(6.5);
    expect(item.notes).toEqual([{ key: 'noteScoreRounded', params: { from: '6.3', to: '6.5' } }]);
  });

  it('reads an inline choice as a typed blank accepting the correct choice', () => {
    const item = named(items, 'Layers of the Earth');
    const q = question(item);
    expect(q.type).toBe(4);
    expect(q.stem).toMatch(/^<p>Below the crust lies the\s+\{\{blank\}\}, mostly solid rock.<\/p>$/);
    expect(q.answer).toMatchObject({ blanks: [{ score: 1, answers: ['mantle'] }] });
    expect(keys(item.notes)).toEqual(['noteChoiceBlank']);
  });

  it('lists a match item as unsupported, by its interaction', () => {
    const item = named(items, 'Volcanoes and countries');
    expect(item.input).toBeNull();
    expect(item.unsupported).toEqual({ kind: 'matchInteraction' });
  });
});

describe('QTI 3.0 package', () => {
  const items = readQtiPackage(packageOf('qti30'), 1);

  it('reads qti- elements and kebab-case attributes through the same mapping', () => {
    expect(items.map((i) => i.name)).toEqual(['Largest planet', 'Falling objects']);
    const choice = question(items[0]);
    expect(choice).toMatchObject({ type: 1, answer: 'B', score: 1.5 });
    expect(choice.stem).toBe('<p>Which planet is the largest in the Solar System?</p>');
    expect(choice.options.map((o) => o.content)).toEqual(['Mars', 'Jupiter', 'Saturn', 'Neptune']);
    expect(items[0].tags).toEqual(['astronomy']);

    const gaps = question(items[1]);
    expect(gaps.type).toBe(4);
    expect(gaps.stem).toMatch(
      /^<p>\{\{blank\}\} described gravity;\s+near .* about \{\{blank\}\} m\/s² each second.<\/p>$/,
    );
    expect(gaps.answer).toMatchObject({
      rules: { ignoreCase: true },
      blanks: [
        { score: 1, answers: ['Newton', 'Isaac Newton'] },
        { score: 1, answers: ['9.8'], rules: { numericTolerance: 0.05, toleranceMode: 'relative' } },
      ],
    });
    expect(gaps.score).toBe(2);
  });
});

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="x" title="x">
  <itemBody><p>&lol4;</p></itemBody>
</assessmentItem>`;

describe('QTI bad input', () => {
  const good = () => packageOf('qti21');

  it('refuses a package without a manifest', () => {
    const entries = good();
    entries.delete('imsmanifest.xml');
    expect(refusal(() => readQtiPackage(entries, 1))).toMatchObject({ key: 'interopNoManifest', field: 'file' });
  });

  it('refuses a manifest that is truncated or declares entities', () => {
    const entries = good();
    const manifest = entries.get('imsmanifest.xml')?.toString() ?? '';
    entries.set('imsmanifest.xml', Buffer.from(manifest.slice(0, manifest.length / 2)));
    const cut = refusal(() => readQtiPackage(entries, 1));
    expect(cut.key).toBe('interopNotWellFormed');
    expect(cut.params).toMatchObject({ line: expect.any(Number) });
    entries.set(
      'imsmanifest.xml',
      Buffer.from(manifest.replace('<manifest ', '<!DOCTYPE m [<!ENTITY a "b">]>\n<manifest ')),
    );
    expect(refusal(() => readQtiPackage(entries, 1)).key).toBe('interopDoctype');
  });

  it('makes an entity expansion attack, a truncated item or a missing part that item’s problem only', () => {
    const entries = good();
    entries.set('items/true-false.xml', Buffer.from(BILLION_LAUGHS));
    const gaps = entries.get('items/text-entry-gaps.xml')?.toString() ?? '';
    entries.set('items/text-entry-gaps.xml', Buffer.from(gaps.slice(0, gaps.indexOf('</itemBody>'))));
    entries.delete('items/essay.xml');
    entries.delete('items/images/rocks.png');
    const items = readQtiPackage(entries, 1);
    expect(items).toHaveLength(8);
    expect(named(items, 'items/true-false.xml')).toMatchObject({
      input: null,
      problems: [{ detail: { key: 'interopDoctype' } }],
    });
    const cut = named(items, 'items/text-entry-gaps.xml');
    expect(cut.input).toBeNull();
    expect(cut.problems[0].detail).toMatchObject({ key: 'interopNotWellFormed', params: { line: expect.any(Number) } });
    expect(named(items, 'items/essay.xml').problems[0].detail).toEqual({
      key: 'interopMissingPart',
      params: { name: 'items/essay.xml' },
    });
    expect(named(items, 'Rock types').problems).toEqual([
      { field: 'stem', detail: { key: 'interopMissingPart', params: { name: 'images/rocks.png' } } },
    ]);
    // The others are read as before.
    expect(question(named(items, 'Cobalt')).type).toBe(5);
  });
});

// Bank files as the writer reads them: distinct bytes per id, so an image read back names its id.
const IMAGE_IDS = [21, 22, 23];
const imageBytes = (id: number) => Buffer.from(`\x89PNG image number ${id}`);
const readFile = async (id: number) =>
  IMAGE_IDS.includes(id) ? { name: `figure ${id}.png`, bytes: imageBytes(id) } : null;

// The item's question with each embedded file's reference back as the bank address it came from.
function withBankFiles(item: ParsedItem): unknown {
  const idOf = (token: string) => IMAGE_IDS.find((id) => item.files[token]?.bytes.equals(imageBytes(id)));
  const text = JSON.stringify(item.input).replace(new RegExp(`${FILE_REF_PREFIX}(\\w+)`, 'g'), (ref, token: string) =>
    idOf(token) ? `/api/file/${idOf(token)}` : ref,
  );
  return JSON.parse(text);
}

const label = fc
  .string({ unit: fc.constantFrom(...'abc XYZ&<>"\'测试'.split('')), minLength: 1, maxLength: 8 })
  .map((s) => s.trim())
  .filter((s) => s !== '');

describe('QTI round trip', () => {
  it('reads back every question it writes (types 1-5, images, categories, tags)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            input: arbQuestion({ types: [1, 2, 3, 4, 5], imageIds: IMAGE_IDS }),
            category: fc.array(label, { maxLength: 3 }),
            tags: fc.uniqueArray(label, { maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (rows) => {
          const questions: ExportQuestion[] = rows.map((r, i) => ({ id: i + 1, ...r }));
          const { files, skipped } = await writeQtiPackage(questions, readFile);
          expect(skipped).toBe(0);
          const items = readQtiPackage(files, 1);
          expect(items).toHaveLength(questions.length);
          items.forEach((item, i) => {
            expect(item.problems).toEqual([]);
            expect(zQuestionInput.parse(withBankFiles(item))).toEqual(questions[i].input);
            expect(item.category).toEqual(questions[i].category);
            expect(item.tags).toEqual(questions[i].tags);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('skips compose questions, which QTI items cannot hold', async () => {
    const composed = arbQuestion({ types: [1, 6] }).filter((q) => q.type === 6);
    const [compose] = fc.sample(composed, { numRuns: 1, seed: 7 });
    const { files, skipped } = await writeQtiPackage([{ id: 1, input: compose, category: [], tags: [] }], readFile);
    expect(skipped).toBe(1);
    expect([...files.keys()]).toEqual(['imsmanifest.xml']);
  });

  it('writes the editor’s HTML as well-formed XHTML', async () => {
    const input = zQuestionInput.parse({
      type: 1,
      stem: '<p>Line one<br>line&nbsp;two &amp; <b>bold<p>unclosed <o:p></o:p><img src="/api/file/21" alt=x>',
      options: [
        { label: 'A', content: 'x &lt; 1' },
        { label: 'B', content: '<span style="color:red">x &gt; 1</span>' },
      ],
      answer: 'A',
      score: 1,
    });
    const { files } = await writeQtiPackage([{ id: 5, input, category: [], tags: [] }], readFile);
    const xml = files.get('items/q5.xml')?.toString() ?? '';
    expect(xml).toContain('<br />');
    expect(xml).toContain('src="media/21-figure_21.png"');
    expect(files.get('items/media/21-figure_21.png')?.equals(imageBytes(21))).toBe(true);
    const [item] = readQtiPackage(files, 1);
    expect(item.problems).toEqual([]);
    const q = question(item);
    // HTML's own repairs (the parser closes what the editor left open), <o:p> dropped, &nbsp; a character.
    expect(q.stem).toBe(
      '<p>Line one<br />line\u00a0two &amp; <b>bold<p>unclosed <img src="lyceum-embedded:f1" alt="x" /></p></b></p>',
    );
    expect(q.options.map((o) => o.content)).toEqual(['x &lt; 1', '<span style="color:red">x &gt; 1</span>']);
  });
});

// Questions whose every key the item states in plain QTI (the extension only adds Lyceum's rules).
const plain: QuestionInput[] = [
  {
    type: 1,
    stem: '<p>Pick B</p>',
    options: [
      { label: 'A', content: 'true' },
      { label: 'B', content: 'false' },
    ],
    answer: 'B',
    score: 2,
  },
  {
    type: 2,
    stem: 'Pick A and C',
    options: [
      { label: 'A', content: 'a' },
      { label: 'B', content: 'b' },
      { label: 'C', content: 'c' },
    ],
    answer: ['A', 'C'],
    partialCredit: 3,
    score: 3,
  },
  {
    type: 2,
    stem: 'Pick A and B',
    options: [
      { label: 'A', content: 'a' },
      { label: 'B', content: 'b' },
      { label: 'C', content: 'c' },
    ],
    answer: ['A', 'B'],
    partialCredit: 2,
    partScore: 1.5,
    score: 4,
  },
  { type: 3, stem: 'The sky is blue', answer: true, score: 1, analysis: '<p>Rayleigh scattering</p>' },
  {
    type: 4,
    stem: 'Water boils at {{blank}} °C and its symbol is {{blank}}.',
    answer: {
      blanks: [
        { score: 1, answers: ['100'], partial: [{ answer: '99', fraction: 0.5 }], rules: { numericTolerance: 0.5 } },
        { score: 1.5, answers: ['H2O'], rules: { ignoreCase: false } },
      ],
      rules: { ignoreCase: true },
    },
    score: 2.5,
  },
  {
    type: 5,
    stem: 'Symbol of cobalt?',
    answer: {
      accepted: [
        { answer: 'Co', fraction: 1 },
        { answer: 'CO', fraction: 0 },
      ],
      caseSensitive: true,
    },
    judgeType: 1,
    score: 2,
  },
  {
    type: 5,
    stem: 'g in m/s²?',
    answer: {
      accepted: [
        { answer: '9.81', fraction: 1, tolerance: 0.05 },
        { answer: '10', fraction: 0.5, tolerance: 0 },
      ],
    },
    judgeType: 1,
    score: 2,
  },
].map((q) => zQuestionInput.parse(q));

describe('QTI without the Lyceum extension', () => {
  it('still reads stems, options, keys, marks, case, tolerances and feedback from the items alone', async () => {
    const questions = plain.map((input, i) => ({ id: i + 1, input, category: [], tags: [] }));
    const { files } = await writeQtiPackage(questions, readFile);
    const manifest = files.get('imsmanifest.xml')?.toString() ?? '';
    expect(manifest).toContain('<lyceum:question>');
    files.set('imsmanifest.xml', Buffer.from(manifest.replace(/<lyceum:question>[^<]*<\/lyceum:question>/g, '')));
    const back = readQtiPackage(files, 1).map(question);
    // The first reads as true/false without the extension saying it is a single choice: two choices
    // "true" and "false" are QTI's usual true/false.
    expect(back[0]).toMatchObject({ type: 3, answer: false, score: 2 });
    expect(back.slice(1)).toEqual([
      plain[1],
      // A part score is the item's second branch; the rest is as written.
      plain[2],
      plain[3],
      // Case is per blank in QTI: the question-wide rule is the first text blank's (the number has
      // none), so the case-sensitive blank needs no rule of its own. Each blank scores as before.
      {
        ...plain[4],
        answer: {
          rules: { ...(plain[4].answer as { rules: object }).rules, ignoreCase: false },
          blanks: [
            {
              score: 1,
              answers: ['100'],
              partial: [{ answer: '99', fraction: 0.5 }],
              rules: { numericTolerance: 0.5, toleranceMode: 'absolute' },
            },
            { score: 1.5, answers: ['H2O'], partial: [] },
          ],
        },
      },
      plain[5],
      plain[6],
    ]);
  });
});
