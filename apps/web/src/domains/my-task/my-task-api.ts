import type { MyTasks } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { type Cancel, call } from '../../shell/request';

export const MY_TASK_KEY = 'myTask';
export type TaskListView = 'todo' | 'done' | 'all';

// The list with the server's clock against this device's, taken when the answer arrives: "due in"
// runs on Date.now() + offset, so a device set to the wrong time still counts to the real due time.
export interface ClockedTasks {
  data: MyTasks;
  offset: number;
}

export async function fetchMyTasks(view: TaskListView, { signal }: Cancel): Promise<ClockedTasks> {
  const data = await call(api.task.my, { body: { view } }, { signal, retry: 2 });
  return { data, offset: data.serverNow - Date.now() };
}

// Reopens the student's marked paper for another hand-in; the exam page then opens it.
export const redoTask = (taskId: number) => call(api.task.redo, { params: { id: taskId } }, { loading: true });
