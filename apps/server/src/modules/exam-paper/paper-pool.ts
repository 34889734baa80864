import { type PaperRuleCriteria, QuestionType, TagType } from '@lyceum/contract';
import { asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, inTurn } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { tags } from '../catalogue/catalogue.table';
import { questions, questionTags } from '../question/question.table';
import { examPapers, paperItems, paperSections } from './exam-paper.table';
import { matches, type PoolQuestion, type RuleFilter } from './paper-draw';

// The candidate pool and the rules' filters: what bank questions a rule matches, loaded once per
// count, draw or check (the matching itself is paper-draw.ts's `matches`).

export type Criteria = Pick<
  PaperRuleCriteria,
  | 'questionType'
  | 'difficultyMin'
  | 'difficultyMax'
  | 'measuredMin'
  | 'measuredMax'
  | 'subjectId'
  | 'knowledgePointIds'
  | 'includeSubtree'
  | 'tagIds'
  | 'excludeLastPapers'
>;

const CHOICE_TYPES = `${QuestionType.SingleChoice}, ${QuestionType.MultipleChoice}`;

// The bank questions of the given types, by id, with what matching and drawing need.
export async function loadPool(db: DbOrTx, ctx: RequestContext, types: number[]): Promise<PoolQuestion[]> {
  const wanted = [...new Set(types)];
  if (!wanted.length) return [];
  const org = ctx.orgId;
  const [rows, links] = await inTurn(
    () =>
      db
        .select({
          id: questions.id,
          version: questions.version,
          type: questions.type,
          difficulty: questions.difficulty,
          statDifficulty: questions.statDifficulty,
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
        .where(inOrg(questions, org, [inArray(questions.type, wanted)]))
        .orderBy(asc(questions.id)),
    () =>
      db
        .select({ questionId: questionTags.questionId, tagId: questionTags.tagId })
        .from(questionTags)
        .innerJoin(questions, sameOrg(questions, questionTags, [eq(questions.id, questionTags.questionId)]))
        .where(inOrg(questionTags, org, [inArray(questions.type, wanted)])),
  );
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
    statDifficulty: r.statDifficulty,
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
      .where(inOrg(tags, org, [eq(tags.type, TagType.KnowledgePoint)]));
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
      .where(inOrg(examPapers, org, [paperId === null ? undefined : ne(examPapers.id, paperId)]))
      .orderBy(desc(examPapers.createTime), desc(examPapers.id))
      .limit(lastN);
    const ids = papers.map((p) => p.id);
    const used = ids.length
      ? await db
          .select({ paperId: paperSections.paperId, questionId: paperItems.questionId })
          .from(paperItems)
          .innerJoin(paperSections, sameOrg(paperSections, paperItems, [eq(paperSections.id, paperItems.sectionId)]))
          .where(inOrg(paperItems, org, [inArray(paperSections.paperId, ids)]))
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
    measuredMin: r.measuredMin ?? null,
    measuredMax: r.measuredMax ?? null,
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
    .where(inOrg(tags, ctx.orgId, [inArray(tags.id, ids)]));
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
