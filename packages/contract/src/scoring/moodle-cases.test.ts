import { describe, expect, it } from 'vitest';
import { PartialCredit } from '../enums/partial-credit';
import {
  type AcceptedAnswer,
  type AnswerUnit,
  type GapRules,
  keyAnswer,
  type ScorableQuestion,
  type SimpleKey,
  type StudentAnswer,
  scoreAnswer,
} from './scoring';

// Grading facts taken from Moodle's question-type tests and from the qtype_gapfill plugin's tests,
// restated in our key format so the scoring engine can be measured against them. Only the facts
// (key, response, expected fraction) carry over; each case names the repository, file and test
// function it comes from. Moodle's fraction is the share of the question's marks.
//
// Left out because our key model cannot express them:
// - numerical units written before the number (currencies: `$1332`, `£1,234.56`): units follow it;
// - unit penalties and optional units (unitgradingtype, unitpenalty): a unit is right or the number
//   does not match, and a number without a unit is in the base unit;
// - numerical geometric tolerance (tolerancetype 3): only absolute and relative tolerance exist;
// - negative fractions (single choice B at -0.3333333): a Lyceum score is never below 0;
// - several tries with penalties (compute_final_grade): an answer is scored once;
// - gapfill `[!!]` gaps that expect an empty answer: every blank needs an accepted answer.
interface MoodleCase {
  source: string;
  question: ScorableQuestion;
  answer: StudentAnswer;
  // Moodle's grade as a fraction of the question's marks.
  fraction: number;
  // The case needs a key feature added after the first comparison (relative tolerance, an
  // alternative worth part of a blank, per-option credit), so the old engine could not express it.
  added?: true;
  // Where Lyceum deliberately scores otherwise: our fraction and the reason.
  lyceum?: { fraction: number; why: string };
}

const MOODLE = 'moodle/moodle';
const GAPFILL = 'marcusgreen/moodle-qtype_gapfill';
const src = (repo: string, file: string, test: string) => `${repo} ${file} ${test}`;

const numericRules = (tolerance: number | null, toleranceMode: GapRules['toleranceMode'] = 'absolute'): GapRules => ({
  ignoreCase: true,
  normalizeSpace: true,
  fullHalfWidth: false,
  numericTolerance: tolerance,
  toleranceMode,
  anyOrder: false,
});
const textRules = (ignoreCase: boolean): GapRules => ({
  ignoreCase,
  normalizeSpace: true,
  fullHalfWidth: false,
  numericTolerance: null,
  toleranceMode: 'absolute',
  anyOrder: false,
});
type Blank = Extract<SimpleKey, { type: 4 }>['blanks'][number];
const gaps = (blanks: Blank[], rules: GapRules): ScorableQuestion => ({
  score: blanks.reduce((s, b) => s + b.score, 0),
  key: { type: 4, blanks, rules },
});
const oneBlank = (answers: string[], rules: GapRules, partial: Blank['partial'] = []) =>
  gaps([{ score: 1, answers, partial }], rules);

// Each helper turns one Moodle test question into a key and lists (response, fraction) pairs.
function within(test: string, answer: string, tolerance: number | null, pairs: [string, number][], relative = false) {
  const source = src(MOODLE, 'question/type/numerical/tests/answer_test.php', test);
  const question = oneBlank([answer], numericRules(tolerance, relative ? 'relative' : 'absolute'));
  return pairs.map(
    ([response, fraction]): MoodleCase => ({
      source,
      question,
      answer: [response],
      fraction,
      ...(relative ? { added: true as const } : {}),
    }),
  );
}

// The answer processor's parse tests, turned into grading: a response that Moodle reads as the
// number N is right for a key N with tolerance 0, and one it cannot read is wrong for any key.
function parsed(test: string, pairs: [string, string, number][]) {
  const source = src(MOODLE, 'question/type/numerical/tests/answerprocessor_test.php', test);
  return pairs.map(
    ([response, key, fraction]): MoodleCase => ({
      source,
      question: oneBlank([key], numericRules(0)),
      answer: [response],
      fraction,
    }),
  );
}

// A short answer marked by whole-answer match (Moodle's shortanswer and numerical questions).
const accepted = (answers: AcceptedAnswer[], caseSensitive = false, units: AnswerUnit[] = []): ScorableQuestion => ({
  score: 1,
  key: { type: 5, keywords: [], judge: 1, accepted: answers, caseSensitive, units },
});
const text = (answer: string, fraction = 1): AcceptedAnswer => ({ answer, fraction, tolerance: null });
const num = (answer: string, fraction: number, tolerance: number): AcceptedAnswer => ({ answer, fraction, tolerance });

// compare_string_with_wildcard(response, pattern, ignorecase): each fact checked twice, as a short
// answer (whole-answer match) and as a gap-filling blank with wildcards on (a cloze SHORTANSWER).
function wildcards(test: string, pairs: [string, string, boolean, number][]) {
  const source = src(MOODLE, 'question/type/shortanswer/tests/question_test.php', test);
  return pairs.flatMap(([response, pattern, ignoreCase, fraction]): MoodleCase[] => [
    { source, question: accepted([text(pattern)], !ignoreCase), answer: response, fraction, added: true },
    {
      source: `${source} (gap)`,
      question: oneBlank([pattern], { ...textRules(ignoreCase), wildcards: true }),
      answer: [response],
      fraction,
      added: true,
    },
  ]);
}

const nominalZero = 'test_within_tolerance_nominal_zero';
const numerical: MoodleCase[] = [
  ...within('test_within_tolerance_nominal', '7', 1, [
    ['5.99', 0],
    ['6', 1],
    ['7', 1],
    ['8', 1],
    ['8.01', 0],
  ]),
  // Zero tolerance, non-zero answer.
  ...within(nominalZero, '1e-20', 0, [
    ['0.9999999e-20', 0],
    ['1e-20', 1],
    ['1.0000001e-20', 0],
  ]),
  // Non-zero tolerance, zero answer.
  ...within(nominalZero, '0', 1e-24, [
    ['-2e-24', 0],
    ['-1e-24', 1],
    ['0', 1],
    ['1e-24', 1],
    ['2e-24', 0],
  ]),
  // The test's "zero tol, zero answer" block, which also sets tolerance 1e-24.
  ...within(nominalZero, '0', 1e-24, [
    ['-1e-20', 0],
    ['-1e-35', 1],
    ['1e-35', 1],
    ['1e-20', 0],
  ]),
  // Non-zero tolerance, non-zero answer.
  ...within(nominalZero, '1e-20', 1e-24, [
    ['1.0002e-20', 0],
    ['1.0001e-20', 1],
    ['1e-20', 1],
  ]),
  // A blank tolerance: the number itself and nothing else.
  ...within('test_within_tolerance_blank', '1234', null, [
    ['1234', 1],
    ['1234.000001', 0],
    ['0', 0],
  ]),
  ...within(
    'test_within_tolerance_relative',
    '7',
    0.1,
    [
      ['6.29', 0],
      ['6.3', 1],
      ['7', 1],
      ['7.7', 1],
      ['7.71', 0],
    ],
    true,
  ),
  ...parsed('test_parse_response', [
    ['3.142', '3.142', 1],
    ['.2', '0.2', 1],
    ['1.', '1', 1],
    ['1.0', '1', 1],
    ['-1.', '-1', 1],
    ['+1.0', '1', 1],
    ['1e4', '10000', 1],
    ['3.142E-4', '0.0003142', 1],
    ['.2e+2', '20', 1],
    ['1.e-1', '0.1', 1],
    ['1.0e0', '1', 1],
    ['3x10^8', '300000000', 1],
    ['3×10^8', '300000000', 1],
    ['3.0*10^8', '300000000', 1],
    ['3.00x10**-8', '0.00000003', 1],
    ['0.001×10**7', '10000', 1],
    ['1,000,000', '1000000', 1],
    ['frog', '0', 0],
    [',', '0', 0],
  ]),
  // Moodle reads these with a decimal comma and a space as the thousands separator (a site setting).
  ...parsed('test_euro_style', [['-1 000', '-1000', 1]]),
  {
    ...parsed('test_euro_style', [['3,14159', '3.14159', 1]])[0],
    lyceum: {
      fraction: 0,
      why: 'a decimal comma cannot be told from a thousands comma (1,500), so 3,14159 is text, not a number',
    },
  },
  // The "pi to two d.p." question: 3.14 with tolerance 0 is right, everything else wrong.
  ...[
    ['1.0', 0],
    ['3.14', 1],
  ].map(
    ([response, fraction]): MoodleCase => ({
      source: src(MOODLE, 'question/type/numerical/tests/question_test.php', 'test_grading (helper.php pi)'),
      question: oneBlank(['3.14'], numericRules(0)),
      answer: [response as string],
      fraction: fraction as number,
    }),
  ),
];

const wildcard = 'test_compare_string_with_wildcard';
const saFile = 'question/type/shortanswer/tests/question_test.php';
// make_shortanswer_question_frogtoad: frog 1, toad 0.8, `*` 0 (usecase false).
const frogToad = accepted([text('frog'), text('toad', 0.8), text('*', 0)]);
const shortanswer: MoodleCase[] = [
  ...wildcards(wildcard, [
    // Case-sensitive literal matches.
    ['Frog', 'Frog', false, 1],
    ['frog', 'Frog', false, 0],
    ['   Frog   ', 'Frog', false, 1],
    ['Frogs', 'Frog', false, 0],
    // Case-insensitive literal matches.
    ['Frog', 'frog', true, 1],
    ['   FROG   ', 'Frog', true, 1],
    ['Frogs', 'Frog', true, 0],
    // Case-sensitive wildcard matches.
    ['Frog', 'F*og', false, 1],
    ['Fog', 'F*og', false, 1],
    ['   Fat dog   ', 'F*og', false, 1],
    ['Frogs', 'F*og', false, 0],
    ['Fg', 'F*og', false, 0],
    ['frog', 'F*og', false, 0],
    ['   fat dog   ', 'F*og', false, 0],
    // Case-insensitive wildcard matches.
    ['Frog', 'F*og', true, 1],
    ['Fog', 'F*og', true, 1],
    ['   Fat dog   ', 'F*og', true, 1],
    ['Frogs', 'F*og', true, 0],
    ['Fg', 'F*og', true, 0],
    ['frog', 'F*og', true, 1],
    ['   fat dog   ', 'F*og', true, 1],
    // An escaped star is a star; regular-expression characters are themselves.
    ['   *   ', '\\*', false, 1],
    ['*', '\\*', false, 1],
    ['Frog*toad', 'Frog\\*toad', false, 1],
    ['a', '[a-z]', false, 0],
    ['[a-z]', '[a-z]', false, 1],
    ['\\{}/', '\\{}/', true, 1],
    ['ITÁLIE', 'Itálie', true, 1],
    ['départ', 'DÉPART', true, 1],
    ['départ', 'DÉPART', false, 0],
    // The same letter composed (U+00E9) and decomposed (e + U+0301).
    ['d\u00e9part', 'de\u0301part', false, 1],
    ['d\u00e9part', 'DE\u0301PART', true, 1],
  ]),
  ...wildcards('test_compare_0_with_wildcard', [
    ['0', '0', false, 1],
    ['0', '0*', false, 1],
    ['0', '*0', false, 1],
    ['0', '*0*', false, 1],
  ]),
  ...wildcards('test_compare_string_with_wildcard_many_stars', [
    ['<em></em>', `${'*'.repeat(35)}<em>${'*'.repeat(35)}</em>`, false, 1],
  ]),
  ...(
    [
      ['x', 0],
      ['frog', 1],
      ['toad', 0.8],
      ['cat', 0],
    ] as const
  ).flatMap(([response, fraction]): MoodleCase[] => [
    {
      source: src(MOODLE, saFile, 'test_grading, test_classify_response'),
      question: frogToad,
      answer: response,
      fraction,
      added: true,
    },
    // The same key as a blank with an alternative (before short answers had accepted answers).
    {
      source: src(MOODLE, saFile, 'test_grading (as a blank)'),
      question: oneBlank(['frog'], textRules(true), [{ answer: 'toad', fraction: 0.8 }]),
      answer: [response],
      fraction,
      added: true,
    },
  ]),
  ...(
    [
      ['frog', 1],
      ['toad', 0],
    ] as const
  ).map(
    ([response, fraction]): MoodleCase => ({
      source: src(MOODLE, saFile, 'test_classify_response_no_star'),
      question: accepted([text('frog')]),
      answer: response,
      fraction,
      added: true,
    }),
  ),
];

// make_numerical_question_pi: 3.14 (1, tolerance 0), then 3.142 ± 0.005, 3.1 ± 0.05, 3 ± 0.5 and
// `*`, all worth 0. 3.14 is also within 3.142 ± 0.005: the first answer that matches decides.
const pi = (units: AnswerUnit[] = []) =>
  accepted(
    [num('3.14', 1, 0), num('3.142', 0, 0.005), num('3.1', 0, 0.05), num('3', 0, 0.5), num('*', 0, 0)],
    false,
    units,
  );
// make_numerical_question_unit: 1.25 (1, tolerance 0), 1.25 ± 0.05 (0.5), `*` (0); units m and cm.
const metres: AnswerUnit[] = [
  { unit: 'm', multiplier: 1 },
  { unit: 'cm', multiplier: 100 },
];
const oneTwentyFive = accepted([num('1.25', 1, 0), num('1.25', 0.5, 0.05), num('*', 0, 0)], false, metres);
const numFile = 'question/type/numerical/tests/question_test.php';
const apFile = 'question/type/numerical/tests/answerprocessor_test.php';
const numCase = (file: string, test: string, question: ScorableQuestion, pairs: [string, number][]) =>
  pairs.map(
    ([answer, fraction]): MoodleCase => ({ source: src(MOODLE, file, test), question, answer, fraction, added: true }),
  );
// apply_units: m/s is the base unit, c (the speed of light) and mph others.
const speeds: AnswerUnit[] = [
  { unit: 'm/s', multiplier: 1 },
  { unit: 'c', multiplier: 3.3356409519815e-9 },
  { unit: 'mph', multiplier: 2.2369362920544 },
];
const numericalUnits: MoodleCase[] = [
  ...numCase(numFile, 'test_grading, test_classify_response', pi(), [
    ['1.0', 0],
    ['3.14', 1],
    ['3.1', 0],
    ['42', 0],
    ['abc', 0],
  ]),
  // Units optional (not graded), m = 1 and cm = 100: the number in metres is what counts.
  ...numCase(numFile, 'test_grading_with_units', pi(metres), [
    ['3.14', 1],
    ['3.14 m', 1],
    ['314cm', 1],
    ['314000000x10^-8m', 1],
  ]),
  {
    ...numCase(numFile, 'test_grading_with_units', pi(metres), [['3.14 frogs', 1]])[0],
    lyceum: {
      fraction: 0,
      why: 'a unit not in the list makes the answer no number (Moodle ignores it when units are optional)',
    },
  },
  ...numCase(numFile, 'test_grading_unit, test_classify_response_unit', oneTwentyFive, [
    ['2 m', 0],
    ['2 cm', 0],
    ['1.25 m', 1],
    ['125 cm', 1],
    ['1.23 m', 0.5],
    ['123 cm', 0.5],
    ['1.27 m', 0.5],
    ['3.0 m', 0],
  ]),
  {
    ...numCase(numFile, 'test_grading_unit', oneTwentyFive, [['1.25', 0.5]])[0],
    lyceum: { fraction: 1, why: 'no unit penalty: a number without a unit is in the base unit' },
  },
  ...numCase(apFile, 'test_apply_units', accepted([num('3e8', 1, 0)], false, speeds), [
    ['3x10^8 m/s', 1],
    ['3x10^8', 1],
  ]),
  ...numCase(apFile, 'test_apply_units', accepted([num('299792458', 1, 0.001)], false, speeds), [['1c', 1]]),
  ...numCase(apFile, 'test_apply_units', accepted([num('0.44704', 1, 0.00001)], false, speeds), [['0001.000 mph', 1]]),
  ...numCase(apFile, 'test_percent', accepted([num('0.03', 1, 0)], false, [{ unit: '%', multiplier: 100 }]), [
    ['3%', 1],
  ]),
  ...numCase(apFile, 'test_percent', accepted([num('1e-8', 1, 0)], false, [{ unit: '%', multiplier: 100 }]), [
    ['1e-6 %', 1],
  ]),
  ...numCase(apFile, 'test_percent', accepted([num('100', 1, 0)], false, [{ unit: '%', multiplier: 100 }]), [
    ['100', 1],
  ]),
];

// make_a_multichoice_multi_question: A and C are right (0.5 each), B and D wrong (-1 each).
const twoOfFour = (partial: PartialCredit): ScorableQuestion => ({
  score: 1,
  key: { type: 2, correct: ['A', 'C'], partial, partScore: null },
});
const multiSource = src(MOODLE, 'question/type/multichoice/tests/question_multi_test.php', 'test_grading');
const choice: MoodleCase[] = [
  ...(
    [
      [['A', 'C'], 1],
      [['A'], 0.5],
      [['A', 'B', 'C'], 0],
      [['B'], 0],
    ] as const
  ).flatMap(([picked, fraction]): MoodleCase[] => [
    // The old part-score mode (half marks for a correct subset) already gives Moodle's fractions here.
    { source: multiSource, question: twoOfFour(PartialCredit.PartScore), answer: [...picked], fraction },
    {
      source: multiSource,
      question: twoOfFour(PartialCredit.PerOption),
      answer: [...picked],
      fraction,
      added: true,
    },
  ]),
  // Odd numbers among 1..6, each right choice worth 0.3333333: all three right make full marks.
  {
    source: src(
      MOODLE,
      'question/type/multichoice/tests/question_single_test.php',
      'test_grading_rounding_three_right',
    ),
    question: {
      score: 1,
      key: { type: 2, correct: ['A', 'C', 'E'], partial: PartialCredit.PerOption, partScore: null },
    },
    answer: ['A', 'C', 'E'],
    fraction: 1,
    added: true,
  },
  // make_a_multichoice_single_question: A is right (B and C carry negative marks, left out).
  {
    source: src(MOODLE, 'question/type/multichoice/tests/question_single_test.php', 'test_grading'),
    question: { score: 1, key: { type: 1, correct: 'A' } },
    answer: 'A',
    fraction: 1,
  },
  ...(
    [
      [false, 0],
      [true, 1],
    ] as const
  ).map(
    ([response, fraction]): MoodleCase => ({
      source: src(MOODLE, 'question/type/truefalse/tests/question_test.php', 'test_grading'),
      question: { score: 1, key: { type: 3, correct: true } },
      answer: response,
      fraction,
    }),
  ),
];

// twosubq: "The {Owl} and the {Bow-wow | Wiggly worm | =Pussy-cat} went to sea", one mark each;
// the short-answer part is case-sensitive (usecase true), the choices are labelled A, B, C.
const twoSubq: ScorableQuestion = {
  score: 2,
  key: {
    type: 6,
    children: [
      { score: 1, key: { type: 4, blanks: [{ score: 1, answers: ['Owl'] }], rules: textRules(false) } },
      { score: 1, key: { type: 1, correct: 'C' } },
    ],
  },
};
// fourmc: four California/Arizona drop-downs (A, B), right answers A, B, A, B.
const fourMc: ScorableQuestion = {
  score: 4,
  key: {
    type: 6,
    children: ['A', 'B', 'A', 'B'].map((correct) => ({ score: 1, key: { type: 1 as const, correct } })),
  },
};
const multianswerFile = 'question/type/multianswer/tests/question_test.php';
const multianswer: MoodleCase[] = [
  ...(
    [
      [['Owl', 'C'], 1],
      [['Owl'], 0.5],
      [['Goat', 'C'], 0.5],
      [['Dog'], 0],
    ] as const
  ).map(
    ([parts, fraction]): MoodleCase => ({
      source: src(MOODLE, multianswerFile, 'test_grading'),
      question: twoSubq,
      answer: [[parts[0]], parts[1] ?? null],
      fraction,
    }),
  ),
  {
    source: src(MOODLE, multianswerFile, 'test_get_num_parts_right_fourmc'),
    question: fourMc,
    answer: ['B', 'B', 'B', 'B'],
    fraction: 0.5,
  },
  {
    source: src(
      MOODLE,
      'question/type/multianswer/tests/walkthrough_test.php',
      'test_deferred_feedback_numericalzero_not_answered',
    ),
    question: oneBlank(['0'], numericRules(0)),
    answer: [''],
    fraction: 0,
  },
];

// make_question: "The [cat] sat on the [mat]", one mark per gap.
const catMat = (casesensitive: boolean, first = ['cat']) =>
  gaps(
    [
      { score: 1, answers: first },
      { score: 1, answers: ['mat'] },
    ],
    textRules(!casesensitive),
  );
const medals = gaps(
  [0, 1, 2].map(() => ({ score: 1, answers: ['gold', 'silver', 'bronze'] })),
  { ...textRules(true), anyOrder: true },
);
const gapfillQuestion = 'tests/question_test.php';
const gapfillWalk = 'tests/walkthrough_test.php';
// One case of the gapfill plugin's tests: the file and test it comes from, the question, the answer
// and Moodle's fraction.
const gapfillCase = (
  file: string,
  test: string,
  question: MoodleCase['question'],
  answer: MoodleCase['answer'],
  fraction: number,
): MoodleCase => ({ source: src(GAPFILL, file, test), question, answer, fraction });
const gapfill: MoodleCase[] = [
  gapfillCase(gapfillQuestion, 'test_grade_response', catMat(false), ['cat', 'dog'], 0.5),
  gapfillCase(gapfillQuestion, 'test_grade_response', catMat(false), ['cat', 'mat'], 1),
  ...(
    [
      ['CAT', false, 1],
      ['CAT', true, 0],
      ['dog', true, 0],
      ['cat', true, 1],
    ] as const
  ).map(([response, casesensitive, fraction]) =>
    gapfillCase(
      gapfillQuestion,
      'test_is_correct_response',
      oneBlank(['cat'], textRules(!casesensitive)),
      [response],
      fraction,
    ),
  ),
  // Fixed positions: the second "cat" is simply wrong for the [mat] gap.
  gapfillCase(gapfillQuestion, 'test_discard_duplicates', catMat(false), ['cat', 'cat'], 0.5),
  gapfillCase(gapfillWalk, 'test_deferred_with_incorrect', catMat(true), ['dog', 'cat'], 0),
  gapfillCase(gapfillWalk, 'test_deferred_with_blanks', catMat(false), ['cat', ''], 0.5),
  // The gap [cat|dog] accepts either word.
  gapfillCase(gapfillWalk, 'test_interactive_wildcard_with_correct', catMat(true, ['cat', 'dog']), ['cat', 'mat'], 1),
  // With regular expressions off, `$i` is literal text.
  gapfillCase(gapfillWalk, 'test_disableregex', oneBlank(['$i'], textRules(false)), ['$i'], 1),
  // Three [gold|silver|bronze] gaps with "no duplicates": a repeated answer earns its mark once.
  gapfillCase(gapfillWalk, 'test_interactive_discard_duplicates', medals, ['gold', 'silver', 'silver'], 2 / 3),
  // The same test's comment: "gold, gold, gold" cannot earn three marks.
  gapfillCase(gapfillWalk, 'test_interactive_discard_duplicates (comment)', medals, ['gold', 'gold', 'gold'], 1 / 3),
];

const cases: MoodleCase[] = [...numerical, ...shortanswer, ...numericalUnits, ...choice, ...multianswer, ...gapfill];

describe("Moodle's grading facts", () => {
  it.each(
    cases.map((c, i) => ({
      ...c,
      name: `${i + 1}${c.added ? ' [added]' : ''} ${c.source}: ${JSON.stringify(c.answer)}`,
    })),
  )('$name', (c) => {
    const r = scoreAnswer(c.question, c.answer);
    expect(r.score / r.max).toBeCloseTo(c.lyceum?.fraction ?? c.fraction, 2);
  });

  it('differs from Moodle only where the school decided otherwise', () => {
    const differing = cases.filter((c) => c.lyceum).map((c) => c.answer);
    expect(differing).toEqual([['3,14159'], '3.14 frogs', '1.25']);
  });

  // get_correct_response: the answer the key gives is Moodle's correct response.
  it.each([
    { test: 'shortanswer test_get_correct_response', q: frogToad, expected: 'frog' },
    {
      test: 'shortanswer test_get_correct_response_escapedwildcards',
      q: accepted([text('*x\\*y*')]),
      expected: 'x*y',
    },
    { test: 'numerical test_get_correct_response', q: pi(), expected: '3.14' },
    { test: 'numerical test_get_correct_response_units', q: oneTwentyFive, expected: '1.25' },
  ])('$test', ({ q, expected }) => {
    expect(keyAnswer(q.key)).toBe(expected);
    expect(scoreAnswer(q, expected).score).toBe(1);
  });
});
