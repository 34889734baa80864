import { api, zTaskStudentRequest } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { listExport } from '../export/list-sheet';
import { myTasks, redo } from './my-task.service';
import { taskResource } from './task.resource';
import { checkAnswer } from './task.service';
import { remindTask, returnWork } from './task-return.service';
import { taskStudents, writeTaskStudentsSheet } from './task-students.service';

export function taskRoutes(app: FastifyInstance) {
  registerResource(app, taskResource);
  const ep = api.task;
  defineEndpoint(app, api.user.taskStudentList, ({ ctx, params, body }) => taskStudents(ctx, params.id, body));
  defineEndpoint(app, ep.returnWork, ({ ctx, body }) => returnWork(ctx, body));
  defineEndpoint(app, ep.remind, ({ ctx, params }) => remindTask(ctx, params.id));
  defineEndpoint(app, ep.my, ({ ctx, body }) => myTasks(ctx, body));
  defineEndpoint(app, ep.redo, ({ ctx, params }) => redo(ctx, params.id));
  defineEndpoint(app, ep.check, ({ ctx, body }) => checkAnswer(ctx, body));

  // The students sheet as a background export.
  const startStudentsExport = listExport({
    name: 'taskStudent',
    title: { en: 'Task students', zh: '任务学生' },
    access: ['task:export'],
    parse: (filter) => zTaskStudentRequest.parse(filter),
    write: writeTaskStudentsSheet,
  });
  defineEndpoint(app, ep.studentsExport, async ({ ctx, params, body, req }) => {
    await taskResource.readable(ctx, params.id);
    return { exportId: await startStudentsExport(ctx, params.id, body, requestLang(req)) };
  });
}
