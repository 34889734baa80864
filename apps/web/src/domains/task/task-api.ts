import type {
  PageRequest,
  Task,
  TaskInput,
  zExtendTaskRequest,
  zReturnTaskRequest,
  zTaskFilter,
  zTaskStudentRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { cleanFilter, type Paged, resourceApi, type SaveOf } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { type MarkHost, markPaths } from '../marking/marking-api';

export type TaskSave = SaveOf<TaskInput>;
export type TaskFilter = z.input<typeof zTaskFilter>;
export type TaskStudentFilter = Omit<z.input<typeof zTaskStudentRequest>, 'pageIndex' | 'pageSize'>;

// Every query of the tasks screens sits under the resource's name, so an action refreshes them all.
export const TASK_KEY = 'task';
export const TASK_LIST_PATH = '/task/index';
export const TASK_MARK_PATH = '/task/taskPaperEdit';

export const taskApi = resourceApi<Task, TaskSave, TaskSave, TaskFilter & PageRequest>(TASK_KEY);

// Calls about one task beyond publish and withdraw (which screens run with useAction): extend moves the
// due time and the late cutoff, return, remind and the students' export.
export const taskActions = {
  extend: (id: number, body: z.input<typeof zExtendTaskRequest>) =>
    call(api.task.extend, { params: { id }, body }, { loading: true }),
  returnWork: (body: z.input<typeof zReturnTaskRequest>) => call(api.task.returnWork, { body }, { loading: true }),
  remind: (id: number) => call(api.task.remind, { params: { id } }, { loading: true }),
  exportStudents: (id: number, body: TaskStudentFilter) =>
    call(api.task.studentsExport, { params: { id }, body: cleanFilter(body) as TaskStudentFilter }, { loading: true }),
};

export const taskStudents = (id: number, req: Paged<TaskStudentFilter>, { signal }: Cancel = {}) =>
  call(api.user.taskStudentList, { params: { id }, body: cleanFilter(req) as typeof req }, { signal, retry: 2 });

export function useTask(id: number | null) {
  return useQuery({
    queryKey: [TASK_KEY, 'select', id],
    queryFn: () => taskApi.select(id as number),
    enabled: id !== null,
  });
}

// The task's marking page (/task/taskPaperEdit) hosts the marking screens on the task's hidden exam:
// ?taskId=&examId= the overview, &questionId= by question, &attemptId= by student, &read=1 one paper.
export function taskMarkPath(taskId: number, examId: number, extra: Record<string, number> = {}): string {
  const query = new URLSearchParams({ taskId: String(taskId), examId: String(examId) });
  for (const [k, v] of Object.entries(extra)) query.set(k, String(v));
  return `${TASK_MARK_PATH}?${query}`;
}

export function taskMarkRoutes(taskId: number): Omit<MarkHost, 'homeLabel' | 'backLabel'> {
  return {
    home: TASK_LIST_PATH,
    overview: (examId) => taskMarkPath(taskId, examId),
    byQuestion: (examId, questionId) => taskMarkPath(taskId, examId, { questionId }),
    byStudent: (examId, attemptId) => taskMarkPath(taskId, examId, { attemptId }),
    read: (examId, attemptId) => taskMarkPath(taskId, examId, { attemptId, read: 1 }),
    // Printing is the marking area's own page; it comes back here.
    print: (examId, attemptIds) =>
      `${markPaths.print(examId, attemptIds)}&back=${encodeURIComponent(taskMarkPath(taskId, examId))}`,
  };
}
