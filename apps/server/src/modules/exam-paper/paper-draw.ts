import { OPTION_LABELS, QuestionType, type StudentPaper, type StudentPaperItem } from '@lyceum/contract';

// Drawing questions from a paper's rules, in memory and without the database: the service loads the
// candidate pool once (ids, type, difficulty, subject, tags, option counts) and every draw works on
// it. A per-student draw is a pure function of the plan and (exam, student, paper).

// What a draw needs to know of a bank question.
export interface PoolQuestion {
  id: number;
  version: number;
  type: number;
  difficulty: number;
  // The measured difficulty (share of the marks scored, 0..1); null until an exam with it is confirmed.
  statDifficulty: number | null;
  subjectId: number | null;
  tagIds: readonly number[];
  // Options of a single or multiple choice question (0 otherwise).
  optionCount: number;
  // Per child of a compose question: its options when it is a choice question, else 0.
  childOptionCounts: readonly number[] | null;
}

// A rule with its id sets resolved (knowledge point subtrees expanded, the questions of the last N
// papers listed).
export interface RuleFilter {
  questionType: number;
  difficultyMin: number | null;
  difficultyMax: number | null;
  measuredMin: number | null;
  measuredMax: number | null;
  subjectId: number | null;
  knowledgePoints: ReadonlySet<number> | null;
  tags: ReadonlySet<number> | null;
  excluded: ReadonlySet<number> | null;
}

export function matches(q: PoolQuestion, f: RuleFilter): boolean {
  if (q.type !== f.questionType) return false;
  if (f.difficultyMin !== null && q.difficulty < f.difficultyMin) return false;
  if (f.difficultyMax !== null && q.difficulty > f.difficultyMax) return false;
  // A bound on the measured figure leaves out questions that have none.
  if (f.measuredMin !== null && (q.statDifficulty === null || q.statDifficulty < f.measuredMin)) return false;
  if (f.measuredMax !== null && (q.statDifficulty === null || q.statDifficulty > f.measuredMax)) return false;
  if (f.subjectId !== null && q.subjectId !== f.subjectId) return false;
  if (f.excluded?.has(q.id)) return false;
  const kp = f.knowledgePoints;
  if (kp && !q.tagIds.some((t) => kp.has(t))) return false;
  const tags = f.tags;
  if (tags && !q.tagIds.some((t) => tags.has(t))) return false;
  return true;
}

export interface PlanItem {
  itemId: number | null;
  questionId: number;
  questionVersion: number;
  score: number;
  type: number;
  optionCount: number;
  childOptionCounts: readonly number[] | null;
}
export interface PlanRule {
  ruleId: number;
  count: number;
  score: number;
  // Matching bank questions, by id.
  candidates: readonly PoolQuestion[];
}
export interface PlanSection {
  sectionId: number;
  title: string;
  instructions: string | null;
  // Questions every student gets (added by hand).
  fixed: readonly PlanItem[];
  rules: readonly PlanRule[];
}
export interface DrawPlan {
  paperId: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  sections: readonly PlanSection[];
}

// ---- seeded randomness ----

// FNV-1a over the decimal text of the parts, then a 32-bit finaliser so near seeds spread apart.
export function seedOf(...parts: number[]): number {
  const text = parts.join(':');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// mulberry32: a small 32-bit generator, plenty for picking questions; numbers in [0, 1).
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A permutation of 0..n-1 revealed one element at a time (Fisher-Yates with the swaps kept in a
// map), so taking k of n costs O(k) whatever n is.
class LazyPermutation {
  private readonly swaps = new Map<number, number>();
  private taken = 0;
  readonly order: number[] = [];
  constructor(
    private readonly n: number,
    private readonly random: () => number,
  ) {}
  next(): number | undefined {
    if (this.taken >= this.n) return undefined;
    const k = this.taken++;
    const j = k + Math.floor(this.random() * (this.n - k));
    const vj = this.swaps.get(j) ?? j;
    this.swaps.set(j, this.swaps.get(k) ?? k);
    this.order.push(vj);
    return vj;
  }
  // The whole permutation (the part revealed so far first).
  all(): number[] {
    while (this.next() !== undefined);
    return this.order;
  }
}

export function shuffle<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---- assigning questions to the rules' places ----

export class Unsatisfiable extends Error {
  constructor(
    readonly section: number,
    readonly rule: number,
  ) {
    super(`rule ${rule + 1} of section ${section + 1} cannot be filled`);
  }
}

// Picks, for every rule, `count` distinct questions no other rule and no fixed item has. Each place
// takes the next unused candidate in the rule's random order; when a rule runs dry because earlier
// rules took shared questions, an augmenting path (Kuhn's matching) moves them, so a draw fails only
// when no assignment exists at all. Returns the chosen questions per section and rule.
export function assign(plan: DrawPlan, random: () => number): PoolQuestion[][][] {
  const fixed = new Set(plan.sections.flatMap((s) => s.fixed.map((i) => i.questionId)));
  const rules = plan.sections.flatMap((s, si) => s.rules.map((r, ri) => ({ r, si, ri })));
  const perms = rules.map(({ r }) => new LazyPermutation(r.candidates.length, random));
  const slotRule: number[] = [];
  const slotQuestion: PoolQuestion[] = [];
  const owner = new Map<number, number>();

  const augment = (slot: number, visited: Set<number>): boolean => {
    const ruleIndex = slotRule[slot]!;
    const { candidates } = rules[ruleIndex]!.r;
    for (const c of perms[ruleIndex]!.all()) {
      const q = candidates[c]!;
      if (fixed.has(q.id) || visited.has(q.id)) continue;
      visited.add(q.id);
      const held = owner.get(q.id);
      if (held === undefined || augment(held, visited)) {
        owner.set(q.id, slot);
        slotQuestion[slot] = q;
        return true;
      }
    }
    return false;
  };

  rules.forEach(({ r, si, ri }, ruleIndex) => {
    const perm = perms[ruleIndex]!;
    for (let k = 0; k < r.count; k++) {
      const slot = slotRule.length;
      slotRule.push(ruleIndex);
      let placed = false;
      for (let c = perm.next(); c !== undefined; c = perm.next()) {
        const q = r.candidates[c]!;
        if (fixed.has(q.id) || owner.has(q.id)) continue;
        owner.set(q.id, slot);
        slotQuestion[slot] = q;
        placed = true;
        break;
      }
      if (!placed && !augment(slot, new Set())) throw new Unsatisfiable(si, ri);
    }
  });

  const out = plan.sections.map((s) => s.rules.map(() => [] as PoolQuestion[]));
  slotRule.forEach((ruleIndex, slot) => {
    const { si, ri } = rules[ruleIndex]!;
    out[si]![ri]!.push(slotQuestion[slot]!);
  });
  return out;
}

// ---- one student's paper ----

function optionOrder(count: number, random: () => number): string[] | null {
  return count >= 2 ? shuffle(OPTION_LABELS.slice(0, count), random) : null;
}

function studentItem(
  item: PlanItem & { ruleId: number | null },
  shuffleOptions: boolean,
  random: () => number,
): StudentPaperItem {
  const choice = item.type === QuestionType.SingleChoice || item.type === QuestionType.MultipleChoice;
  return {
    itemId: item.itemId,
    ruleId: item.ruleId,
    questionId: item.questionId,
    questionVersion: item.questionVersion,
    score: item.score,
    optionOrder: shuffleOptions && choice ? optionOrder(item.optionCount, random) : null,
    childOptionOrders:
      shuffleOptions && item.childOptionCounts ? item.childOptionCounts.map((n) => optionOrder(n, random)) : null,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// The paper one student sits: the same sections, number of questions and scores for everyone;
// which questions (where the bank allows a choice), their order within each section and the order
// of a choice question's options follow from (exam, student, paper) alone, so the same student
// always gets the same paper.
export function drawForStudent(plan: DrawPlan, examId: number, studentId: number): StudentPaper {
  const random = mulberry32(seedOf(examId, studentId, plan.paperId));
  const drawn = assign(plan, random);
  let total = 0;
  const sections = plan.sections.map((s, si) => {
    const items = [
      ...s.fixed.map((i) => ({ ...i, ruleId: null })),
      ...s.rules.flatMap((r, ri) =>
        drawn[si]![ri]!.map((q) => ({
          itemId: null,
          ruleId: r.ruleId,
          questionId: q.id,
          questionVersion: q.version,
          score: r.score,
          type: q.type,
          optionCount: q.optionCount,
          childOptionCounts: q.childOptionCounts,
        })),
      ),
    ];
    const ordered = plan.shuffleQuestions ? shuffle(items, random) : items;
    const score = round2(ordered.reduce((sum, i) => sum + i.score, 0));
    total += score;
    return {
      sectionId: s.sectionId,
      title: s.title,
      instructions: s.instructions,
      score,
      items: ordered.map((i) => studentItem(i, plan.shuffleOptions, random)),
    };
  });
  return { paperId: plan.paperId, examId, studentId, totalScore: round2(total), sections };
}
