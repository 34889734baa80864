import type { TaskItem, TaskItemKind, TaskType } from '@lyceum/contract';
import type { SQL } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';

// Tasks of the other types (a course, knowledge-base articles) are published by the modules that
// own what they ask students to study. Those modules register their kind here (wiring.ts), so the
// task module publishes them without importing either (no task ↔ course import cycle); a type
// nobody registered is still refused at publish (`taskTypeComing`).

export interface StudyTask {
  id: number;
  items: TaskItem[];
  dueTime: Date;
}

export interface TaskKind {
  // The item kind every item of this type must be.
  itemKind: TaskItemKind;
  // Checks the items (each exists and the caller may set it; when publishing, it is published):
  // refusals are 501 naming `items.N`. Answers each item's title as stored. Reads through `db`
  // (a publish's transaction: on PGlite another connection would wait for it).
  check(db: DbOrTx, ctx: RequestContext, items: TaskItem[], publishing: boolean): Promise<string[]>;
  // Inside the publish's transaction, once the task's students have their status rows: `students`
  // is a query selecting their ids as `id`.
  publish?(tx: DbOrTx, ctx: RequestContext, task: StudyTask, students: SQL): Promise<void>;
  withdraw?(tx: DbOrTx, orgId: number, task: StudyTask): Promise<void>;
  // One student's state in one item, as a query over `tu` (the task_users row) and `i.item` (the
  // item's JSON, `targetId` in it), selecting `done` (boolean), `done_at` and `started_at`
  // (timestamps; null when not started). No row: not started.
  itemState: SQL;
}

const kinds = new Map<TaskType, TaskKind>();

export function registerTaskKind(type: TaskType, kind: TaskKind): void {
  kinds.set(type, kind);
}

export function taskKindOf(type: TaskType): TaskKind | undefined {
  return kinds.get(type);
}

export function taskKinds(): [TaskType, TaskKind][] {
  return [...kinds];
}
