import { z } from 'zod';
import { GradeItemKind, gradeItemKindLabels, gradeWaitingLabels } from '../enums/grade-item-kind';
import { codedIssue } from '../errors';
import { zDateTime, zEnum, zId, zText } from '../fields';

// The gradebook (issue 36): per class and term, every exam and homework of each student in one
// table, grouped in weighted categories, with the weighted total and the organisation's grade band.
// It reads final scores only: an exam's once confirmed, a homework's once its last hand-in time has
// passed and every hand-in is marked. Provisional scores never reach it.

export const GRADEBOOK_MAX_CATEGORIES = 12;
export const GRADE_BANDS_MAX = 20;

export const zGradeBand = z.object({
  label: zText(16),
  // The band holds totals from this percentage up to the next band's.
  minPercent: z.number().min(0).max(100),
});
export type GradeBand = z.infer<typeof zGradeBand>;

// An organisation's scale: labels and percentages each once, and a band that starts at 0.
export const zGradeBands = z
  .array(zGradeBand)
  .min(1)
  .max(GRADE_BANDS_MAX)
  .superRefine((bands, ctx) => {
    const labels = new Set<string>();
    const mins = new Set<number>();
    bands.forEach((b, i) => {
      const label = b.label.toLowerCase();
      if (labels.has(label))
        ctx.addIssue({ code: 'custom', path: [i, 'label'], ...codedIssue('usedTwice', { value: b.label }) });
      if (mins.has(b.minPercent))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'minPercent'],
          ...codedIssue('usedTwice', { value: `${b.minPercent} %` }),
        });
      labels.add(label);
      mins.add(b.minPercent);
    });
    if (!mins.has(0)) ctx.addIssue({ code: 'custom', path: [], ...codedIssue('lowestBandZero') });
  });

// The scale an organisation starts with (until someone with gradebook:scale saves its own).
export const DEFAULT_GRADE_BANDS: readonly GradeBand[] = [
  { label: 'A', minPercent: 90 },
  { label: 'B', minPercent: 80 },
  { label: 'C', minPercent: 70 },
  { label: 'D', minPercent: 60 },
  { label: 'F', minPercent: 0 },
];
export const zGradeScaleSave = z.object({ bands: zGradeBands });
export const zGradeScale = z.object({ bands: z.array(zGradeBand), custom: z.boolean() });
export type GradeScale = z.infer<typeof zGradeScale>;

export const zGradebookKey = z.object({ teamId: zId, semesterId: zId });

// A category: its share of the total, and the kind of column it takes unless a column is assigned.
export const zGradeCategory = z.object({
  name: zText(32),
  weight: z.number().min(0).max(100),
  kind: zEnum(gradeItemKindLabels).nullable(),
});
export type GradeCategory = z.infer<typeof zGradeCategory>;

// Categories a gradebook starts with: exams 70 %, homework 30 % (names in the reader's language).
export const DEFAULT_GRADE_WEIGHTS = { [GradeItemKind.Exam]: 70, [GradeItemKind.Homework]: 30 } as const;

export const zGradebookSetup = zGradebookKey
  .extend({
    // An exam sat by nobody of the class, or homework not handed in, counts 0 rather than being left out.
    missingAsZero: z.boolean(),
    categories: z.array(zGradeCategory).min(1).max(GRADEBOOK_MAX_CATEGORIES),
    // Columns placed in a category other than their kind's (a position in `categories`), or left
    // out of the total (null). Columns not listed follow their kind.
    items: z.array(z.object({ examId: zId, category: z.number().int().min(0).nullable() })).max(1000),
  })
  .superRefine((s, ctx) => {
    const names = new Set<string>();
    const kinds = new Set<number>();
    s.categories.forEach((c, i) => {
      const name = c.name.toLowerCase();
      if (names.has(name))
        ctx.addIssue({
          code: 'custom',
          path: ['categories', i, 'name'],
          ...codedIssue('usedTwice', { value: c.name }),
        });
      names.add(name);
      if (c.kind !== null && kinds.has(c.kind))
        ctx.addIssue({ code: 'custom', path: ['categories', i, 'kind'], ...codedIssue('oneDefaultPerKind') });
      if (c.kind !== null) kinds.add(c.kind);
    });
    const sum = Math.round(s.categories.reduce((a, c) => a + c.weight, 0) * 100) / 100;
    if (sum !== 100) ctx.addIssue({ code: 'custom', path: ['categories'], ...codedIssue('weightsNot100', { sum }) });
    const exams = new Set<number>();
    s.items.forEach((item, i) => {
      if (item.category !== null && item.category >= s.categories.length)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'category'],
          ...codedIssue('tooBig', { max: s.categories.length - 1 }),
        });
      if (exams.has(item.examId))
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'examId'],
          ...codedIssue('usedTwice', { value: String(item.examId) }),
        });
      exams.add(item.examId);
    });
  });
export type GradebookSetup = z.input<typeof zGradebookSetup>;

// One column: an exam or a homework of the class in the term, in date order.
export const zGradeItem = z.object({
  examId: zId,
  kind: zEnum(gradeItemKindLabels),
  name: z.string(),
  date: zDateTime,
  maxScore: z.number(),
  // Its category (a position in `categories`), or null when it is left out of the total.
  category: z.number().int().nullable(),
  // Placed by hand rather than by its kind.
  assigned: z.boolean(),
  // Its scores are final and count; otherwise why not (and no score is shown).
  final: z.boolean(),
  waiting: zEnum(gradeWaitingLabels).nullable(),
});
export type GradeItem = z.infer<typeof zGradeItem>;

// A student's figures: a score per column (null: none that counts), a percentage per category
// (null: nothing counted in it), the weighted total over the categories with something counted.
export const zGradeFigures = z.object({
  scores: z.array(z.number().nullable()),
  categories: z.array(z.number().nullable()),
  total: z.number().nullable(),
  band: z.string().nullable(),
});
export type GradeFigures = z.infer<typeof zGradeFigures>;

const zNamed = z.object({ id: zId, name: z.string() });
const zTerm = zNamed.extend({ startDate: z.string(), endDate: z.string() });

export const zGradebook = z.object({
  team: zNamed,
  semester: zTerm,
  // False: nobody has set it up yet, and the defaults apply.
  configured: z.boolean(),
  missingAsZero: z.boolean(),
  updateTime: zDateTime.nullable(),
  categories: z.array(zGradeCategory),
  items: z.array(zGradeItem),
  students: z.array(zGradeFigures.extend({ userId: zId, userName: z.string(), realName: z.string() })),
  bands: z.array(zGradeBand),
  customBands: z.boolean(),
});
export type Gradebook = z.infer<typeof zGradebook>;

// A student's own gradebooks: of the chosen term (the current one when none is chosen), one per
// class they belong to, with the columns whose scores the exam or homework shows to students.
export const zMyGradesRequest = z.object({ semesterId: zId.optional() });
export const zMyGrades = z.object({
  semesters: z.array(zNamed.extend({ current: z.boolean() })),
  semester: zTerm.nullable(),
  books: z.array(
    z.object({
      team: zNamed,
      categories: z.array(zGradeCategory),
      items: z.array(zGradeItem),
      figures: zGradeFigures,
      // Columns whose scores are final but not shown to students (left out of the total here).
      withheld: z.number().int(),
    }),
  ),
  bands: z.array(zGradeBand),
});
export type MyGrades = z.infer<typeof zMyGrades>;
