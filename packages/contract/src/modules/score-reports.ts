import { z } from 'zod';
import { throwOutModeLabels } from '../enums/marking';
import { codedIssue } from '../errors';
import { zDateText, zDateTime, zEnum, zId, zOptionalText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import { paperStanding } from './marking';

// The scores an exam's staff read once marking is done: the score list, the analysis report and the
// statistics across exams (split from marking.ts, which keeps marking itself).

// ---- exam scores ----

export const EXAM_SCORE_SORTS = ['rank', 'score', 'userName', 'className'] as const;
export const zExamScoresRequest = zPlainPageRequest.extend({
  // First in the shape, so a bad sort is the error named even when the rest is missing too.
  sortField: z
    .string()
    .max(64)
    .default('rank')
    .superRefine((v, ctx) => {
      if (!(EXAM_SCORE_SORTS as readonly string[]).includes(v)) {
        ctx.addIssue({ code: 'custom', ...codedIssue('cannotSort', { field: v }) });
      }
    }),
  sortOrder: z.enum(['ascend', 'descend']).default('ascend'),
  examId: zId,
  teamId: zId.optional(),
  keyword: zOptionalText(50),
  passed: z.boolean().optional(),
});
export const zExamScoreRow = z.object({
  userId: zId,
  userName: z.string(),
  ...paperStanding,
  sections: z.array(z.number().nullable()),
  // 1 = best; ties share a rank (competition ranking: 1, 2, 2, 4).
  rank: z.number().int().nullable(),
  classRank: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  pending: z.number().int(),
});
export const zExamScores = zPage(zExamScoreRow).extend({
  sectionTitles: z.array(z.string()),
  passScore: z.number().nullable(),
  confirmedAt: zDateTime.nullable(),
  // Answers of handed-in papers still to mark (and papers the marking job has not reached count as
  // one each): while above 0 every score and rank of the list is provisional.
  pending: z.number().int(),
});
export type ExamScores = z.infer<typeof zExamScores>;

// ---- the score analysis report ----

export const zAnalysisRequest = z.object({ examId: zId, teamId: zId.optional() });
export const zSummary = z.object({
  count: z.number().int(),
  absent: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  stdDev: z.number().nullable(),
  max: z.number().nullable(),
  min: z.number().nullable(),
  passRate: z.number().nullable(),
  excellentRate: z.number().nullable(),
});
export type Summary = z.infer<typeof zSummary>;
export const zItemAnalysis = z.object({
  questionId: zId,
  no: z.number().int(),
  type: z.literal([1, 2, 3, 4, 5, 6]),
  stemText: z.string(),
  max: z.number(),
  answers: z.number().int(),
  mean: z.number().nullable(),
  // Mean score / max (the proportion of the maximum): 1 easy, 0 hard.
  difficulty: z.number().nullable(),
  // Upper 27 % mean minus lower 27 % mean, over max.
  discrimination: z.number().nullable(),
  // Correlation of the item's score with the total (point-biserial for right/wrong items).
  pointBiserial: z.number().nullable(),
  // Choice questions: how many picked each option, in the upper and lower groups too.
  options: z.array(
    z.object({
      label: z.string(),
      correct: z.boolean(),
      count: z.number().int(),
      upper: z.number().int(),
      lower: z.number().int(),
    }),
  ),
  thrownOut: zEnum(throwOutModeLabels).nullable(),
});
export type ItemAnalysis = z.infer<typeof zItemAnalysis>;
export const zAnalysis = z.object({
  examId: zId,
  examName: z.string(),
  paperName: z.string(),
  maxScore: z.number(),
  passScore: z.number().nullable(),
  // 85 % of the total unless the school sets otherwise.
  excellentScore: z.number(),
  confirmedAt: zDateTime.nullable(),
  // Answers still to mark, as in the scores list: while above 0 the figures are provisional.
  pending: z.number().int(),
  summary: zSummary,
  // Bins of 10 % of the total: [from, to) with the last bin closed.
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  classes: z.array(
    zSummary.extend({
      teamId: zId.nullable(),
      className: z.string(),
      // Box plot: min, lower quartile, median, upper quartile, max.
      box: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]).nullable(),
    }),
  ),
  items: z.array(zItemAnalysis),
  // Knowledge points (the questions' tags): mastery = points earned / points possible, per class.
  knowledge: z.array(
    z.object({
      tagId: zId,
      name: z.string(),
      mastery: z.number().nullable(),
      byClass: z.array(z.object({ teamId: zId.nullable(), mastery: z.number().nullable() })),
    }),
  ),
});
export type Analysis = z.infer<typeof zAnalysis>;

// ---- statistics across exams ----

export const zStatisticsRequest = z.object({
  semesterId: zId.optional(),
  subjectId: zId.optional(),
  teamId: zId.optional(),
  from: zDateText().optional(),
  to: zDateText().optional(),
});
export const zStatistics = z.object({
  exams: z.array(
    z.object({
      examId: zId,
      name: z.string(),
      date: zDateTime,
      subjectName: z.string().nullable(),
      count: z.number().int(),
      mean: z.number().nullable(),
      // Mean as a share of the total, so exams of different totals compare.
      meanRate: z.number().nullable(),
      passRate: z.number().nullable(),
    }),
  ),
  classes: z.array(
    z.object({
      teamId: zId.nullable(),
      className: z.string(),
      subjectName: z.string().nullable(),
      exams: z.number().int(),
      count: z.number().int(),
      meanRate: z.number().nullable(),
      passRate: z.number().nullable(),
    }),
  ),
  // Per class, the mean rate of each exam in date order (the trend lines).
  trend: z.array(
    z.object({
      teamId: zId.nullable(),
      className: z.string(),
      points: z.array(z.object({ examId: zId, meanRate: z.number().nullable() })),
    }),
  ),
});
export type Statistics = z.infer<typeof zStatistics>;
