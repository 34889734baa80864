import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { ExamPaperStatus } from '../enums/exam-paper-status';
import { zIdParam } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import {
  zExamPaper,
  zExamPaperCreate,
  zExamPaperFilter,
  zExamPaperUpdate,
  zPaperContent,
  zRuleCount,
  zRuleCountRequest,
  zSwapItemRequest,
} from './exam-paper';
import { zPaperImportQuery } from './exam-paper-import';
import { zPaperWordQuery, zPaperWordRequest } from './exam-paper-print';

const tags = ['examPaper'];

// Exam and homework papers' calls beyond the resource verbs and actions (draw, swap, publish, withdraw).
export const examPaperEndpoints = {
  content: endpoint({
    method: 'POST',
    path: '/api/examPaper/content/:id',
    summary: 'A paper with every question at the version it froze (builder, preview, print)',
    tags,
    access: ['examPaper:page', 'taskPaper:page'],
    params: zIdParam,
    response: zPaperContent,
  }),
  ruleCount: endpoint({
    method: 'POST',
    path: '/api/examPaper/ruleCount',
    summary: 'How many bank questions match a paper rule now (the builder shows it live)',
    tags,
    access: ['examPaper:create', 'examPaper:update'],
    body: zRuleCountRequest,
    response: zRuleCount,
  }),
};

// An exam paper's state changes and draws; the server's exam paper resource runs them.
const { Unpublished, Published, Withdrawn } = ExamPaperStatus;
export const examPaperActions = resourceActions('examPaper', zExamPaper, {
  publish: {
    summary: 'Publish an exam paper (exams can then use it)',
    access: ['examPaper:publish'],
    from: [Unpublished, Withdrawn],
    to: Published,
  },
  draw: {
    summary: 'Draw the questions of a rule-based paper once, from its rules (the previous draw is replaced)',
    access: ['examPaper:update'],
    from: [Unpublished, Withdrawn],
  },
  swap: {
    summary: 'Swap one drawn question for another that matches its rule and is not on the paper',
    access: ['examPaper:update'],
    from: [Unpublished, Withdrawn],
    input: zSwapItemRequest,
  },
  withdraw: {
    summary: 'Withdraw a published exam paper (no new exam can use it)',
    access: ['examPaper:publish'],
    from: [Published],
    to: Withdrawn,
  },
});

// Papers as files: the import template, one paper in its layout, and a Word document.
export const examPaperFileEndpoints = {
  template: fileEndpoint({
    method: 'GET',
    path: '/api/examPaper/template',
    summary: 'The Excel template for importing a whole paper (details, sections, questions inline)',
    description: 'Its example is a paper of the type asked for (?paperType=6: homework; default exam).',
    tags: ['examPaper'],
    access: ['examPaper:create'],
    query: zLangQuery.extend({ paperType: zPaperImportQuery.shape.paperType }),
  }),
  exportSheet: fileEndpoint({
    method: 'GET',
    path: '/api/examPaper/export/:id',
    summary: 'Download one paper as a filled-in import template (questions by their bank IDs, or written inline)',
    tags: ['examPaper'],
    access: ['examPaper:export'],
    params: zIdParam,
    query: zLangQuery.extend({ questions: z.enum(['id', 'inline']).default('id') }),
  }),
  word: fileEndpoint({
    method: 'POST',
    path: '/api/examPaper/word/:id',
    summary: 'A paper as a Word document (.docx), with or without the answer key and analysis',
    description:
      'The same content as the print view: school, paper name, name/class/number blanks, sections, questions ' +
      'numbered through the paper with their scores, formulas as Word equations (else their LaTeX source), images the caller may read ' +
      'embedded. Readable as the paper is (a teacher: their own papers and published ones).',
    tags: ['examPaper'],
    access: ['examPaper:page', 'taskPaper:page'],
    params: zIdParam,
    body: zPaperWordRequest,
    query: zPaperWordQuery,
  }),
};

// The exam paper resource: the engine's verbs, declared from the same object the server's resource is.
export const examPaperDecl = engineDecl({
  name: 'examPaper',
  title: 'Exam paper',
  schemas: { row: zExamPaper, create: zExamPaperCreate, update: zExamPaperUpdate, filter: zExamPaperFilter },
  access: {
    read: ['examPaper:page', 'taskPaper:page'],
    create: ['examPaper:create'],
    update: ['examPaper:update'],
    remove: ['examPaper:delete'],
    export: ['examPaper:export'],
  },
  sheets: 'export',
});
export const examPaperVerbs = engineEndpoints(examPaperDecl);
