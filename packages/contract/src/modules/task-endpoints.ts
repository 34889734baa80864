import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { TaskStatus } from '../enums/task';
import { zIdParam } from '../fields';
import { zExportStarted } from './export';
import {
  zCheckAnswerRequest,
  zCheckAnswerResult,
  zExtendTaskRequest,
  zMyTaskRequest,
  zMyTasks,
  zPublishTaskRequest,
  zReturnTaskRequest,
  zTask,
  zTaskCreate,
  zTaskFilter,
  zTaskStudentRequest,
  zTaskUpdate,
  zWithdrawTaskRequest,
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

// A task's state changes; the server's task resource runs them.
export const taskActions = resourceActions('task', zTask, {
  publish: {
    summary: 'Publish a task: its targets are resolved to students, each gets a status row',
    access: ['task:publish'],
    field: 'status',
    from: [TaskStatus.Draft, TaskStatus.Withdrawn],
    to: TaskStatus.Published,
    input: zPublishTaskRequest,
  },
  withdraw: {
    summary: 'Withdraw a task: students no longer see it or open it; work done is kept',
    access: ['task:publish'],
    field: 'status',
    from: [TaskStatus.Published],
    to: TaskStatus.Withdrawn,
    input: zWithdrawTaskRequest,
  },
  extend: {
    summary: 'Move the due time (and the late cutoff) of a published task later; open papers follow',
    access: ['task:publish'],
    field: 'status',
    from: [TaskStatus.Published],
    input: zExtendTaskRequest,
  },
});

// The task resource: the engine's verbs, declared from the same object the server's resource is.
export const taskDecl = engineDecl({
  name: 'task',
  title: 'Task',
  schemas: { row: zTask, create: zTaskCreate, update: zTaskUpdate, filter: zTaskFilter },
  access: {
    read: ['task:page'],
    create: ['task:create'],
    update: ['task:update'],
    remove: ['task:delete'],
    export: ['task:export'],
  },
  sheets: 'export',
});
export const taskVerbs = engineEndpoints(taskDecl);
