import { endpoint } from '../endpoint';
import { zExportStarted } from './export';
import {
  zGradebook,
  zGradebookKey,
  zGradebookSetup,
  zGradeScale,
  zGradeScaleSave,
  zMyGrades,
  zMyGradesRequest,
} from './gradebook';

const tags = ['gradebook'];

// The gradebook (examScores/gradebook) and a student's grades (exam/myGrades).
export const gradebookEndpoints = {
  get: endpoint({
    method: 'POST',
    path: '/api/gradebook/get',
    summary: "A class's gradebook for a term: final scores, category percentages, weighted totals and grades",
    description:
      'Academic staff read every class; a teacher the classes they lead. Columns whose scores are not final ' +
      '(an exam not confirmed, homework still open or being marked) show no score and count for nothing.',
    tags,
    access: ['gradebook:page'],
    body: zGradebookKey,
    response: zGradebook,
  }),
  setup: endpoint({
    method: 'POST',
    path: '/api/gradebook/setup',
    summary: "Set a class's gradebook for a term: categories with weights (adding up to 100 %), columns' categories",
    tags,
    access: ['gradebook:setup'],
    mutates: true,
    idempotent: true,
    body: zGradebookSetup,
    response: zGradebook,
  }),
  export: endpoint({
    method: 'POST',
    path: '/api/gradebook/export',
    summary: "Export a class's gradebook for a term to Excel through the export list",
    tags,
    access: ['gradebook:export'],
    mutates: true,
    body: zGradebookKey,
    response: zExportStarted,
  }),
  scale: endpoint({
    method: 'GET',
    path: '/api/gradebook/scale',
    summary: "The organisation's grade scale (its own, or the default A–F)",
    tags,
    access: ['gradebook:page'],
    response: zGradeScale,
  }),
  saveScale: endpoint({
    method: 'POST',
    path: '/api/gradebook/scale',
    summary: "Replace the organisation's grade scale",
    tags,
    access: ['gradebook:scale'],
    mutates: true,
    idempotent: true,
    body: zGradeScaleSave,
    response: zGradeScale,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/gradebook/my',
    summary: "A student's own gradebooks for a term: the scores shown to students, totals and grades",
    tags,
    access: 'student',
    body: zMyGradesRequest,
    response: zMyGrades,
  }),
};
