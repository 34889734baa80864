import { describe, expect, it } from 'vitest';
import type { PaperContent } from './exam-paper';
import { printKey, printModel, printText } from './exam-paper-print';

const question = (questionId: number, version: number) => ({
  questionId,
  version,
  currentVersion: version,
  type: 1 as const,
  stem: `<p>Q${questionId}v${version}</p>`,
  options: [],
  answer: 'A',
  analysis: '',
  score: 1,
  difficulty: 2 as const,
  subjectId: null,
  tagIds: [],
  children: [],
});
const item = (id: number, questionId: number, questionVersion: number, score: number) => ({
  id,
  sectionId: 1,
  sort: 0,
  questionId,
  questionVersion,
  score,
  ruleId: null,
});
const rule = (count: number, score: number) => ({
  id: 9,
  sectionId: 2,
  sort: 0,
  questionType: 3 as const,
  numberMode: 2 as const,
  count,
  score,
  difficultyMin: null,
  difficultyMax: null,
  measuredMin: null,
  measuredMax: null,
  subjectId: null,
  knowledgePointIds: [],
  includeSubtree: true,
  tagIds: [],
  excludeLastPapers: 0,
});
const content = (buildMode: 1 | 2 | 3): PaperContent => ({
  paper: {
    id: 5,
    organizationId: 1,
    name: 'Paper',
    paperType: 3,
    subjectId: null,
    degreeId: null,
    categoryId: null,
    durationMinutes: 60,
    passScore: null,
    totalScore: 10,
    questionCount: 3,
    expectedDifficulty: null,
    measuredDifficulty: null,
    discrimination: null,
    status: 1,
    buildMode,
    shuffleQuestions: false,
    shuffleOptions: false,
    creatorId: 1,
    createTime: '2026-01-01T00:00:00.000Z',
    updateTime: '2026-01-01T00:00:00.000Z',
    sections: [
      {
        id: 1,
        paperId: 5,
        sort: 0,
        title: 'One',
        instructions: null,
        items: [item(1, 7, 1, 2), item(2, 7, 2, 3)],
        rules: [],
      },
      {
        id: 2,
        paperId: 5,
        sort: 1,
        title: 'Two',
        instructions: 'Go',
        items: [item(3, 8, 1, 1)],
        rules: [rule(4, 0.5)],
      },
    ],
  },
  questions: [question(7, 1), question(7, 2), question(8, 1)],
});

describe('the print model', () => {
  it('numbers questions through the paper, each at the version its item froze, with section totals', () => {
    const paper = printModel(content(1));
    expect(paper.sections.map((s) => s.items.map((i) => [i.number, i.question?.stem, i.score]))).toEqual([
      [
        [1, '<p>Q7v1</p>', 2],
        [2, '<p>Q7v2</p>', 3],
      ],
      [[3, '<p>Q8v1</p>', 1]],
    ]);
    expect(paper.sections.map((s) => [s.count, s.score, s.drawn.length])).toEqual([
      [2, 5, 0],
      [1, 1, 0],
    ]);
  });

  it("names a per-student paper's rules with the numbers their questions take", () => {
    const [, two] = printModel(content(3)).sections;
    expect(two.drawn).toEqual([{ from: 4, to: 7, questionType: 3, count: 4, score: 0.5 }]);
    expect([two.count, two.score]).toEqual([5, 3]);
  });
});

describe('print texts and keys', () => {
  it('fills templates and picks the singular for one in English only', () => {
    expect(printText('en', 'points', { score: 1, count: 1 })).toBe('(1 point)');
    expect(printText('en', 'points', { score: 2, count: 2 })).toBe('(2 points)');
    expect(printText('zh', 'points', { score: 1, count: 1 })).toBe('（1 分）');
    expect(printText('en', 'duration', { minutes: 90 })).toBe('Time allowed: 90 minutes');
  });

  it('reads every kind of answer, and nothing from a malformed one', () => {
    expect(printKey(1, 'B')).toEqual({ kind: 'labels', labels: ['B'] });
    expect(printKey(2, ['A', 'C'])).toEqual({ kind: 'labels', labels: ['A', 'C'] });
    expect(printKey(3, false)).toEqual({ kind: 'trueFalse', value: false });
    expect(printKey(4, { blanks: [{ answers: ['x', 'y'], score: 1 }], rules: {} })).toEqual({
      kind: 'blanks',
      blanks: [['x', 'y']],
    });
    expect(printKey(5, { reference: '<p>r</p>', keywords: [{ word: 'w', points: 2 }] })).toEqual({
      kind: 'reference',
      html: '<p>r</p>',
      keywords: [{ word: 'w', points: 2 }],
    });
    expect(printKey(4, 'nonsense')).toEqual({ kind: 'none' });
    expect(printKey(6, null)).toEqual({ kind: 'none' });
  });
});
