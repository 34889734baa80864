import { asc, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, inTurn } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { questions } from '../question/question.table';
import {
  examPapers,
  paperItems,
  paperRuleKnowledgePoints,
  paperRules,
  paperRuleTags,
  paperSections,
} from './exam-paper.table';
import { type DrawPlan, matches, type PlanItem, type PoolQuestion } from './paper-draw';
import { type Criteria, loadPool, ruleFilters } from './paper-pool';

// A rule-based paper as loaded from the database: its structure (sections, rules, items) and the
// draw plan built from it (paper-rules.service.ts works on both).

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
export interface Structure {
  paper: { id: number; buildMode: number; shuffleQuestions: boolean; shuffleOptions: boolean; totalScore: number };
  sections: { id: number; title: string; instructions: string | null; rules: StoredRule[]; items: StoredItem[] }[];
}

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
    .where(inOrg(examPapers, org, [eq(examPapers.id, paperId)]));
  const sections = await db
    .select({ id: paperSections.id, title: paperSections.title, instructions: paperSections.instructions })
    .from(paperSections)
    .where(inOrg(paperSections, org, [eq(paperSections.paperId, paperId)]))
    .orderBy(asc(paperSections.sort), asc(paperSections.id));
  const sectionIds = sections.map((s) => s.id);
  const [rules, items] = sectionIds.length
    ? await inTurn(
        () =>
          db
            .select()
            .from(paperRules)
            .where(inOrg(paperRules, org, [inArray(paperRules.sectionId, sectionIds)]))
            .orderBy(asc(paperRules.sort), asc(paperRules.id)),
        () =>
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
            .where(inOrg(paperItems, org, [inArray(paperItems.sectionId, sectionIds)]))
            .orderBy(asc(paperItems.sort), asc(paperItems.id)),
      )
    : [[], []];
  const ruleIds = rules.map((r) => r.id);
  const linksOf = async (table: typeof paperRuleTags) => {
    const out = new Map<number, number[]>();
    if (!ruleIds.length) return out;
    const rows = await db
      .select({ ruleId: table.ruleId, tagId: table.tagId })
      .from(table)
      .where(inOrg(table, org, [inArray(table.ruleId, ruleIds)]));
    for (const r of rows) out.set(r.ruleId, [...(out.get(r.ruleId) ?? []), r.tagId]);
    return out;
  };
  const [kps, tagLinks] = await inTurn(
    () => linksOf(paperRuleKnowledgePoints),
    () => linksOf(paperRuleTags),
  );
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

// Everything a draw needs, loaded once: the structure, the pool for all rules and each rule's
// candidates. Fixed items are those added by hand (a per-student paper draws the rest).
export async function loadPlan(db: DbOrTx, ctx: RequestContext, structure: Structure): Promise<DrawPlan> {
  const rules = structure.sections.flatMap((s) => s.rules);
  const manual = structure.sections.flatMap((s) => s.items.filter((i) => i.ruleId === null));
  const [filters, pool, fixedMeta] = await inTurn(
    () => ruleFilters(db, ctx, rules, structure.paper.id),
    () =>
      loadPool(
        db,
        ctx,
        rules.map((r) => r.questionType),
      ),
    () =>
      loadPoolById(
        db,
        ctx,
        manual.map((i) => i.questionId),
      ),
  );
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
    .where(inOrg(questions, ctx.orgId, [inArray(questions.id, ids)]));
  const pool = await loadPool(
    db,
    ctx,
    rows.map((r) => r.type),
  );
  const wanted = new Set(ids);
  return new Map(pool.filter((q) => wanted.has(q.id)).map((q) => [q.id, q]));
}
