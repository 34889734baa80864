import {
  ExamPaperStatus,
  examPaperMeta,
  zExamPaper,
  zExamPaperCreate,
  zExamPaperFilter,
  zExamPaperUpdate,
} from '@lyceum/contract';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams } from '../../platform/errors';
import { action, createResource, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { courseCategories } from '../catalogue/catalogue.table';
import { categories, degrees } from '../education/education.table';
import { questions } from '../question/question.table';
import { examPapers, paperItems, paperSections } from './exam-paper.table';

type Section = { items?: { score: number }[] };
const { Unpublished, Published, Withdrawn } = ExamPaperStatus;

// Academic staff (examPaper:all) reach every paper; a teacher reads their own and published ones,
// and changes only their own.
const seesAll = (ctx: RequestContext) => allows(ctx, ['examPaper:all']);

export const examPaperResource = createResource({
  name: 'examPaper',
  title: 'Exam paper',
  table: examPapers,
  schemas: { row: zExamPaper, create: zExamPaperCreate, update: zExamPaperUpdate, filter: zExamPaperFilter },
  meta: examPaperMeta,
  permissions: {
    read: ['examPaper:page', 'taskPaper:page'],
    create: ['examPaper:create'],
    update: ['examPaper:update'],
    remove: ['examPaper:delete'],
    export: ['examPaper:export'],
  },
  excel: 'export',
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
                  .where(and(eq(questions.organizationId, ctx.orgId), inArray(questions.id, ids)))
              : [];
            const kept = items.filter((i) => typeof i.id === 'number').map((i) => i.id as number);
            const stored = kept.length
              ? await tx
                  .select({ id: paperItems.id, questionId: paperItems.questionId, version: paperItems.questionVersion })
                  .from(paperItems)
                  .where(and(eq(paperItems.organizationId, ctx.orgId), inArray(paperItems.id, kept)))
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
    publish: action({
      summary: 'Publish an exam paper (exams can then use it)',
      access: ['examPaper:publish'],
      from: [Unpublished, Withdrawn],
      to: Published,
      async run(_tx, row) {
        if (!(row.questionCount as number)) throw invalidParams('sections', 'paperHasNoQuestion');
        return undefined;
      },
    }),
    withdraw: action({
      summary: 'Withdraw a published exam paper (no new exam can use it)',
      access: ['examPaper:publish'],
      from: [Published],
      to: Withdrawn,
    }),
  },
  hooks: {
    validate(input, _ctx, _mode, current) {
      // A published paper is what exams use: it changes only after it is withdrawn.
      if (current?.status === Published) {
        throw invalidParams('status', 'publishedPaperLocked');
      }
      const total = input.sections.reduce((sum, s) => sum + s.items.reduce((a, i) => a + i.score, 0), 0);
      if (input.passScore !== null && input.passScore !== undefined && input.passScore > total) {
        throw invalidParams('passScore', 'aboveTotalScore', { total });
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
    async beforeDelete(_ctx, _ids, rows) {
      const published = rows.filter((r) => r.status === Published);
      if (published.length) {
        throw businessError('withdrawBeforeDelete', { names: published.map((r) => r.name).join(', ') });
      }
    },
  },
});
