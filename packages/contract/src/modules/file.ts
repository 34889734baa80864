import { z } from 'zod';
import { zErrorDetail } from '../envelope';

// What each upload purpose accepts; the server also reads the real type from the file's bytes.
// `snapshot`: exam-day camera snapshots and screenshots, uploaded by students, kept for a retention
// period (SNAPSHOT_RETENTION_DAYS) and then deleted by a job. `evidence`: a student's supporting
// document for a leave request (a doctor's note: a PDF or a photo), read by them and by who decides it.
export const FilePurpose = ['avatar', 'image', 'logo', 'document', 'resource', 'snapshot', 'evidence'] as const;
export type FilePurpose = (typeof FilePurpose)[number];

const MB = 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const DOCUMENT_TYPES = [
  'application/pdf',
  'application/zip',
  'application/x-ole-storage',
  'text/plain',
  ...IMAGE_TYPES,
];
export const MEDIA_TYPES = ['video/mp4', 'video/webm', 'audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/mp4'];

export const filePurposeRules: Record<FilePurpose, { maxBytes: number; types: string[] }> = {
  avatar: { maxBytes: 5 * MB, types: IMAGE_TYPES },
  image: { maxBytes: 5 * MB, types: IMAGE_TYPES },
  logo: { maxBytes: 2 * MB, types: IMAGE_TYPES },
  document: { maxBytes: 50 * MB, types: DOCUMENT_TYPES },
  resource: { maxBytes: 500 * MB, types: [...DOCUMENT_TYPES, ...MEDIA_TYPES] },
  snapshot: { maxBytes: 2 * MB, types: IMAGE_TYPES },
  evidence: { maxBytes: 10 * MB, types: ['application/pdf', ...IMAGE_TYPES] },
};

export const zUploadedFile = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof zUploadedFile>;

// One problem of one row: every problem of every row is listed, so one check shows them all.
export const zImportRowError = z.object({
  row: z.number().int().describe('The row of the sheet (1 is the header row; a line number for text imports)'),
  field: z.string().describe('The input field refused, a dotted path ("" when the whole row is)'),
  column: z.string().describe('The column header as the sheet shows it, in the language asked for ("" when none)'),
  message: z.string().describe('The reason, in the language asked for (?lang=zh or Accept-Language)'),
  error: zErrorDetail,
});
export type ImportRowError = z.infer<typeof zImportRowError>;

// The answer of every spreadsheet import: dryRun lists the problems; otherwise `created` rows were written.
export const zImportReport = z
  .object({
    dryRun: z.boolean(),
    total: z.number().int(),
    valid: z.number().int(),
    created: z.number().int(),
    errors: z.array(zImportRowError),
    // Rows that repeat something already there (questions with the same stem); reported, not refused.
    duplicates: z.array(z.object({ row: z.number().int(), stem: z.string() })).optional(),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof zImportReport>;
