import {
  type Difficulty,
  type ExamPaper,
  PaperBuildMode,
  type PaperQuestion,
  type PaperRule,
  type PaperType,
  type Question,
  QuestionNumberMode,
  type QuestionType,
} from '@lyceum/contract';
import type { PaperSave } from './paper-api';

// What the builder knows of a question on the paper: enough to list, total, chart and preview it.
export interface QuestionInfo {
  questionId: number;
  type: QuestionType;
  stem: string;
  options: { label: string; content: string }[];
  score: number;
  difficulty: Difficulty;
  children: { type: QuestionType; stem: string; options: { label: string; content: string }[]; score: number }[];
  version?: number;
  currentVersion?: number;
}

export interface DraftItem {
  key: string;
  id?: number;
  questionId: number;
  score: number;
  // The rule that drew it (a paper drawn once); absent for a question added by hand.
  ruleId?: number | null;
}
// A section's rule as the builder edits it: which bank questions, how many, worth how much each.
export interface DraftRule {
  key: string;
  id?: number;
  questionType: QuestionType;
  numberMode: QuestionNumberMode;
  count: number | null;
  score: number;
  difficultyMin: Difficulty | null;
  difficultyMax: Difficulty | null;
  // Bounds on the measured difficulty (share of the marks scored, 0..1); questions never answered
  // are left out when either is set.
  measuredMin: number | null;
  measuredMax: number | null;
  subjectId: number | null;
  knowledgePointIds: number[];
  includeSubtree: boolean;
  tagIds: number[];
  excludeLastPapers: number;
}
export interface DraftSection {
  key: string;
  id?: number;
  title: string;
  instructions: string;
  items: DraftItem[];
  rules: DraftRule[];
}
export interface PaperDraft {
  id: number | null;
  name: string;
  paperType: PaperType;
  subjectId: number | null;
  degreeId: number | null;
  categoryId: number | null;
  durationMinutes: number | null;
  passScore: number | null;
  buildMode: PaperBuildMode;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  sections: DraftSection[];
}

let counter = 0;
export const newKey = (): string => `k${++counter}`;

export function emptyDraft(paperType: PaperType, firstTitle: string): PaperDraft {
  return {
    id: null,
    name: '',
    paperType,
    subjectId: null,
    degreeId: null,
    categoryId: null,
    durationMinutes: null,
    passScore: null,
    buildMode: PaperBuildMode.Manual,
    shuffleQuestions: false,
    shuffleOptions: false,
    sections: [emptySection(firstTitle)],
  };
}

export const emptySection = (title: string): DraftSection => ({
  key: newKey(),
  title,
  instructions: '',
  items: [],
  rules: [],
});

// A new rule: single choice, an entered number of questions of any difficulty.
export function emptyRule(questionType: QuestionType, score: number): DraftRule {
  return {
    key: newKey(),
    questionType,
    numberMode: QuestionNumberMode.EnterNumbers,
    count: 5,
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
  };
}

const ruleOf = (r: PaperRule): DraftRule => ({
  key: newKey(),
  id: r.id,
  count: r.count,
  score: r.score,
  ...ruleCriteria({
    ...r,
    questionType: r.questionType as QuestionType,
    numberMode: r.numberMode as QuestionNumberMode,
  }),
});

// What the server counts for a rule: its criteria without count and score (a draft's or a saved one's).
export function ruleCriteria(r: Omit<DraftRule, 'key' | 'id' | 'count' | 'score'>) {
  return {
    questionType: r.questionType,
    numberMode: r.numberMode,
    difficultyMin: r.difficultyMin,
    difficultyMax: r.difficultyMax,
    measuredMin: r.measuredMin,
    measuredMax: r.measuredMax,
    subjectId: r.subjectId,
    knowledgePointIds: r.knowledgePointIds,
    includeSubtree: r.includeSubtree,
    tagIds: r.tagIds,
    excludeLastPapers: r.excludeLastPapers,
  };
}

export const usesRules = (d: Pick<PaperDraft, 'buildMode'>): boolean => d.buildMode !== PaperBuildMode.Manual;

export function draftOf(paper: ExamPaper): PaperDraft {
  return {
    id: paper.id,
    name: paper.name,
    paperType: paper.paperType,
    subjectId: paper.subjectId,
    degreeId: paper.degreeId,
    categoryId: paper.categoryId,
    durationMinutes: paper.durationMinutes,
    passScore: paper.passScore,
    buildMode: paper.buildMode,
    shuffleQuestions: paper.shuffleQuestions,
    shuffleOptions: paper.shuffleOptions,
    sections: (paper.sections ?? []).map((s) => ({
      key: newKey(),
      id: s.id,
      title: s.title,
      instructions: s.instructions ?? '',
      items: s.items.map((i) => ({
        key: newKey(),
        id: i.id,
        questionId: i.questionId,
        score: i.score,
        ruleId: i.ruleId,
      })),
      rules: (s.rules ?? []).map(ruleOf),
    })),
  };
}

export function infoOfContent(q: PaperQuestion): QuestionInfo {
  return { ...q, type: q.type as QuestionType };
}

export function infoOfQuestion(q: Question): QuestionInfo {
  return {
    questionId: q.id,
    type: q.type as QuestionType,
    stem: q.stem,
    options: q.options,
    score: q.score,
    difficulty: q.difficulty,
    children: (q.children as QuestionInfo['children']) ?? [],
    version: q.version,
    currentVersion: q.version,
  };
}

export function savePayload(d: PaperDraft): PaperSave {
  return {
    id: d.id,
    name: d.name.trim(),
    paperType: d.paperType,
    subjectId: d.subjectId,
    degreeId: d.degreeId,
    categoryId: d.categoryId,
    durationMinutes: d.durationMinutes,
    passScore: d.passScore,
    buildMode: d.buildMode,
    shuffleQuestions: d.shuffleQuestions,
    shuffleOptions: d.shuffleOptions,
    sections: d.sections.map((s) => ({
      id: s.id ?? null,
      title: s.title.trim(),
      instructions: s.instructions.trim() || null,
      items: s.items.map((i) => ({ id: i.id ?? null, questionId: i.questionId, score: i.score })),
      // A manual paper keeps no rules; switching back to rules starts them again.
      rules: usesRules(d)
        ? s.rules.map(({ key: _key, id, count, ...rule }) => ({
            id: id ?? null,
            ...rule,
            count: rule.numberMode === QuestionNumberMode.AllObjective ? null : count,
          }))
        : [],
    })),
  } as PaperSave;
}

const round = (n: number) => Math.round(n * 100) / 100;

// A paper drawn per student has its hand-added items and, for each rule, count × score (the same for
// every student); other papers are their items.
const perStudent = (d: Pick<PaperDraft, 'buildMode'>) => d.buildMode === PaperBuildMode.PerStudent;
const ruleCount = (r: DraftRule) => r.count ?? 0;
export const sectionCount = (d: Pick<PaperDraft, 'buildMode'>, s: DraftSection): number =>
  s.items.length + (perStudent(d) ? s.rules.reduce((n, r) => n + ruleCount(r), 0) : 0);
export const sectionTotal = (d: Pick<PaperDraft, 'buildMode'>, s: DraftSection): number =>
  round(
    s.items.reduce((sum, i) => sum + i.score, 0) +
      (perStudent(d) ? s.rules.reduce((sum, r) => sum + ruleCount(r) * r.score, 0) : 0),
  );
export const paperTotal = (d: PaperDraft): number => round(d.sections.reduce((sum, s) => sum + sectionTotal(d, s), 0));
export const itemCount = (d: PaperDraft): number => d.sections.reduce((n, s) => n + sectionCount(d, s), 0);

// Numbers run through the whole paper: section 2 continues where section 1 stopped.
export function numbering(d: PaperDraft): Map<string, number> {
  const numbers = new Map<string, number>();
  let n = 0;
  for (const s of d.sections) for (const i of s.items) numbers.set(i.key, ++n);
  return numbers;
}

// Questions that appear more than once, with the numbers they have.
export function duplicates(d: PaperDraft): Map<number, number[]> {
  const numbers = numbering(d);
  const seen = new Map<number, number[]>();
  for (const s of d.sections)
    for (const i of s.items) seen.set(i.questionId, [...(seen.get(i.questionId) ?? []), numbers.get(i.key) ?? 0]);
  return new Map([...seen].filter(([, n]) => n.length > 1));
}

// Points per key (question type or difficulty), for the summary and its chart.
export function pointsBy<K extends number>(
  d: PaperDraft,
  info: ReadonlyMap<number, QuestionInfo>,
  keyOf: (q: QuestionInfo) => K,
): Map<K, { count: number; points: number }> {
  const out = new Map<K, { count: number; points: number }>();
  for (const s of d.sections)
    for (const i of s.items) {
      const q = info.get(i.questionId);
      if (!q) continue;
      const k = keyOf(q);
      const was = out.get(k) ?? { count: 0, points: 0 };
      out.set(k, { count: was.count + 1, points: round(was.points + i.score) });
    }
  return out;
}

// Points per question type; a paper drawn per student counts its rules too (their type is known,
// their questions are not).
export function pointsByType(
  d: PaperDraft,
  info: ReadonlyMap<number, QuestionInfo>,
): Map<QuestionType, { count: number; points: number }> {
  const out = pointsBy(d, info, (q) => q.type);
  if (!perStudent(d)) return out;
  for (const s of d.sections)
    for (const r of s.rules) {
      const was = out.get(r.questionType) ?? { count: 0, points: 0 };
      out.set(r.questionType, {
        count: was.count + ruleCount(r),
        points: round(was.points + ruleCount(r) * r.score),
      });
    }
  return out;
}

// The difficulty the paper should have, weighted by points (1 very easy … 5 very hard).
export function expectedDifficulty(d: PaperDraft, info: ReadonlyMap<number, QuestionInfo>): number | null {
  let points = 0;
  let weighted = 0;
  for (const s of d.sections)
    for (const i of s.items) {
      const q = info.get(i.questionId);
      if (!q) continue;
      points += i.score;
      weighted += i.score * q.difficulty;
    }
  return points ? Math.round((weighted / points) * 10) / 10 : null;
}

// Moves an item to before `beforeKey` in `toSection` (at the end when beforeKey is null).
export function moveItem(d: PaperDraft, itemKey: string, toSection: string, beforeKey: string | null): PaperDraft {
  const item = d.sections.flatMap((s) => s.items).find((i) => i.key === itemKey);
  if (!item || itemKey === beforeKey) return d;
  const without = d.sections.map((s) => ({ ...s, items: s.items.filter((i) => i.key !== itemKey) }));
  return {
    ...d,
    sections: without.map((s) => {
      if (s.key !== toSection) return s;
      const at = beforeKey === null ? -1 : s.items.findIndex((i) => i.key === beforeKey);
      const items = [...s.items];
      items.splice(at < 0 ? items.length : at, 0, item);
      return { ...s, items };
    }),
  };
}

export function swap<T>(list: T[], a: number, b: number): T[] {
  if (b < 0 || b >= list.length) return list;
  const next = [...list];
  [next[a], next[b]] = [next[b], next[a]];
  return next;
}
