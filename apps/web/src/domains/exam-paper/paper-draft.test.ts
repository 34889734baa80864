import { Difficulty, PaperBuildMode, PaperType, QuestionNumberMode, QuestionType } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import {
  duplicates,
  emptyDraft,
  emptyRule,
  expectedDifficulty,
  itemCount,
  moveItem,
  newKey,
  type PaperDraft,
  paperTotal,
  pointsBy,
  type QuestionInfo,
  savePayload,
} from './paper-draft';

function paper(): PaperDraft {
  const d = emptyDraft(PaperType.Exam, 'Part 1');
  const item = (questionId: number, score: number) => ({ key: newKey(), questionId, score });
  d.sections = [
    { key: 's1', title: 'Part 1', instructions: '', items: [item(1, 2), item(2, 3.5)], rules: [] },
    { key: 's2', title: 'Part 2', instructions: '', items: [item(1, 5)], rules: [] },
  ];
  return d;
}
const info = new Map<number, QuestionInfo>(
  [
    [1, QuestionType.SingleChoice, Difficulty.Easy],
    [2, QuestionType.ShortAnswer, Difficulty.Hard],
  ].map(([id, type, difficulty]) => [
    id,
    { questionId: id, type, difficulty, stem: '', options: [], score: 1, children: [] } as QuestionInfo,
  ]),
);

describe('paper draft', () => {
  it('totals are the sum of the items', () => {
    expect(paperTotal(paper())).toBe(10.5);
  });

  it('finds a question used twice with the numbers it has', () => {
    expect([...duplicates(paper())]).toEqual([[1, [1, 3]]]);
  });

  it('counts points by type and weights the expected difficulty by points', () => {
    const byType = pointsBy(paper(), info, (q) => q.type);
    expect(byType.get(QuestionType.SingleChoice)).toEqual({ count: 2, points: 7 });
    expect(byType.get(QuestionType.ShortAnswer)).toEqual({ count: 1, points: 3.5 });
    // (7 × 2 + 3.5 × 4) / 10.5 = 2.67
    expect(expectedDifficulty(paper(), info)).toBe(2.7);
  });

  it('moves an item across sections, before another or to the end', () => {
    const d = paper();
    const first = d.sections[0].items[0].key;
    const target = d.sections[1].items[0].key;
    const moved = moveItem(d, first, 's2', target);
    expect(moved.sections[0].items.map((i) => i.questionId)).toEqual([2]);
    expect(moved.sections[1].items.map((i) => i.key)).toEqual([first, target]);
    const toEnd = moveItem(d, first, 's1', null);
    expect(toEnd.sections[0].items.map((i) => i.questionId)).toEqual([2, 1]);
    expect(paperTotal(moved)).toBe(paperTotal(d));
  });

  it('a paper drawn per student counts its rules: count × points each, beside the hand-added items', () => {
    const d = paper();
    d.sections[1].rules = [{ ...emptyRule(QuestionType.SingleChoice, 2), count: 10 }];
    // Drawn once, the rules are not counted: the drawn items are.
    d.buildMode = PaperBuildMode.DrawOnce;
    expect(paperTotal(d)).toBe(10.5);
    expect(itemCount(d)).toBe(3);
    d.buildMode = PaperBuildMode.PerStudent;
    expect(paperTotal(d)).toBe(30.5);
    expect(itemCount(d)).toBe(13);
  });

  it('saves rules only for a rule paper, and no count for "all objective questions"', () => {
    const d = paper();
    d.sections[0].rules = [
      { ...emptyRule(QuestionType.TrueFalse, 1), numberMode: QuestionNumberMode.AllObjective, count: 7 },
    ];
    expect(savePayload(d).sections?.[0]?.rules).toEqual([]);
    d.buildMode = PaperBuildMode.PerStudent;
    const [rule] = savePayload(d).sections?.[0]?.rules ?? [];
    expect(rule).toMatchObject({ id: null, questionType: QuestionType.TrueFalse, count: null, score: 1 });
    expect(rule).not.toHaveProperty('key');
  });
});
