import { api, zTaskStudentRequest } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { type Exportable, registerExportable } from '../../platform/exportables';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { startExport } from '../export/export.service';
import { taskResource } from './task.resource';
import {
  checkAnswer,
  myTasks,
  redo,
  remindTask,
  returnWork,
  taskStudents,
  writeTaskStudentsSheet,
} from './task.service';

export function taskRoutes(app: FastifyInstance) {
  registerResource(app, taskResource);
  const ep = api.task;
  defineEndpoint(app, api.user.taskStudentList, ({ ctx, params, body }) => taskStudents(ctx, params.id, body));
  defineEndpoint(app, ep.returnWork, ({ ctx, body }) => returnWork(ctx, body));
  defineEndpoint(app, ep.remind, ({ ctx, params }) => remindTask(ctx, params.id));
  defineEndpoint(app, ep.my, ({ ctx, body }) => myTasks(ctx, body));
  defineEndpoint(app, ep.redo, ({ ctx, params }) => redo(ctx, params.id));
  defineEndpoint(app, ep.check, ({ ctx, body }) => checkAnswer(ctx, body));

  // The students sheet as a background export; the task id travels in the filter.
  const exportable: Exportable = {
    name: 'taskStudent',
    title: { en: 'Task students', zh: '任务学生' },
    access: ['task:export'],
    write: async (ctx, filter, lang, out, onBatch) => {
      const { taskId, ...rest } = filter as { taskId: number } & Record<string, unknown>;
      const { sheet, count } = await writeTaskStudentsSheet(ctx, Number(taskId), zTaskStudentRequest.parse(rest), lang);
      await onBatch(count, count);
      await new Promise<void>((resolve, reject) =>
        out.end(sheet, (err?: Error | null) => (err ? reject(err) : resolve())),
      );
      return count;
    },
  };
  registerExportable(exportable);
  defineEndpoint(app, ep.studentsExport, async ({ ctx, params, body, req }) => {
    await taskResource.readable(ctx, params.id);
    return {
      exportId: await startExport(ctx, exportable, { ...body, taskId: params.id }, requestLang(req)),
    };
  });
}
