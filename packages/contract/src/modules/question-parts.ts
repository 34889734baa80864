import { z } from 'zod';
import { codedIssue } from '../errors';

// The parts of a question's answer key, shared by the question schema (question.ts): options,
// gap-filling blanks and their rules, keywords, and the whole-answer matches of short answers.

export const OPTION_LABELS = 'ABCDEFGHIJ'.split('');

export const zHtml = (max: number) => z.string().max(max);
export const zScore = z
  .number()
  .min(0.5)
  .max(100)
  .refine((n) => Number.isInteger(n * 2), codedIssue('invalidFormat', { format: 'halfSteps' }));
export const zPoints = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Number.isInteger(n * 2), codedIssue('invalidFormat', { format: 'halfSteps' }));

export const zOption = z.object({ label: z.enum(OPTION_LABELS), content: zHtml(5000) });
export const zGapRules = z.object({
  ignoreCase: z.boolean().default(true),
  normalizeSpace: z.boolean().default(true),
  fullHalfWidth: z.boolean().default(true),
  numericTolerance: z.number().min(0).max(1_000_000).nullable().default(null),
  // 'relative': the tolerance is a share of the accepted number (0.05 is 5%).
  toleranceMode: z.enum(['absolute', 'relative']).default('absolute'),
  anyOrder: z.boolean().default(false),
  // Moodle's short-answer match: a `*` in an accepted answer stands for any run of characters (`\*`
  // is a star itself); the whole entry must match. Off: accepted answers are literal text.
  wildcards: z.boolean().default(false),
});
// A blank's own rules, over the question's (a cloze question's blanks: one case-sensitive, one
// numeric within 0.01).
export const zBlankRules = z.object({
  ignoreCase: z.boolean().optional(),
  wildcards: z.boolean().optional(),
  numericTolerance: z.number().min(0).max(1_000_000).nullable().optional(),
  toleranceMode: z.enum(['absolute', 'relative']).optional(),
});
// An accepted alternative worth part of the blank's score, e.g. 0.5 for half marks.
export const zPartialAnswer = z.object({
  answer: z.string().trim().min(1).max(200),
  fraction: z.number().gt(0).lt(1),
});
export const zBlank = z.object({
  score: zScore,
  answers: z.array(z.string().trim().min(1).max(200)).min(1, codedIssue('blankAnswer')).max(20),
  partial: z.array(zPartialAnswer).max(20).default([]),
  rules: zBlankRules.optional(),
});
// A short answer marked by matching the whole answer, Moodle's way: the first accepted answer (in
// order) the student's answer matches gives its fraction of the marks (0 marks a known wrong answer).
// With a tolerance the answer is a number and matches within it (Moodle's numerical questions).
export const zAcceptedAnswer = z.object({
  answer: z.string().trim().min(1).max(200),
  fraction: z.number().min(0).max(1),
  tolerance: z.number().min(0).max(1_000_000).nullable().default(null),
});
// A unit a numerical answer may carry: "2 km" with {unit: 'km', multiplier: 0.001} is 2000 in the
// base unit (Moodle: the answer in the base unit is the value divided by the multiplier).
export const zAnswerUnit = z.object({ unit: z.string().trim().min(1).max(20), multiplier: z.number().positive() });
export const zKeyword = z.object({ word: z.string().trim().min(1).max(100), points: zPoints });
