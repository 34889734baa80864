import { z } from 'zod';
import { zImportQuery } from '../engine-endpoints';
import { zId } from '../fields';
import { zImportReport } from './file';
import { zQuestionFilter } from './question';

// Question banks in and out (issue 35): Excel, Aiken, Moodle XML, GIFT and QTI packages through one
// import call that tells the format from the file, and Moodle XML, GIFT and QTI 2.1 exports.
export const QUESTION_FILE_FORMATS = ['xlsx', 'moodle', 'gift', 'aiken', 'qti'] as const;
export const zQuestionFileFormat = z.enum(QUESTION_FILE_FORMATS);
export type QuestionFileFormat = z.infer<typeof zQuestionFileFormat>;
export const QUESTION_EXPORT_FORMATS = ['moodle', 'gift', 'qti'] as const;
export const zQuestionExportFormat = z.enum(QUESTION_EXPORT_FORMATS);
export type QuestionExportFormat = z.infer<typeof zQuestionExportFormat>;

// The most questions one file may hold.
export const MAX_IMPORT_QUESTIONS = 5000;

export const zQuestionImportQuery = zImportQuery.extend({
  // Left out, the format is told from the file (a zip with imsmanifest.xml is QTI, with xl/ Excel;
  // XML with <quiz> Moodle; text with ANSWER: lines Aiken, with {...} answer blocks GIFT).
  format: zQuestionFileFormat.optional(),
  // Write the questions that pass and leave out those refused (listed in the report) instead of
  // writing nothing while any is refused.
  skipRefused: z.enum(['true', 'false', '1', '0']).default('false'),
  // The score of questions whose file gives none (GIFT, Aiken).
  score: z.coerce.number().min(0.5).max(100).optional(),
});

// One question of the file as the dry run shows it: what it will become, where, or why not.
export const zQuestionImportItem = z.object({
  row: z.number().int().describe('Its place in the file (1 is the first question): the row of its problems'),
  position: z.string().describe('Where it is, as people find it: "line 12", "“Capital of France”"'),
  type: z.number().int().nullable().describe('The question type it becomes; null when it has none'),
  stem: z.string().describe('The start of its stem as plain text'),
  category: z.string().describe('The knowledge point path it goes under ("Algebra / Linear"), "" for none'),
  status: z.enum(['create', 'duplicate', 'refused', 'unsupported']),
  reasons: z.array(z.string()).describe('Why refused or unsupported, in the language asked for'),
  notes: z.array(z.string()).describe('What changed on the way in (kept, but said), in the language asked for'),
});
export type QuestionImportItem = z.infer<typeof zQuestionImportItem>;

export const zQuestionImportReport = zImportReport
  .extend({
    format: zQuestionFileFormat,
    items: z.array(zQuestionImportItem),
    // Knowledge points (and tags) the import makes because no entry of that path exists yet.
    newCategories: z.array(z.string()),
    // Questions of a kind Lyceum has no type for: listed in items, never written, never silently dropped.
    unsupported: z.number().int(),
    // Questions left out because refused (with skipRefused), or of unsupported kinds.
    skipped: z.number().int(),
  })
  .meta({ id: 'QuestionImportReport' });
export type QuestionImportReport = z.infer<typeof zQuestionImportReport>;

// An export in another system's format: the questions matching the filter, or exactly `ids`.
export const zQuestionExportRequest = zQuestionFilter.extend({
  format: zQuestionExportFormat,
  ids: z.array(zId).min(1).max(MAX_IMPORT_QUESTIONS).optional(),
});
