import { BLANK_MARKER, OPTION_LABELS, type QuestionInput, zQuestionInput } from '@lyceum/contract';
import fc from 'fast-check';

// Questions of every type as the bank holds them, for the formats' round-trip properties
// (export -> import gives the same questions). Texts carry the characters each format must escape
// (XML's & < >, GIFT's ~ = # { } : \), Chinese, and optionally images (/api/file/N in the HTML).
// Only valid questions come out: each is passed through zQuestionInput, as the bank stores it.

export interface ArbitraryOptions {
  // The types to make (1..5; 6, compose, only where a format can hold it).
  types?: readonly (1 | 2 | 3 | 4 | 5 | 6)[];
  // The most blanks of a gap-filling question (GIFT holds one).
  maxBlanks?: number;
  // File ids an image may refer to; none, no images.
  imageIds?: readonly number[];
  // Whether short answers may be marked by whole-answer match (accepted answers, units).
  accepted?: boolean;
}

const WORD_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789', ...'测试题目答案', ...'~=#{}:\\&<>"\''];
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A word: no spaces at its ends, never empty.
const word = fc
  .array(fc.constantFrom(...WORD_CHARS), { minLength: 1, maxLength: 8 })
  .map((cs) => cs.join(''))
  .filter((w) => w.trim() === w && w !== '');
const words = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((ws) => ws.join(' '));
// Plain text answers: no wildcard star (a star means "anything" where wildcards are on).
const answerText = words(3)
  .map((s) => s.replace(/\*/g, ''))
  .filter((s) => s.trim() !== '');

function html(imageIds: readonly number[]) {
  const image = imageIds.length
    ? fc.option(
        fc.constantFrom(...imageIds).map((id) => `<img src="/api/file/${id}" alt="figure" />`),
        { nil: '' },
      )
    : fc.constant('');
  return fc.tuple(words(8), fc.boolean(), fc.boolean(), image).map(([text, para, strong, img]) => {
    const body = strong ? `<strong>${escapeHtml(text)}</strong>` : escapeHtml(text);
    return para ? `<p>${body}${img}</p>` : `${body}${img}`;
  });
}

const halfScore = fc.integer({ min: 1, max: 20 }).map((n) => n / 2);
const difficulty = fc.constantFrom(1, 2, 3, 4, 5);

export function arbQuestion(options: ArbitraryOptions = {}): fc.Arbitrary<QuestionInput> {
  const types = options.types ?? [1, 2, 3, 4, 5];
  const maxBlanks = options.maxBlanks ?? 4;
  const rich = html(options.imageIds ?? []);
  const common = fc.record({ stem: rich, analysis: fc.option(rich, { nil: '' }), difficulty });
  const optionsOf = (n: number) =>
    fc
      .array(rich, { minLength: n, maxLength: n })
      .map((cs) => cs.map((content, i) => ({ label: OPTION_LABELS[i], content })));

  const single = fc.tuple(common, fc.integer({ min: 2, max: 6 }), halfScore).chain(([c, n, score]) =>
    fc.record({
      type: fc.constant(1),
      stem: fc.constant(c.stem),
      analysis: fc.constant(c.analysis),
      difficulty: fc.constant(c.difficulty),
      options: optionsOf(n),
      answer: fc.integer({ min: 0, max: n - 1 }).map((i) => OPTION_LABELS[i]),
      score: fc.constant(score),
    }),
  );
  const multiple = fc.tuple(common, fc.integer({ min: 2, max: 6 }), halfScore).chain(([c, n, score]) =>
    fc.record({
      type: fc.constant(2),
      stem: fc.constant(c.stem),
      analysis: fc.constant(c.analysis),
      difficulty: fc.constant(c.difficulty),
      options: optionsOf(n),
      answer: fc.subarray(OPTION_LABELS.slice(0, n), { minLength: 1 }),
      partialCredit: fc.constantFrom(1, 2, 3),
      score: fc.constant(score),
    }),
  );
  const trueFalse = fc.tuple(common, halfScore, fc.boolean()).map(([c, score, answer]) => ({
    type: 3,
    ...c,
    answer,
    score,
  }));
  const blank = fc.record({
    score: halfScore,
    answers: fc.uniqueArray(answerText, { minLength: 1, maxLength: 3 }),
    partial: fc.array(fc.record({ answer: answerText, fraction: fc.constantFrom(0.5, 0.25, 0.1) }), { maxLength: 1 }),
    rules: fc.option(
      fc.record({ ignoreCase: fc.boolean(), wildcards: fc.boolean() }, { requiredKeys: ['ignoreCase'] }),
      { nil: undefined },
    ),
  });
  const gaps = fc
    .tuple(common, fc.array(blank, { minLength: 1, maxLength: maxBlanks }), fc.boolean())
    .map(([c, blanks, ignoreCase]) => ({
      type: 4,
      ...c,
      // The blanks among the stem's words, one after each part.
      stem: `${c.stem}${blanks.map((_, i) => ` ${BLANK_MARKER} part${i + 1}`).join('')}`,
      answer: {
        blanks: blanks.map((b) => (b.rules === undefined ? { ...b, rules: undefined } : b)),
        rules: { ignoreCase, normalizeSpace: true, fullHalfWidth: true, numericTolerance: null, anyOrder: false },
      },
      score: blanks.reduce((s, b) => s + b.score, 0),
    }));
  const keywords = fc
    .tuple(common, fc.uniqueArray(answerText, { minLength: 1, maxLength: 3 }), fc.boolean(), rich)
    .map(([c, ws, wholeWord, reference]) => ({
      type: 5,
      ...c,
      answer: { reference, keywords: ws.map((word) => ({ word, points: 1 })), wholeWord },
      judgeType: 2,
      score: ws.length,
    }));
  const accepted = fc
    .tuple(
      common,
      fc.uniqueArray(answerText, { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      fc.boolean(),
      halfScore,
      fc.double({ min: -1000, max: 1000, noNaN: true }).map((n) => Math.round(n * 100) / 100),
    )
    .map(([c, texts, caseSensitive, numeric, score, value]) => ({
      type: 5,
      ...c,
      answer: numeric
        ? { accepted: [{ answer: String(value), fraction: 1, tolerance: 0.01 }], units: [{ unit: 'm', multiplier: 1 }] }
        : {
            accepted: texts.map((answer, i) => ({ answer, fraction: i === 0 ? 1 : 0.5, tolerance: null })),
            caseSensitive,
          },
      judgeType: 1,
      score,
    }));

  const byType: Record<number, fc.Arbitrary<Record<string, unknown>>> = {
    1: single as fc.Arbitrary<Record<string, unknown>>,
    2: multiple,
    3: trueFalse,
    4: gaps,
    5: options.accepted === false ? keywords : fc.oneof(keywords, accepted),
  };
  const simple = (types.filter((t) => t !== 6) as number[]).map((t) => byType[t]);
  const compose = fc.array(fc.oneof(...simple), { minLength: 1, maxLength: 3 }).chain((children) =>
    common.map((c) => ({
      type: 6,
      ...c,
      children,
      score: children.reduce((s, ch) => s + (ch.score as number), 0),
    })),
  );
  const all = types.includes(6) ? [...simple, compose] : simple;
  return fc
    .oneof(...all)
    .map((raw) => zQuestionInput.safeParse(raw))
    .filter((r) => r.success)
    .map((r) => r.data as QuestionInput);
}
