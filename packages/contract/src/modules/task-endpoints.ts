import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zIdParam } from '../fields';
import { zExportStarted } from './export';
import {
  zCheckAnswerRequest,
  zCheckAnswerResult,
  zMyTaskRequest,
  zMyTasks,
  zReturnTaskRequest,
  zTaskStudentRequest,
} from './task';

const tags = ['task'];
// The student's own homework (any student role; each call reaches only the caller's rows).
const MINE = 'student' as const;

// Tasks & homework beside the `task` resource (its CRUD and publish / withdraw / extend actions
// come from the resource engine at /api/task/*). Which tasks a teacher reaches: those they made,
// or every task with task:all.
export const taskEndpoints = {
  studentsExport: endpoint({
    method: 'POST',
    path: '/api/task/students/export/:id',
    summary: "Export a task's students with their status and score to Excel through the export list",
    tags,
    access: ['task:export'],
    mutates: true,
    params: zIdParam,
    body: zTaskStudentRequest,
    response: zExportStarted,
  }),
  returnWork: endpoint({
    method: 'POST',
    path: '/api/task/return',
    summary: 'Return handed-in homework for a redo: the paper opens again with the answers, marks cleared',
    tags,
    access: ['task:mark'],
    mutates: true,
    body: zReturnTaskRequest,
    response: z.object({ changed: z.number().int() }),
  }),
  remind: endpoint({
    method: 'POST',
    path: '/api/task/remind/:id',
    summary: 'Remind the students who have not handed in a published task: a notice in their inbox',
    tags,
    access: ['task:publish'],
    mutates: true,
    params: zIdParam,
    response: z.object({ sent: z.number().int() }),
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/task/my',
    summary: "The student's homework: to do, done, marked, with due dates and scores by the task's rule",
    tags,
    access: MINE,
    body: zMyTaskRequest,
    response: zMyTasks,
  }),
  redo: endpoint({
    method: 'POST',
    path: '/api/task/redo/:id',
    summary: 'Hand in again: the marked paper opens again while hand-ins remain and the task is open',
    tags,
    access: MINE,
    mutates: true,
    params: zIdParam,
    response: z.object({ examId: z.number().int() }),
  }),
  check: endpoint({
    method: 'POST',
    path: '/api/task/check',
    summary: 'Immediate feedback: score one objective answer of an open homework paper (the answer is then final)',
    tags,
    access: MINE,
    mutates: true,
    body: zCheckAnswerRequest,
    response: zCheckAnswerResult,
  }),
};
