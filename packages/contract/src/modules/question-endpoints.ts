import { z } from 'zod';
import { endpoint } from '../endpoint';
import { crudAccess, engineDecl, engineEndpoints } from '../engine-endpoints';
import { zIdParam } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import { zExportStarted } from './export';
import { zImportReport } from './file';
import {
  zBulkTagRequest,
  zQuestion,
  zQuestionCreate,
  zQuestionFilter,
  zQuestionUpdate,
  zQuestionVersion,
  zTryAnswerRequest,
} from './question';
import { zQuestionExportRequest, zQuestionImportQuery, zQuestionImportReport } from './question-interop';

const tags = ['question'];

// The question bank's calls beyond the resource verbs, declared once for the server and the web.
export const questionEndpoints = {
  copy: endpoint({
    method: 'POST',
    path: '/api/question/copy/:id',
    summary: 'Copy a question (the copy starts at version 1)',
    tags,
    access: ['question:create'],
    mutates: true,
    params: zIdParam,
    response: zQuestion,
  }),
  versions: endpoint({
    method: 'POST',
    path: '/api/question/versions/:id',
    summary: 'The saved versions of a question, oldest first',
    tags,
    access: ['question:page', 'question:edit'],
    params: zIdParam,
    response: z.array(zQuestionVersion),
  }),
  bulkTag: endpoint({
    method: 'POST',
    path: '/api/question/bulkTag',
    summary: 'Add tags or knowledge points to several questions',
    tags,
    access: ['question:update'],
    mutates: true,
    body: zBulkTagRequest,
    response: z.object({ updated: z.number().int() }),
  }),
  tryAnswer: endpoint({
    method: 'POST',
    path: '/api/question/tryAnswer',
    summary: 'Score an answer against a question as it stands in the editor (nothing is saved)',
    description: 'The editor’s "try an answer" panel: the same scoring engine exams use.',
    tags,
    access: ['question:page', 'question:edit'],
    body: zTryAnswerRequest,
    response: z.object({
      score: z.number(),
      max: z.number(),
      pending: z.boolean(),
      parts: z.array(
        z.object({ index: z.number(), score: z.number(), max: z.number(), correct: z.boolean().nullable() }),
      ),
    }),
  }),
  importAiken: endpoint({
    method: 'POST',
    path: '/api/question/importAiken',
    summary: 'Quick text import of choice questions in the Aiken format',
    description:
      'Blocks separated by a blank line: the question, options "A. ...", then "ANSWER: B" (several letters make a multiple-choice question).',
    tags,
    access: ['question:import'],
    mutates: true,
    body: z.object({
      text: z.string().min(1).max(100_000),
      score: z.number().min(0.5).max(100).default(1),
      dryRun: z.boolean().default(true),
    }),
    response: zImportReport,
  }),
};

// The question bank in and out of Excel.
export const questionFileEndpoints = {
  template: fileEndpoint({
    method: 'GET',
    path: '/api/question/template',
    summary: 'The Excel template for importing questions (one row per question; compose questions by group)',
    tags: ['question'],
    access: ['question:import'],
    query: zLangQuery,
  }),
  exportFile: fileEndpoint({
    method: 'POST',
    path: '/api/question/export',
    summary: 'Export the questions matching the filters to Excel (re-importable)',
    tags: ['question'],
    access: ['question:export'],
    body: zQuestionFilter,
    query: zLangQuery,
  }),
  // The same re-importable sheet, written in the background (the export list keeps the file).
  exportAsync: endpoint({
    method: 'POST',
    path: '/api/question/exportAsync',
    summary: 'Start an export of the questions matching the filters, run in the background',
    description: 'Answers {exportId} at once; the export list (/api/export/page) offers the file when done.',
    tags: ['question'],
    access: ['question:export'],
    mutates: true,
    body: zQuestionFilter,
    query: zLangQuery,
    response: zExportStarted,
  }),
  // The body is the file itself: Excel, Moodle XML, GIFT, Aiken or a QTI package.
  importFile: endpoint({
    method: 'POST',
    path: '/api/question/import',
    summary:
      'Import questions from a file: Excel, Moodle XML, GIFT, Aiken or a QTI 2.1/3.0 package (the file as the body)',
    description:
      'The format is told from the file (or named by ?format=). dryRun=true (default) reads and checks every question ' +
      'and answers the table of what would be made (type, stem, knowledge point), what is a duplicate (same stem as ' +
      'an existing question or an earlier one), what is refused and why, and question kinds Lyceum has no type for; ' +
      'dryRun=false writes them all in one transaction (with the knowledge points and tags missing, and the files ' +
      'embedded), only when none is refused. Unsupported kinds are listed, never written. Reasons are in the ' +
      'language asked for (?lang=zh or Accept-Language).',
    tags: ['question'],
    access: ['question:import'],
    mutates: true,
    query: zQuestionImportQuery,
    response: zQuestionImportReport,
  }),
};

// Exports in other systems' formats (the Excel sheet is exportFile above).
export const questionInteropFileEndpoints = {
  exportAs: fileEndpoint({
    method: 'POST',
    path: '/api/question/exportAs',
    summary: 'Export questions as Moodle XML, GIFT or a QTI 2.1 package',
    description:
      'The questions matching the filters, or exactly `ids`. Moodle XML keeps every type but compose questions; GIFT ' +
      'has no place for several blanks or for compose questions; QTI 2.1 keeps every type but compose. Questions a ' +
      'format cannot hold are left out and counted in the X-Lyceum-Skipped header.',
    tags: ['question'],
    access: ['question:export'],
    body: zQuestionExportRequest,
    query: zLangQuery,
  }),
};

// The question resource (its spreadsheets are the calls above): the engine's verbs, declared once.
export const questionDecl = engineDecl({
  name: 'question',
  title: 'Question',
  schemas: { row: zQuestion, create: zQuestionCreate, update: zQuestionUpdate, filter: zQuestionFilter },
  // Editors open a question from the paper builder without the bank's list.
  access: { ...crudAccess('question'), read: ['question:page', 'question:edit'] },
});
export const questionVerbs = engineEndpoints(questionDecl);
