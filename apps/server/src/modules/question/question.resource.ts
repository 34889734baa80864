import {
  JudgeType,
  POOR_DISCRIMINATION,
  QuestionType,
  questionDecl,
  type zQuestionCreate,
  type zQuestionUpdate,
} from '@lyceum/contract';
import { desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { disallowedHtmlWhat, sanitizeRichText } from '../../platform/sanitize';
import { inOrg } from '../../platform/tenant-sql';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { categories, degrees } from '../education/education.table';
import { questionsOnPapers } from '../exam-paper/exam-paper.service';
import { questions, questionTags, questionVersions } from './question.table';

type Input = ReturnType<typeof zQuestionCreate.parse> | ReturnType<typeof zQuestionUpdate.parse>;
type Child = Input['children'][number];

// Every piece of rich text is cleaned before it is stored.
function clean<T extends Child | Input>(q: T): T {
  const answer =
    q.type === QuestionType.ShortAnswer && q.answer && typeof q.answer === 'object' && 'reference' in q.answer
      ? { ...q.answer, reference: sanitizeRichText(q.answer.reference) }
      : q.answer;
  return {
    ...q,
    stem: sanitizeRichText(q.stem),
    analysis: sanitizeRichText(q.analysis),
    options: q.options.map((o) => ({ ...o, content: sanitizeRichText(o.content) })),
    answer,
    judgeType: q.judgeType ?? (q.type === QuestionType.ShortAnswer ? JudgeType.Manual : JudgeType.Automatic),
  };
}

// A question some paper uses keeps the version the paper was built with: its edits start a new one.
// Edits of a question no paper uses stay in the same version.
export async function isQuestionInUse(db: DbOrTx, ctx: RequestContext, id: number): Promise<boolean> {
  return (await questionsOnPapers(db, ctx, [id])).has(id);
}

async function recordVersion(tx: Tx, ctx: RequestContext, id: number, snapshot: unknown, mode: 'create' | 'update') {
  const [row] = await tx
    .select({ version: questions.version })
    .from(questions)
    .where(inOrg(questions, ctx.orgId, [eq(questions.id, id)]));
  if (mode === 'create' || !(await isQuestionInUse(tx, ctx, id))) {
    await tx
      .insert(questionVersions)
      .values({ organizationId: ctx.orgId, questionId: id, version: row.version, snapshot, editorId: ctx.userId })
      .onConflictDoUpdate({
        target: [questionVersions.organizationId, questionVersions.questionId, questionVersions.version],
        set: { snapshot, editorId: ctx.userId, createTime: new Date() },
      });
    return;
  }
  const next = row.version + 1;
  await tx
    .update(questions)
    .set({ version: next })
    .where(inOrg(questions, ctx.orgId, [eq(questions.id, id)]));
  await tx
    .insert(questionVersions)
    .values({ organizationId: ctx.orgId, questionId: id, version: next, snapshot, editorId: ctx.userId });
}

export const questionResource = createResource({
  ...fromDecl(questionDecl),
  table: questions,
  // Images in any rich text of the question (stem, options, analysis, reference answer, children).
  files: ['stem', 'options', 'analysis', 'answer', 'children'],
  search: [questions.stem],
  filters: {
    // A tag or knowledge point and everything below it in the tree.
    tagId: (tagId, ctx) =>
      sql`exists (select 1 from ${questionTags} qt where qt.organization_id = ${questions.organizationId}
        and qt.question_id = ${questions.id} and qt.tag_id in (with recursive d(id) as (select ${tagId}::bigint union all
        select t.id from ${tags} t join d on t.parent_id = d.id where t.organization_id = ${ctx.orgId}) select id from d))`,
    createdFrom: (from) => gte(questions.createTime, new Date(from)),
    createdTo: (to) => lte(questions.createTime, new Date(to)),
    // Comparisons with a missing figure are never true, so questions never answered drop out.
    statDifficultyMin: (min) => gte(questions.statDifficulty, min),
    statDifficultyMax: (max) => lte(questions.statDifficulty, max),
    poorDiscrimination: (poor) => (poor ? lt(questions.statDiscrimination, POOR_DISCRIMINATION) : undefined),
  },
  sort: {
    default: [desc(questions.id)],
    fields: {
      createTime: questions.createTime,
      score: questions.score,
      difficulty: questions.difficulty,
      type: questions.type,
      statDifficulty: questions.statDifficulty,
    },
  },
  references: {
    degreeId: { table: degrees, label: 'degree' },
    categoryId: { table: categories, label: 'category' },
    subjectId: { table: courseCategories, label: 'subject' },
  },
  links: {
    tagIds: {
      table: questionTags,
      owner: questionTags.questionId,
      target: questionTags.tagId,
      ref: { table: tags, label: 'tag or knowledge point' },
    },
  },
  hooks: {
    validate(input) {
      const check = (q: Child | Input, prefix: string) => {
        const fields: [string, string][] = [
          [`${prefix}stem`, q.stem],
          [`${prefix}analysis`, q.analysis],
          ...q.options.map((o, i): [string, string] => [`${prefix}options.${i}.content`, o.content]),
        ];
        if (q.answer && typeof q.answer === 'object' && 'reference' in q.answer)
          fields.push([`${prefix}answer.reference`, q.answer.reference]);
        // Refused rather than silently cleaned, so what is saved is what the teacher wrote.
        for (const [field, html] of fields) {
          const what = disallowedHtmlWhat(html);
          if (what !== null) throw invalidParams(field, 'unsafeHtml', { what });
        }
      };
      check(input, '');
      for (const [i, c] of input.children.entries()) check(c, `children.${i}.`);
    },
    values(input, ctx, mode) {
      const q = clean(input);
      return {
        ...q,
        children: q.children.map(clean),
        updateTime: new Date(),
        ...(mode === 'create' ? { creatorId: ctx.userId } : {}),
      };
    },
    async afterSave(tx, id, input, ctx, mode) {
      const q = clean(input);
      const { id: _id, ...snapshot } = { ...q, children: q.children.map(clean) };
      await recordVersion(tx, ctx, id, snapshot, mode);
    },
  },
});

// Many new questions at once (imports): the same checks and cleaning as one by one, written in
// batches with their first versions, inside the caller's transaction. Answers their ids, in order.
export async function insertQuestions(tx: Tx, ctx: RequestContext, inputs: Input[]): Promise<number[]> {
  const BATCH = 500;
  const created: number[] = [];
  for (let i = 0; i < inputs.length; i += BATCH) {
    const batch = inputs.slice(i, i + BATCH);
    const values: Values[] = [];
    for (const q of batch)
      values.push({ ...(await questionResource.toValues(ctx, q, 'create')), organizationId: ctx.orgId });
    const ids = await tx
      .insert(questions)
      .values(values as (typeof questions.$inferInsert)[])
      .returning({ id: questions.id });
    created.push(...ids.map((r) => r.id));
    await tx.insert(questionVersions).values(
      ids.map((r, j) => {
        const q = clean(batch[j]);
        return {
          organizationId: ctx.orgId,
          questionId: r.id,
          version: 1,
          snapshot: { ...q, children: q.children.map(clean) },
          editorId: ctx.userId,
        };
      }),
    );
    await questionResource.linkFiles(
      tx,
      ctx,
      ids.map((r, j) => ({ id: r.id, values: values[j] })),
    );
    const tagRows = ids.flatMap((r, j) =>
      [...new Set(batch[j].tagIds)].map((tagId) => ({ organizationId: ctx.orgId, questionId: r.id, tagId })),
    );
    if (tagRows.length) await tx.insert(questionTags).values(tagRows);
  }
  return created;
}
