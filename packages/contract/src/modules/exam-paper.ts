import { z } from 'zod';
import { difficultyLabels } from '../enums/difficulty';
import { examPaperStatusLabels } from '../enums/exam-paper-status';
import { PaperBuildMode, paperBuildModeLabels } from '../enums/paper-build-mode';
import { PaperType, paperTypeLabels } from '../enums/paper-type';
import { QuestionNumberMode, questionNumberModeLabels } from '../enums/question-number-mode';
import { QuestionType, questionTypeLabels } from '../enums/question-type';
import { codedIssue } from '../errors';
import { zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zPageRequest } from '../paging';
import { type FormMeta, field } from '../resource-meta';

// A score: positive, at most one decimal place of precision that matters (0.5 points are common).
const zScore = z.number().positive().max(1000);
// A share between 0 and 1 (a measured difficulty).
const zShare = z.number().min(0).max(1);

// One question on a paper: which question, at which saved version, worth how much. `id` is absent
// for a new item and names the item when the paper is saved again (ids stay stable).
export const zPaperItemInput = z.object({
  id: zId.nullable().optional(),
  questionId: zId,
  score: zScore,
});

// The question types "all objective questions" takes.
export const objectiveQuestionTypes: readonly number[] = [
  QuestionType.SingleChoice,
  QuestionType.MultipleChoice,
  QuestionType.TrueFalse,
];

// Which bank questions a rule matches: all its conditions hold (knowledge points and tags: any of
// those listed; a knowledge point with its subtree when `includeSubtree`).
const ruleCriteria = {
  questionType: zEnum(questionTypeLabels),
  // 1: every matching objective question (the count is then the bank's); 2: `count` of them.
  numberMode: zEnum(questionNumberModeLabels).default(QuestionNumberMode.EnterNumbers),
  difficultyMin: zEnum(difficultyLabels).nullable().optional(),
  difficultyMax: zEnum(difficultyLabels).nullable().optional(),
  // Measured difficulty (the share of the marks students scored, 0..1, higher is easier) as the
  // confirmed exams left it. With either bound set, a question never answered does not match: it
  // has no figure to compare.
  measuredMin: zShare.nullable().optional(),
  measuredMax: zShare.nullable().optional(),
  subjectId: zId.nullable().optional(),
  knowledgePointIds: z.array(zId).max(50).default([]),
  includeSubtree: z.boolean().default(true),
  tagIds: z.array(zId).max(50).default([]),
  // Leave out questions on the organisation's N most recent other papers (0: none).
  excludeLastPapers: z.number().int().min(0).max(100).default(0),
};
type Criteria = z.output<z.ZodObject<typeof ruleCriteria>>;
function checkCriteria(r: Criteria, ctx: z.core.$RefinementCtx) {
  if (r.difficultyMin && r.difficultyMax && r.difficultyMin > r.difficultyMax) {
    ctx.addIssue({ code: 'custom', path: ['difficultyMax'], ...codedIssue('difficultyRange') });
  }
  if (r.measuredMin != null && r.measuredMax != null && r.measuredMin > r.measuredMax) {
    ctx.addIssue({ code: 'custom', path: ['measuredMax'], ...codedIssue('measuredRange') });
  }
  if (r.numberMode === QuestionNumberMode.AllObjective && !objectiveQuestionTypes.includes(r.questionType)) {
    ctx.addIssue({ code: 'custom', path: ['questionType'], ...codedIssue('notObjectiveType') });
  }
}
export const zPaperRuleCriteria = z.object(ruleCriteria).superRefine(checkCriteria);
export type PaperRuleCriteria = z.output<typeof zPaperRuleCriteria>;

// One rule of a section. In mode 2 the count is entered; in mode 1 the server writes the number of
// matching questions on every save and publish.
export const zPaperRuleInput = z
  .object({
    id: zId.nullable().optional(),
    ...ruleCriteria,
    count: z.number().int().min(1).max(300).nullable().optional(),
    score: zScore,
  })
  .superRefine((r, ctx) => {
    checkCriteria(r, ctx);
    if (r.numberMode === QuestionNumberMode.EnterNumbers && !r.count) {
      ctx.addIssue({ code: 'custom', path: ['count'], ...codedIssue('required') });
    }
  });
export type PaperRuleInput = z.input<typeof zPaperRuleInput>;

export const zPaperSectionInput = z.object({
  id: zId.nullable().optional(),
  title: zText(100),
  instructions: zOptionalText(2000),
  items: z.array(zPaperItemInput).max(300).default([]),
  rules: z.array(zPaperRuleInput).max(20).default([]),
});

const paperFields = {
  name: zText(100),
  paperType: zEnum(paperTypeLabels).default(PaperType.Exam),
  subjectId: zId.nullable().optional(),
  degreeId: zId.nullable().optional(),
  categoryId: zId.nullable().optional(),
  durationMinutes: z.number().int().min(1).max(1440).nullable().optional(),
  passScore: z.number().min(0).max(10000).nullable().optional(),
  buildMode: zEnum(paperBuildModeLabels).default(PaperBuildMode.Manual),
  // Per student: the order of the questions within each section, and of a choice question's options.
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
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
  // The rule that drew it (draw once); null for a question added by hand.
  ruleId: zId.nullable(),
});
export const zPaperRule = z.object({
  id: zId,
  sectionId: zId,
  sort: z.number().int(),
  questionType: zEnum(questionTypeLabels),
  numberMode: zEnum(questionNumberModeLabels),
  count: z.number().int(),
  score: z.number(),
  difficultyMin: zEnum(difficultyLabels).nullable(),
  difficultyMax: zEnum(difficultyLabels).nullable(),
  measuredMin: z.number().nullable(),
  measuredMax: z.number().nullable(),
  subjectId: zId.nullable(),
  knowledgePointIds: z.array(zId),
  includeSubtree: z.boolean(),
  tagIds: z.array(zId),
  excludeLastPapers: z.number().int(),
});
export type PaperRule = z.infer<typeof zPaperRule>;
export const zPaperSection = z.object({
  id: zId,
  paperId: zId,
  sort: z.number().int(),
  title: z.string(),
  instructions: z.string().nullable(),
  items: z.array(zPaperItem),
  rules: z.array(zPaperRule),
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
  // Weighted by points, 1 very easy … 5 very hard; null without questions.
  expectedDifficulty: z.number().nullable(),
  // From marked exams: the mean share of the marks (0-1) and the discrimination index (-1..1); null
  // until an exam using the paper has been marked.
  measuredDifficulty: z.number().nullable(),
  discrimination: z.number().nullable(),
  status: zEnum(examPaperStatusLabels),
  buildMode: zEnum(paperBuildModeLabels),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
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
  buildMode: zEnum(paperBuildModeLabels).optional(),
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
    field('buildMode', ['Build mode', '组卷方式'], 'enum', { enum: paperBuildModeLabels, filter: true, width: 150 }),
    field('expectedDifficulty', ['Expected difficulty', '预期难度'], 'number', {
      form: false,
      excel: true,
      width: 110,
    }),
    field('measuredDifficulty', ['Measured difficulty', '实测难度'], 'number', {
      form: false,
      excel: true,
      width: 110,
    }),
    field('discrimination', ['Discrimination', '区分度'], 'number', { form: false, excel: true, width: 100 }),
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

// The live count of a rule in the builder: how many bank questions match it now (for a paper being
// edited, `paperId` leaves that paper out of "the last N papers").
export const zRuleCountRequest = z.object({ ...ruleCriteria, paperId: zId.optional() }).superRefine(checkCriteria);
export const zRuleCount = z.object({ count: z.number().int() });

// Swap one drawn question for another that matches the same rule and is not on the paper yet.
export const zSwapItemRequest = z.object({ itemId: zId });

// One student's paper, drawn from a per-student paper: the same sections, counts and scores for
// every student. `optionOrder[i]` is the original label of the option shown at position i (null
// when the options keep their order); `childOptionOrders` does the same per child of a compose question.
export const zStudentPaperItem = z.object({
  itemId: zId.nullable(),
  ruleId: zId.nullable(),
  questionId: zId,
  questionVersion: z.number().int(),
  score: z.number(),
  optionOrder: z.array(z.string()).nullable(),
  childOptionOrders: z.array(z.array(z.string()).nullable()).nullable(),
});
export const zStudentPaper = z.object({
  paperId: zId,
  examId: zId,
  studentId: zId,
  totalScore: z.number(),
  sections: z.array(
    z.object({
      sectionId: zId,
      title: z.string(),
      instructions: z.string().nullable(),
      score: z.number(),
      items: z.array(zStudentPaperItem),
    }),
  ),
});
export type StudentPaper = z.infer<typeof zStudentPaper>;
export type StudentPaperItem = z.infer<typeof zStudentPaperItem>;
