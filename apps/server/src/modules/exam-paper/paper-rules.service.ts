import { randomInt } from 'node:crypto';
import { PaperBuildMode, QuestionNumberMode } from '@lyceum/contract';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { questions } from '../question/question.table';
import { examPapers, paperItems, paperRules } from './exam-paper.table';
import { assign, type DrawPlan, matches, mulberry32, type PoolQuestion, Unsatisfiable } from './paper-draw';
import { loadPool, ruleFilters } from './paper-pool';
import { loadPlan, loadStructure, type Structure } from './paper-structure';

// Rule-based papers on the database: draw once, swap, the publish checks and the totals (the
// structure and draw plan are paper-structure.ts, the pool and the rules' filters paper-pool.ts).

const round2 = (n: number) => Math.round(n * 100) / 100;

// The field and error of a rule that cannot be filled.
function unsatisfiable(structure: Structure, plan: DrawPlan, e: Unsatisfiable) {
  const section = structure.sections[e.section]!;
  const rule = plan.sections[e.section]!.rules[e.rule]!;
  const fixed = new Set(plan.sections.flatMap((s) => s.fixed.map((i) => i.questionId)));
  return invalidParams(`sections.${e.section}.rules.${e.rule}.count`, 'ruleUnsatisfiable', {
    section: section.title,
    rule: e.rule + 1,
    needed: rule.count,
    found: rule.candidates.filter((q) => !fixed.has(q.id)).length,
  });
}

// ---- counts, totals ----

// "All objective questions" rules take the bank's number of matching questions (without those the
// paper already has by hand).
export async function refreshRuleCounts(tx: Tx, ctx: RequestContext, structure: Structure): Promise<void> {
  const all = structure.sections.flatMap((s) =>
    s.rules.filter((r) => r.numberMode === QuestionNumberMode.AllObjective),
  );
  if (!all.length) return;
  const plan = await loadPlan(tx, ctx, structure);
  const fixed = new Set(plan.sections.flatMap((s) => s.fixed.map((i) => i.questionId)));
  for (const [si, s] of structure.sections.entries()) {
    for (const [ri, r] of s.rules.entries()) {
      if (r.numberMode !== QuestionNumberMode.AllObjective) continue;
      const count = plan.sections[si]!.rules[ri]!.candidates.filter((q) => !fixed.has(q.id)).length;
      if (count === r.count) continue;
      r.count = count;
      await tx
        .update(paperRules)
        .set({ count })
        .where(inOrg(paperRules, ctx.orgId, [eq(paperRules.id, r.id)]));
    }
  }
}

// The total and question count as they follow from the structure: the items; for a per-student
// paper the hand-added items and every rule's count x score.
export function totalsOf(structure: Structure): { totalScore: number; questionCount: number } {
  const perStudent = structure.paper.buildMode === PaperBuildMode.PerStudent;
  let total = 0;
  let n = 0;
  for (const s of structure.sections) {
    for (const i of s.items) {
      if (perStudent && i.ruleId !== null) continue;
      total += i.score;
      n++;
    }
    if (perStudent)
      for (const r of s.rules) {
        total += r.count * r.score;
        n += r.count;
      }
  }
  return { totalScore: round2(total), questionCount: n };
}

// The difficulty the questions promise, weighted by points (1 very easy … 5 very hard): each item's
// question; for a per-student paper each rule counts as its count × score at the mean difficulty of
// the questions it can draw. Null when nothing on the paper has a difficulty yet.
export async function expectedDifficultyOf(db: DbOrTx, ctx: RequestContext, structure: Structure) {
  const perStudent = structure.paper.buildMode === PaperBuildMode.PerStudent;
  const items = structure.sections.flatMap((s) => s.items.filter((i) => !perStudent || i.ruleId === null));
  const ids = [...new Set(items.map((i) => i.questionId))];
  const levels = new Map(
    ids.length
      ? (
          await db
            .select({ id: questions.id, difficulty: questions.difficulty })
            .from(questions)
            .where(inOrg(questions, ctx.orgId, [inArray(questions.id, ids)]))
        ).map((q) => [q.id, q.difficulty])
      : [],
  );
  let points = 0;
  let weighted = 0;
  for (const i of items) {
    const level = levels.get(i.questionId);
    if (level === undefined) continue;
    points += i.score;
    weighted += i.score * level;
  }
  if (perStudent && structure.sections.some((s) => s.rules.length)) {
    const plan = await loadPlan(db, ctx, structure);
    for (const [si, s] of structure.sections.entries())
      for (const [ri, r] of s.rules.entries()) {
        const candidates = plan.sections[si]!.rules[ri]!.candidates;
        if (!candidates.length || r.count < 1) continue;
        const mean = candidates.reduce((sum, q) => sum + q.difficulty, 0) / candidates.length;
        points += r.count * r.score;
        weighted += r.count * r.score * mean;
      }
  }
  return points ? Math.round((weighted / points) * 10) / 10 : null;
}

// What a paper's row says of its questions: total, count and expected difficulty.
export async function figuresOf(db: DbOrTx, ctx: RequestContext, structure: Structure) {
  return { ...totalsOf(structure), expectedDifficulty: await expectedDifficultyOf(db, ctx, structure) };
}

// After every save: rule counts, then totals; a pass score above the total is refused (the whole
// save is undone).
export async function afterPaperSave(tx: Tx, ctx: RequestContext, paperId: number, passScore: number | null) {
  const structure = await loadStructure(tx, ctx, paperId);
  await refreshRuleCounts(tx, ctx, structure);
  const figures = await figuresOf(tx, ctx, structure);
  if (passScore !== null && passScore > figures.totalScore) {
    throw invalidParams('passScore', 'aboveTotalScore', { total: figures.totalScore });
  }
  await tx
    .update(examPapers)
    .set(figures)
    .where(inOrg(examPapers, ctx.orgId, [eq(examPapers.id, paperId)]));
}

// ---- draw once, swap ----

export async function drawOnce(tx: Tx, ctx: RequestContext, paperId: number) {
  const structure = await loadStructure(tx, ctx, paperId);
  if (structure.paper.buildMode !== PaperBuildMode.DrawOnce) throw invalidParams('buildMode', 'notDrawOnce');
  if (!structure.sections.some((s) => s.rules.length)) throw businessError('paperHasNoRule');
  await refreshRuleCounts(tx, ctx, structure);
  for (const s of structure.sections) s.items = s.items.filter((i) => i.ruleId === null);
  const plan = await loadPlan(tx, ctx, structure);
  let drawn: PoolQuestion[][][];
  try {
    drawn = assign(plan, mulberry32(randomInt(2 ** 32)));
  } catch (e) {
    if (e instanceof Unsatisfiable) throw unsatisfiable(structure, plan, e);
    throw e;
  }
  const sectionIds = structure.sections.map((s) => s.id);
  if (sectionIds.length) {
    await tx
      .delete(paperItems)
      .where(inOrg(paperItems, ctx.orgId, [inArray(paperItems.sectionId, sectionIds), isNotNull(paperItems.ruleId)]));
  }
  const rows = structure.sections.flatMap((s, si) => {
    let sort = s.items.length;
    return s.rules.flatMap((r, ri) =>
      drawn[si]![ri]!.map((q) => ({
        organizationId: ctx.orgId,
        sectionId: s.id,
        sort: sort++,
        questionId: q.id,
        questionVersion: q.version,
        score: r.score,
        ruleId: r.id,
      })),
    );
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(paperItems).values(rows.slice(i, i + 500));
  // Hand-added items keep their places before the drawn ones.
  for (const s of structure.sections) {
    for (const [i, item] of s.items.entries()) {
      await tx
        .update(paperItems)
        .set({ sort: i })
        .where(inOrg(paperItems, ctx.orgId, [eq(paperItems.id, item.id)]));
    }
  }
  return figuresOf(tx, ctx, await loadStructure(tx, ctx, paperId));
}

export async function swapItem(tx: Tx, ctx: RequestContext, paperId: number, itemId: number) {
  const structure = await loadStructure(tx, ctx, paperId);
  const item = structure.sections.flatMap((s) => s.items).find((i) => i.id === itemId);
  if (!item) throw invalidParams('itemId', 'notChildHere', { entity: 'question item', id: itemId });
  const rule =
    item.ruleId === null ? undefined : structure.sections.flatMap((s) => s.rules).find((r) => r.id === item.ruleId);
  if (!rule) throw invalidParams('itemId', 'notDrawnItem');
  const [filter] = await ruleFilters(tx, ctx, [rule], paperId);
  const onPaper = new Set(structure.sections.flatMap((s) => s.items.map((i) => i.questionId)));
  const pool = (await loadPool(tx, ctx, [rule.questionType])).filter((q) => !onPaper.has(q.id) && matches(q, filter!));
  if (!pool.length) throw invalidParams('itemId', 'noOtherQuestion');
  const pick = pool[randomInt(pool.length)]!;
  await tx
    .update(paperItems)
    .set({ questionId: pick.id, questionVersion: pick.version })
    .where(inOrg(paperItems, ctx.orgId, [eq(paperItems.id, itemId)]));
  item.questionId = pick.id;
  // The new question may be easier or harder: the paper's expected difficulty follows.
  return { expectedDifficulty: await expectedDifficultyOf(tx, ctx, structure) };
}

// ---- publishing ----

// A paper is complete when no section is empty, every rule can be filled from the bank as it is
// (all rules together, each question used once), drawn rules are drawn, and the stored total is the
// sum. Answers the totals to store.
export async function checkComplete(tx: Tx, ctx: RequestContext, paperId: number) {
  const structure = await loadStructure(tx, ctx, paperId);
  const mode = structure.paper.buildMode;
  for (const [si, s] of structure.sections.entries()) {
    const rules = mode === PaperBuildMode.Manual ? [] : s.rules;
    const items = mode === PaperBuildMode.PerStudent ? s.items.filter((i) => i.ruleId === null) : s.items;
    if (!rules.length && !items.length) throw invalidParams(`sections.${si}`, 'emptySection', { section: s.title });
  }
  if (mode === PaperBuildMode.PerStudent) await refreshRuleCounts(tx, ctx, structure);
  // A rule that takes nothing ("all objective questions" with no match) leaves its place empty.
  if (mode !== PaperBuildMode.Manual) {
    for (const [si, s] of structure.sections.entries()) {
      for (const [ri, r] of s.rules.entries()) {
        if (r.count < 1) {
          throw invalidParams(`sections.${si}.rules.${ri}.count`, 'ruleUnsatisfiable', {
            section: s.title,
            rule: ri + 1,
            needed: 1,
            found: 0,
          });
        }
      }
    }
  }
  if (mode === PaperBuildMode.PerStudent) {
    const plan = await loadPlan(tx, ctx, structure);
    try {
      assign(plan, mulberry32(paperId));
    } catch (e) {
      if (e instanceof Unsatisfiable) throw unsatisfiable(structure, plan, e);
      throw e;
    }
  }
  if (mode === PaperBuildMode.DrawOnce) {
    for (const [si, s] of structure.sections.entries()) {
      for (const [ri, r] of s.rules.entries()) {
        const drawn = s.items.filter((i) => i.ruleId === r.id);
        if (drawn.length !== r.count || drawn.some((i) => i.score !== r.score)) {
          throw invalidParams(`sections.${si}.rules.${ri}`, 'ruleNotDrawn', { section: s.title, rule: ri + 1 });
        }
      }
    }
  }
  const totals = totalsOf(structure);
  if (mode !== PaperBuildMode.PerStudent && Math.abs(totals.totalScore - structure.paper.totalScore) > 1e-9) {
    throw invalidParams('totalScore', 'totalsInconsistent', {
      stored: structure.paper.totalScore,
      sum: totals.totalScore,
    });
  }
  if (!totals.questionCount) throw invalidParams('sections', 'paperHasNoQuestion');
  return { ...totals, expectedDifficulty: await expectedDifficultyOf(tx, ctx, structure) };
}

// A per-student paper's plan, loaded once for an exam; drawForStudent then works in memory.
export async function loadStudentPlan(db: DbOrTx, ctx: RequestContext, paperId: number): Promise<DrawPlan> {
  const structure = await loadStructure(db, ctx, paperId);
  if (!structure.paper)
    throw invalidParams('paperId', 'noSuchReference', { entity: 'exam paper', ids: String(paperId) });
  if (structure.paper.buildMode !== PaperBuildMode.PerStudent) {
    // Manual and drawn papers are the same for everyone: all their items are fixed.
    for (const s of structure.sections) {
      s.rules = [];
      s.items = s.items.map((i) => ({ ...i, ruleId: null }));
    }
  }
  return loadPlan(db, ctx, structure);
}
