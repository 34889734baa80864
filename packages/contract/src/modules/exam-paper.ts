import { z } from 'zod';
import { difficultyLabels } from '../enums/difficulty';
import { examPaperStatusLabels } from '../enums/exam-paper-status';
import { PaperType, paperTypeLabels } from '../enums/paper-type';
import { zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zPageRequest } from '../paging';
import { type FormMeta, field } from '../resource-meta';

// A score: positive, at most one decimal place of precision that matters (0.5 points are common).
const zScore = z.number().positive().max(1000);

// One question on a paper: which question, at which saved version, worth how much. `id` is absent
// for a new item and names the item when the paper is saved again (ids stay stable).
export const zPaperItemInput = z.object({
  id: zId.nullable().optional(),
  questionId: zId,
  score: zScore,
});
export const zPaperSectionInput = z.object({
  id: zId.nullable().optional(),
  title: zText(100),
  instructions: zOptionalText(2000),
  items: z.array(zPaperItemInput).max(300).default([]),
});

const paperFields = {
  name: zText(100),
  paperType: zEnum(paperTypeLabels).default(PaperType.Exam),
  subjectId: zId.nullable().optional(),
  degreeId: zId.nullable().optional(),
  categoryId: zId.nullable().optional(),
  durationMinutes: z.number().int().min(1).max(1440).nullable().optional(),
  passScore: z.number().min(0).max(10000).nullable().optional(),
  sections: z.array(zPaperSectionInput).max(50).default([]),
};

export const zExamPaperCreate = z.object({ id: z.null().optional(), ...paperFields });
export const zExamPaperUpdate = z.object({ id: zId, ...paperFields });
export type ExamPaperInput = z.input<typeof zExamPaperCreate>;

export const zPaperItem = z.object({
  id: zId,
  sectionId: zId,
  sort: z.number().int(),
  questionId: zId,
  // The question version the item was frozen at when the paper was last saved or published.
  questionVersion: z.number().int(),
  score: z.number(),
});
export const zPaperSection = z.object({
  id: zId,
  paperId: zId,
  sort: z.number().int(),
  title: z.string(),
  instructions: z.string().nullable(),
  items: z.array(zPaperItem),
});

export const zExamPaper = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  paperType: zEnum(paperTypeLabels),
  subjectId: zId.nullable(),
  degreeId: zId.nullable(),
  categoryId: zId.nullable(),
  durationMinutes: z.number().int().nullable(),
  passScore: z.number().nullable(),
  // Always the sum of the items' scores, computed on save.
  totalScore: z.number(),
  questionCount: z.number().int(),
  status: zEnum(examPaperStatusLabels),
  creatorId: zId.nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
  // Present when one paper is read (select), not in pages.
  sections: z.array(zPaperSection).optional(),
});
export type ExamPaper = z.infer<typeof zExamPaper>;

export const zExamPaperFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  paperType: zEnum(paperTypeLabels).optional(),
  status: zEnum(examPaperStatusLabels).optional(),
  subjectId: zId.optional(),
  // Only the caller's own papers.
  mine: z.boolean().optional(),
});
export const zExamPaperPageRequest = zPageRequest.extend(zExamPaperFilter.shape);

// The paper builder is a hand-built screen, so the meta carries no generic screen's permissions.
export const examPaperMeta: FormMeta = {
  name: 'examPaper',
  title: { en: 'Exam papers', zh: '试卷' },
  keyword: true,
  fields: [
    field('name', ['Name', '试卷名称'], 'text', { required: true, sortable: true }),
    field('paperType', ['Paper type', '试卷类型'], 'enum', { enum: paperTypeLabels, filter: true, width: 120 }),
    field('subjectId', ['Subject', '科目'], 'ref', { ref: { resource: 'courseCategory' }, filter: true }),
    field('degreeId', ['Degree', '学历层次'], 'ref', { ref: { resource: 'degree' } }),
    field('categoryId', ['Category', '类别'], 'ref', { ref: { resource: 'category' } }),
    field('durationMinutes', ['Duration (minutes)', '建议时长（分钟）'], 'number', { width: 120 }),
    field('passScore', ['Pass score', '及格分'], 'number', { width: 100 }),
    field('totalScore', ['Total score', '总分'], 'number', { form: false, excel: true, sortable: true, width: 100 }),
    field('status', ['Status', '状态'], 'enum', { enum: examPaperStatusLabels, form: false, filter: true, width: 110 }),
  ],
};

// A question as a paper froze it (the saved version the item points at), for the builder, the
// preview and print. Staff only: it carries the key and the analysis.
const zPaperChildQuestion = z.object({
  type: z.literal([1, 2, 3, 4, 5, 6]),
  stem: z.string(),
  options: z.array(z.object({ label: z.string(), content: z.string() })).default([]),
  answer: z.unknown(),
  analysis: z.string().default(''),
  score: z.number(),
});
export const zPaperQuestion = zPaperChildQuestion.extend({
  questionId: zId,
  // The version the paper uses, and the question's newest one (a newer one can be taken on purpose).
  version: z.number().int(),
  currentVersion: z.number().int(),
  difficulty: zEnum(difficultyLabels),
  subjectId: zId.nullable().default(null),
  tagIds: z.array(zId).default([]),
  children: z.array(zPaperChildQuestion).default([]),
});
export type PaperQuestion = z.infer<typeof zPaperQuestion>;
export const zPaperContent = z.object({
  paper: zExamPaper,
  questions: z.array(zPaperQuestion),
});
export type PaperContent = z.infer<typeof zPaperContent>;
