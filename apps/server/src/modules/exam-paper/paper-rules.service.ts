import { randomInt } from 'node:crypto';
import { PaperBuildMode, type PaperRuleCriteria, QuestionNumberMode, QuestionType, TagType } from '@lyceum/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { tags } from '../catalogue/catalogue.table';
import { questions, questionTags } from '../question/question.table';
import {
  examPapers,
  paperItems,
  paperRuleKnowledgePoints,
  paperRules,
  paperRuleTags,
  paperSections,
} from './exam-paper.table';
import {
  assign,
  type DrawPlan,
  matches,
  mulberry32,
  type PlanItem,
  type PoolQuestion,
  type RuleFilter,
  Unsatisfiable,
} from './paper-draw';

// Rule-based papers on the database: resolving rules into filters, loading the candidate pool once,
// the live count, draw once, swap, the publish checks and the totals.

type Criteria = Pick<
  PaperRuleCriteria,
  | 'questionType'
  | 'difficultyMin'
  | 'difficultyMax'
  | 'subjectId'
  | 'knowledgePointIds'
  | 'includeSubtree'
  | 'tagIds'
  | 'excludeLastPapers'
>;
interface StoredRule extends Criteria {
  id: number;
  sectionId: number;
  numberMode: number;
  count: number;
  score: number;
}
interface StoredItem {
  id: number;
  sectionId: number;
  questionId: number;
  questionVersion: number;
  score: number;
  ruleId: number | null;
}
interface Structure {
  paper: { id: number; buildMode: number; shuffleQuestions: boolean; shuffleOptions: boolean; totalScore: number };
  sections: { id: number; title: string; instructions: string | null; rules: StoredRule[]; items: StoredItem[] }[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const CHOICE_TYPES = `${QuestionType.SingleChoice}, ${QuestionType.MultipleChoice}`;

// ---- loading ----

export async function loadStructure(db: DbOrTx, ctx: RequestContext, paperId: number): Promise<Structure> {
  const org = ctx.orgId;
  const [paper] = await db
    .select({
      id: examPapers.id,
      buildMode: examPapers.buildMode,
      shuffleQuestions: examPapers.shuffleQuestions,
      shuffleOptions: examPapers.shuffleOptions,
      totalScore: examPapers.totalScore,
    })
    .from(examPapers)
    .where(and(eq(examPapers.organizationId, org), eq(examPapers.id, paperId)));
  const sections = await db
    .select({ id: paperSections.id, title: paperSections.title, instructions: paperSections.instructions })
    .from(paperSections)
    .where(and(eq(paperSections.organizationId, org), eq(paperSections.paperId, paperId)))
    .orderBy(asc(paperSections.sort), asc(paperSections.id));
  const sectionIds = sections.map((s) => s.id);
  const [rules, items] = sectionIds.length
    ? await Promise.all([
        db
          .select()
          .from(paperRules)
          .where(and(eq(paperRules.organizationId, org), inArray(paperRules.sectionId, sectionIds)))
          .orderBy(asc(paperRules.sort), asc(paperRules.id)),
        db
          .select({
            id: paperItems.id,
            sectionId: paperItems.sectionId,
            questionId: paperItems.questionId,
            questionVersion: paperItems.questionVersion,
            score: paperItems.score,
            ruleId: paperItems.ruleId,
          })
          .from(paperItems)
          .where(and(eq(paperItems.organizationId, org), inArray(paperItems.sectionId, sectionIds)))
          .orderBy(asc(paperItems.sort), asc(paperItems.id)),
      ])
    : [[], []];
  const ruleIds = rules.map((r) => r.id);
  const linksOf = async (table: typeof paperRuleTags) => {
    const out = new Map<number, number[]>();
    if (!ruleIds.length) return out;
    const rows = await db
      .select({ ruleId: table.ruleId, tagId: table.tagId })
      .from(table)
      .where(and(eq(table.organizationId, org), inArray(table.ruleId, ruleIds)));
    for (const r of rows) out.set(r.ruleId, [...(out.get(r.ruleId) ?? []), r.tagId]);
    return out;
  };
  const [kps, tagLinks] = await Promise.all([linksOf(paperRuleKnowledgePoints), linksOf(paperRuleTags)]);
  return {
    paper,
    sections: sections.map((s) => ({
      ...s,
      rules: rules
        .filter((r) => r.sectionId === s.id)
        .map((r) => ({
          ...r,
          questionType: r.questionType as Criteria['questionType'],
          difficultyMin: r.difficultyMin as Criteria['difficultyMin'],
          difficultyMax: r.difficultyMax as Criteria['difficultyMax'],
          knowledgePointIds: kps.get(r.id) ?? [],
          tagIds: tagLinks.get(r.id) ?? [],
        })),
      items: items.filter((i) => i.sectionId === s.id),
    })),
  };
}

// The bank questions of the given types, by id, with what matching and drawing need.
export async function loadPool(db: DbOrTx, ctx: RequestContext, types: number[]): Promise<PoolQuestion[]> {
  const wanted = [...new Set(types)];
  if (!wanted.length) return [];
  const org = ctx.orgId;
  const [rows, links] = await Promise.all([
    db
      .select({
        id: questions.id,
        version: questions.version,
        type: questions.type,
        difficulty: questions.difficulty,
        subjectId: questions.subjectId,
        // Counted in the database: the options' texts never travel.
        optionCount: sql<number>`case when ${questions.type} in (${sql.raw(CHOICE_TYPES)})
          then jsonb_array_length(${questions.options}) else 0 end`,
        childOptionCounts: sql<number[] | null>`case when ${questions.type} = ${QuestionType.Compose} then
          (select coalesce(array_agg(case when (e.c->>'type')::int in (${sql.raw(CHOICE_TYPES)})
            then jsonb_array_length(coalesce(e.c->'options', '[]'::jsonb)) else 0 end order by e.o), '{}')
           from jsonb_array_elements(${questions.children}) with ordinality as e(c, o)) end`,
      })
      .from(questions)
      .where(and(eq(questions.organizationId, org), inArray(questions.type, wanted)))
      .orderBy(asc(questions.id)),
    db
      .select({ questionId: questionTags.questionId, tagId: questionTags.tagId })
      .from(questionTags)
      .innerJoin(
        questions,
        and(eq(questions.organizationId, questionTags.organizationId), eq(questions.id, questionTags.questionId)),
      )
      .where(and(eq(questionTags.organizationId, org), inArray(questions.type, wanted))),
  ]);
  const tagsOf = new Map<number, number[]>();
  for (const l of links) {
    const list = tagsOf.get(l.questionId);
    if (list) list.push(l.tagId);
    else tagsOf.set(l.questionId, [l.tagId]);
  }
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    type: r.type,
    difficulty: r.difficulty,
    subjectId: r.subjectId,
    tagIds: tagsOf.get(r.id) ?? [],
    optionCount: Number(r.optionCount),
    childOptionCounts: r.childOptionCounts ? r.childOptionCounts.map(Number) : null,
  }));
}

// Rules with their id sets resolved: knowledge points with their subtrees, and the questions on the
// organisation's N most recent other papers.
export async function ruleFilters(
  db: DbOrTx,
  ctx: RequestContext,
  rules: readonly Criteria[],
  paperId: number | null,
): Promise<RuleFilter[]> {
  const org = ctx.orgId;
  const subtrees = rules.some((r) => r.includeSubtree && r.knowledgePointIds.length);
  const children = new Map<number, number[]>();
  if (subtrees) {
    const rows = await db
      .select({ id: tags.id, parentId: tags.parentId })
      .from(tags)
      .where(and(eq(tags.organizationId, org), eq(tags.type, TagType.KnowledgePoint)));
    for (const r of rows) {
      if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
    }
  }
  const lastN = Math.max(0, ...rules.map((r) => r.excludeLastPapers));
  const recent: number[][] = [];
  if (lastN > 0) {
    const papers = await db
      .select({ id: examPapers.id })
      .from(examPapers)
      .where(and(eq(examPapers.organizationId, org), paperId === null ? undefined : ne(examPapers.id, paperId)))
      .orderBy(desc(examPapers.createTime), desc(examPapers.id))
      .limit(lastN);
    const ids = papers.map((p) => p.id);
    const used = ids.length
      ? await db
          .select({ paperId: paperSections.paperId, questionId: paperItems.questionId })
          .from(paperItems)
          .innerJoin(
            paperSections,
            and(
              eq(paperSections.organizationId, paperItems.organizationId),
              eq(paperSections.id, paperItems.sectionId),
            ),
          )
          .where(and(eq(paperItems.organizationId, org), inArray(paperSections.paperId, ids)))
      : [];
    for (const id of ids) recent.push(used.filter((u) => u.paperId === id).map((u) => u.questionId));
  }
  const expand = (roots: number[]) => {
    const out = new Set(roots);
    const stack = [...roots];
    while (stack.length) {
      for (const c of children.get(stack.pop()!) ?? []) {
        if (!out.has(c)) {
          out.add(c);
          stack.push(c);
        }
      }
    }
    return out;
  };
  return rules.map((r) => ({
    questionType: r.questionType,
    difficultyMin: r.difficultyMin ?? null,
    difficultyMax: r.difficultyMax ?? null,
    subjectId: r.subjectId ?? null,
    knowledgePoints: r.knowledgePointIds.length
      ? r.includeSubtree
        ? expand(r.knowledgePointIds)
        : new Set(r.knowledgePointIds)
      : null,
    tags: r.tagIds.length ? new Set(r.tagIds) : null,
    excluded: r.excludeLastPapers > 0 ? new Set(recent.slice(0, r.excludeLastPapers).flat()) : null,
  }));
}

// Knowledge points must be knowledge points and tags plain tags; `at(i)` names the field of the i-th id.
export async function checkRuleTags(
  db: DbOrTx,
  ctx: RequestContext,
  rule: Pick<Criteria, 'knowledgePointIds' | 'tagIds'>,
  path: string,
): Promise<void> {
  const ids = [...rule.knowledgePointIds, ...rule.tagIds];
  if (!ids.length) return;
  const rows = await db
    .select({ id: tags.id, name: tags.name, type: tags.type })
    .from(tags)
    .where(and(eq(tags.organizationId, ctx.orgId), inArray(tags.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  rule.knowledgePointIds.forEach((id, i) => {
    const tag = byId.get(id);
    if (!tag)
      throw invalidParams(`${path}knowledgePointIds.${i}`, 'noSuchReference', { entity: 'tag', ids: String(id) });
    if (tag.type !== TagType.KnowledgePoint)
      throw invalidParams(`${path}knowledgePointIds.${i}`, 'notKnowledgePoint', { name: tag.name });
  });
  rule.tagIds.forEach((id, i) => {
    const tag = byId.get(id);
    if (!tag) throw invalidParams(`${path}tagIds.${i}`, 'noSuchReference', { entity: 'tag', ids: String(id) });
    if (tag.type !== TagType.Tag) throw invalidParams(`${path}tagIds.${i}`, 'notPlainTag', { name: tag.name });
  });
}

// ---- the live count ----

export async function countMatching(
  db: DbOrTx,
  ctx: RequestContext,
  criteria: Criteria,
  paperId: number | null,
): Promise<number> {
  await checkRuleTags(db, ctx, criteria, '');
  const [filter] = await ruleFilters(db, ctx, [criteria], paperId);
  const pool = await loadPool(db, ctx, [criteria.questionType]);
  let n = 0;
  for (const q of pool) if (matches(q, filter!)) n++;
  return n;
}

// ---- plans ----

// Everything a draw needs, loaded once: the structure, the pool for all rules and each rule's
// candidates. Fixed items are those added by hand (a per-student paper draws the rest).
export async function loadPlan(db: DbOrTx, ctx: RequestContext, structure: Structure): Promise<DrawPlan> {
  const rules = structure.sections.flatMap((s) => s.rules);
  const manual = structure.sections.flatMap((s) => s.items.filter((i) => i.ruleId === null));
  const [filters, pool, fixedMeta] = await Promise.all([
    ruleFilters(db, ctx, rules, structure.paper.id),
    loadPool(
      db,
      ctx,
      rules.map((r) => r.questionType),
    ),
    loadPoolById(
      db,
      ctx,
      manual.map((i) => i.questionId),
    ),
  ]);
  let k = 0;
  return {
    paperId: structure.paper.id,
    shuffleQuestions: structure.paper.shuffleQuestions,
    shuffleOptions: structure.paper.shuffleOptions,
    sections: structure.sections.map((s) => ({
      sectionId: s.id,
      title: s.title,
      instructions: s.instructions,
      fixed: s.items
        .filter((i) => i.ruleId === null)
        .map((i): PlanItem => {
          const meta = fixedMeta.get(i.questionId);
          return {
            itemId: i.id,
            questionId: i.questionId,
            questionVersion: i.questionVersion,
            score: i.score,
            type: meta?.type ?? 0,
            optionCount: meta?.optionCount ?? 0,
            childOptionCounts: meta?.childOptionCounts ?? null,
          };
        }),
      rules: s.rules.map((r) => {
        const f = filters[k++]!;
        return { ruleId: r.id, count: r.count, score: r.score, candidates: pool.filter((q) => matches(q, f)) };
      }),
    })),
  };
}

async function loadPoolById(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<Map<number, PoolQuestion>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectDistinct({ type: questions.type })
    .from(questions)
    .where(and(eq(questions.organizationId, ctx.orgId), inArray(questions.id, ids)));
  const pool = await loadPool(
    db,
    ctx,
    rows.map((r) => r.type),
  );
  const wanted = new Set(ids);
  return new Map(pool.filter((q) => wanted.has(q.id)).map((q) => [q.id, q]));
}

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
        .where(and(eq(paperRules.organizationId, ctx.orgId), eq(paperRules.id, r.id)));
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

// After every save: rule counts, then totals; a pass score above the total is refused (the whole
// save is undone).
export async function afterPaperSave(tx: Tx, ctx: RequestContext, paperId: number, passScore: number | null) {
  const structure = await loadStructure(tx, ctx, paperId);
  await refreshRuleCounts(tx, ctx, structure);
  const totals = totalsOf(structure);
  if (passScore !== null && passScore > totals.totalScore) {
    throw invalidParams('passScore', 'aboveTotalScore', { total: totals.totalScore });
  }
  await tx
    .update(examPapers)
    .set(totals)
    .where(and(eq(examPapers.organizationId, ctx.orgId), eq(examPapers.id, paperId)));
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
      .where(
        and(
          eq(paperItems.organizationId, ctx.orgId),
          inArray(paperItems.sectionId, sectionIds),
          isNotNull(paperItems.ruleId),
        ),
      );
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
        .where(and(eq(paperItems.organizationId, ctx.orgId), eq(paperItems.id, item.id)));
    }
  }
  return totalsOf(await loadStructure(tx, ctx, paperId));
}

export async function swapItem(tx: Tx, ctx: RequestContext, paperId: number, itemId: number): Promise<void> {
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
    .where(and(eq(paperItems.organizationId, ctx.orgId), eq(paperItems.id, itemId)));
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
  return totals;
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
