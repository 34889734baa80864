import { ExamPaperStatus, examPaperActions, examPaperDecl, examPaperMeta, PaperBuildMode } from '@lyceum/contract';
import { desc, eq, inArray, or } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams } from '../../platform/errors';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { categories, degrees } from '../education/education.table';
import { liveExamsOfPaper } from '../exam/exam.service';
import { questions } from '../question/question.table';
import {
  examPapers,
  paperItems,
  paperRuleKnowledgePoints,
  paperRules,
  paperRuleTags,
  paperSections,
} from './exam-paper.table';
import { checkRuleTags } from './paper-pool';
import { afterPaperSave, checkComplete, drawOnce, swapItem } from './paper-rules.service';

type Section = { items?: { score: number }[] };
const { Published } = ExamPaperStatus;

// Academic staff (examPaper:all) reach every paper; a teacher reads their own and published ones,
// and changes only their own.
const seesAll = (ctx: RequestContext) => allows(ctx, ['examPaper:all']);

export const examPaperResource = createResource({
  ...fromDecl(examPaperDecl),
  table: examPapers,
  meta: examPaperMeta,
  search: [examPapers.name],
  filters: { mine: (mine, ctx) => (mine ? eq(examPapers.creatorId, ctx.userId) : undefined) },
  sort: {
    default: [desc(examPapers.updateTime), desc(examPapers.id)],
    fields: { name: examPapers.name, totalScore: examPapers.totalScore, updateTime: examPapers.updateTime },
  },
  references: {
    subjectId: { table: courseCategories, label: 'subject' },
    degreeId: { table: degrees, label: 'degree' },
    categoryId: { table: categories, label: 'category' },
  },
  scope: {
    read: (ctx) =>
      seesAll(ctx) ? undefined : or(eq(examPapers.creatorId, ctx.userId), eq(examPapers.status, Published)),
    write: (ctx) => (seesAll(ctx) ? undefined : eq(examPapers.creatorId, ctx.userId)),
    ownOnly: 'exam papers',
  },
  children: {
    sections: {
      table: paperSections,
      parent: paperSections.paperId,
      order: paperSections.sort,
      label: 'section',
      children: {
        // A section's rules (rule-based papers); their knowledge points and tags are join tables.
        rules: {
          table: paperRules,
          parent: paperRules.sectionId,
          order: paperRules.sort,
          label: 'rule',
          references: { subjectId: { table: courseCategories, label: 'subject' } },
          links: {
            knowledgePointIds: {
              table: paperRuleKnowledgePoints,
              owner: paperRuleKnowledgePoints.ruleId,
              target: paperRuleKnowledgePoints.tagId,
              ref: { table: tags, label: 'knowledge point' },
            },
            tagIds: {
              table: paperRuleTags,
              owner: paperRuleTags.ruleId,
              target: paperRuleTags.tagId,
              ref: { table: tags, label: 'tag' },
            },
          },
          // "All objective questions" counts are the bank's, written after the save.
          values: (rule) => ({ ...rule, count: rule.count ?? 0 }),
        },
        items: {
          table: paperItems,
          parent: paperItems.sectionId,
          order: paperItems.sort,
          label: 'question item',
          references: { questionId: { table: questions, label: 'question', labelColumn: 'stem' } },
          // Each item is frozen at the version its question has when the paper is saved; an item
          // whose question did not change keeps the version it has.
          async prepare(tx, ctx, items) {
            const ids = [...new Set(items.map((i) => i.questionId as number))];
            const rows = ids.length
              ? await tx
                  .select({ id: questions.id, version: questions.version })
                  .from(questions)
                  .where(inOrg(questions, ctx.orgId, [inArray(questions.id, ids)]))
              : [];
            const kept = items.filter((i) => typeof i.id === 'number').map((i) => i.id as number);
            const stored = kept.length
              ? await tx
                  .select({ id: paperItems.id, questionId: paperItems.questionId, version: paperItems.questionVersion })
                  .from(paperItems)
                  .where(inOrg(paperItems, ctx.orgId, [inArray(paperItems.id, kept)]))
              : [];
            const current = new Map(rows.map((r) => [r.id, r.version]));
            const before = new Map(stored.map((s) => [s.id, s]));
            return items.map((item) => {
              const was = before.get(item.id as number);
              const version =
                was && was.questionId === item.questionId ? was.version : current.get(item.questionId as number);
              return { ...item, questionVersion: version };
            });
          },
        },
      },
    },
  },
  actions: {
    publish: implement(examPaperActions.publish, async (tx, row, _input, ctx) => {
      // Complete (no empty section, every rule can be filled, totals add up), then frozen.
      const totals = await checkComplete(tx, ctx, row.id as number);
      // A per-student paper's total follows the bank's count of "all objective" rules.
      if (typeof row.passScore === 'number' && row.passScore > totals.totalScore) {
        throw invalidParams('passScore', 'aboveTotalScore', { total: totals.totalScore });
      }
      return totals;
    }),
    draw: implement(examPaperActions.draw, async (tx, row, _input, ctx) => {
      return drawOnce(tx, ctx, row.id as number);
    }),
    swap: implement(examPaperActions.swap, async (tx, row, input, ctx) => {
      return swapItem(tx, ctx, row.id as number, input.itemId);
    }),
    withdraw: implement(examPaperActions.withdraw, async (tx, row, _input, ctx) => {
      // Exams that have not ended are given on this paper: it stays until they end.
      const live = await liveExamsOfPaper(tx, ctx, row.id as number);
      if (live.length) throw businessError('paperUsedByExam', { names: live.join(', ') });
      return undefined;
    }),
  },
  hooks: {
    async validate(input, ctx, _mode, current) {
      // A published paper is what exams use: it changes only after it is withdrawn.
      if (current?.status === Published) {
        throw invalidParams('status', 'publishedPaperLocked');
      }
      for (const [i, section] of input.sections.entries()) {
        if (section.rules.length && input.buildMode === PaperBuildMode.Manual) {
          throw invalidParams(`sections.${i}.rules`, 'rulesNeedRuleMode');
        }
        for (const [j, rule] of section.rules.entries()) {
          await checkRuleTags(ctx.db, ctx, rule, `sections.${i}.rules.${j}.`);
        }
      }
    },
    values(input, ctx, mode) {
      const items = (input.sections as Section[]).flatMap((s) => s.items ?? []);
      const values: Values = {
        ...input,
        totalScore: Math.round(items.reduce((sum, i) => sum + i.score, 0) * 100) / 100,
        questionCount: items.length,
        updateTime: new Date(),
      };
      if (mode === 'create') values.creatorId = ctx.userId;
      return values;
    },
    // Rule counts ("all objective questions"), the totals and the pass score against them.
    async afterSave(tx, id, input, ctx) {
      await afterPaperSave(tx, ctx, id, input.passScore ?? null);
    },
    async beforeDelete(_ctx, _ids, rows) {
      const published = rows.filter((r) => r.status === Published);
      if (published.length) {
        throw businessError('withdrawBeforeDelete', { names: published.map((r) => r.name).join(', ') });
      }
    },
  },
});
