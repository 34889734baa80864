import {
  ArticleStatus,
  type Course,
  DocumentAudience,
  EnrolmentSource,
  type KnowledgeArticle,
  type MyTasks,
  ResultCode,
  type Task,
  TaskItemKind,
  type TaskStudentPage,
  TaskType,
  TaskUserStatus,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments } from '../src/modules/course/course.table';
import { taskUsers } from '../src/modules/task/task.table';
import { syncOverdue } from '../src/modules/task/task-status';
import { setClock } from '../src/platform/clock';
import { chapter, createCourse, lesson, publish } from './course-fixture';
import { examPeople, makeClasses } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Tasks of types 2 (a course) and 3 (knowledge-base articles): publishing resolves the class to its
// students and enrols them (required, due with the task); each student's status follows what they
// studied, reaching 2 when every item is done, 3 when the due time passes first; the items must be
// the teacher's own and published, of the task's kind.

let t: TestApp;
let academic: string;
let teacher: string;
let other: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let classId: number;
const CLASS = ['s2026001', 's2026002'];
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, tokens, ids } = await examPeople(t, [...CLASS, 'wang.fang']));
  other = tokens['wang.fang'];
  [classId] = await makeClasses(t, academic, 2098, [
    { name: 'Study tasks', members: CLASS.map((s) => ids[s]), classTeacherId: ids.teacher },
  ]);
});
afterEach(() => setClock(null));
afterAll(() => t.close());

// A published course of one article lesson (done when opened) and one marked done by the student.
async function course(token = teacher, published = true): Promise<Course> {
  const c = await createCourse(t, token, {
    title: 'Lab course',
    chapters: [chapter('Only', [lesson.article('Read me'), lesson.article('Tick me', { completionRule: 4 })])],
  });
  return published ? publish(t, token, c.id) : c;
}

async function article(body: Record<string, unknown> = {}): Promise<KnowledgeArticle> {
  return ok(
    await t.call<KnowledgeArticle>('POST', '/api/knowledge/create', {
      token: teacher,
      body: { title: 'Rules', body: '<p>Rules</p>', status: ArticleStatus.Published, ...body },
    }),
  );
}

const taskBody = (taskType: TaskType, items: { kind: number; targetId: number }[], over: object = {}) => ({
  name: `Study ${taskType}`,
  taskType,
  rangeType: 2,
  teamIds: [classId],
  items: items.map((i) => ({ ...i, title: 'from the client' })),
  startTime: iso(Date.now() - HOUR),
  dueTime: iso(Date.now() + 48 * HOUR),
  ...over,
});
const create = (body: object, token = teacher) => t.call<Task>('POST', '/api/task/create', { token, body });
const publishTask = (id: number, token = teacher) =>
  t.call<Task>('POST', `/api/task/publish/${id}`, { token, body: {} });
const statuses = async (taskId: number) =>
  Object.fromEntries(
    ok(
      await t.call<TaskStudentPage>('POST', `/api/user/taskStudentList/${taskId}`, { token: teacher, body: {} }),
    ).list.map((s) => [s.userId, s.status]),
  );
const my = async (who: string) =>
  ok(await t.call<MyTasks>('POST', '/api/task/my', { token: tokens[who], body: { view: 'all' } })).tasks;
const learnCourse = async (who: string, c: Course) => {
  const [open, tick] = c.chapters![0].lessons;
  ok(await t.call('POST', '/api/course/lesson/open', { token: tokens[who], body: { lessonId: open.id } }));
  return tick.id;
};

describe('course tasks (type 2)', () => {
  it('enrols the class and passes each student once every course is completed', async () => {
    const [c1, c2] = [await course(), await course()];
    const task = ok(
      await create(
        taskBody(TaskType.Course, [
          { kind: TaskItemKind.Course, targetId: c1.id },
          { kind: TaskItemKind.Course, targetId: c2.id },
        ]),
      ),
    );
    // The titles are the courses' own.
    expect(task.items.map((i) => i.title)).toEqual(['Lab course', 'Lab course']);
    const published = ok(await publishTask(task.id));
    expect(published.examId).toBeNull();
    expect(published.counts.students).toBe(2);
    const enrolled = await t.database.db
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.courseId, c1.id), eq(courseEnrolments.userId, ids.s2026001)));
    expect(enrolled[0]).toMatchObject({ source: EnrolmentSource.Task, sourceId: task.id, required: true });
    expect(enrolled[0].dueTime?.toISOString()).toBe(task.dueTime);
    const [a, b] = CLASS.map((s) => ids[s]);
    expect(await statuses(task.id)).toEqual({ [a]: TaskUserStatus.NotStarted, [b]: TaskUserStatus.NotStarted });

    // Half of the first course: in progress; all of it: still in progress (one course left).
    const tick1 = await learnCourse('s2026001', c1);
    expect((await statuses(task.id))[a]).toBe(TaskUserStatus.InProgress);
    ok(
      await t.call('POST', '/api/course/lesson/done', {
        token: tokens.s2026001,
        body: { lessonId: tick1, done: true },
      }),
    );
    const mid = (await my('s2026001')).find((x) => x.id === task.id)!;
    expect(mid).toMatchObject({ status: TaskUserStatus.InProgress, itemsDone: [0], taskType: TaskType.Course });
    expect(mid.items.map((i) => i.targetId)).toEqual([c1.id, c2.id]);
    const tick2 = await learnCourse('s2026001', c2);
    ok(
      await t.call('POST', '/api/course/lesson/done', {
        token: tokens.s2026001,
        body: { lessonId: tick2, done: true },
      }),
    );
    expect(await statuses(task.id)).toEqual({ [a]: TaskUserStatus.Passed, [b]: TaskUserStatus.NotStarted });
    const done = (await my('s2026001')).find((x) => x.id === task.id)!;
    expect(done).toMatchObject({ status: TaskUserStatus.Passed, itemsDone: [0, 1] });
    expect(done.handedInAt).not.toBeNull();

    // The other student never finishes: the sweep fails them once the due time has passed.
    await learnCourse('s2026002', c1);
    expect(await syncOverdue(t.database.db)).toBe(0);
    setClock(Date.parse(task.dueTime) + HOUR);
    expect(await syncOverdue(t.database.db)).toBe(1);
    expect(await statuses(task.id)).toEqual({ [a]: TaskUserStatus.Passed, [b]: TaskUserStatus.Failed });
  });

  it('refuses an unpublished course at publish, another teacher’s course and the wrong kind at save', async () => {
    const draft = await course(teacher, false);
    const task = ok(await create(taskBody(TaskType.Course, [{ kind: TaskItemKind.Course, targetId: draft.id }])));
    const res = await publishTask(task.id);
    expect(res.code).toBe(ResultCode.InvalidParams);
    refused(res, 'courseNotPublished', 'items.0');
    const rows = await t.database.db.select().from(taskUsers).where(eq(taskUsers.taskId, task.id));
    expect(rows).toEqual([]);
    const enrolments = await t.database.db
      .select()
      .from(courseEnrolments)
      .where(eq(courseEnrolments.courseId, draft.id));
    expect(enrolments).toEqual([]);

    const theirs = await course(other);
    const foreign = await create(taskBody(TaskType.Course, [{ kind: TaskItemKind.Course, targetId: theirs.id }]));
    refused(foreign, 'noSuchReference', 'items.0');
    const mine = await course();
    const twice = await create(
      taskBody(TaskType.Course, [
        { kind: TaskItemKind.Course, targetId: mine.id },
        { kind: TaskItemKind.Course, targetId: mine.id },
      ]),
    );
    refused(twice, 'listedTwice', 'items.1');
    const wrongKind = await create(taskBody(TaskType.Course, [{ kind: TaskItemKind.Article, targetId: mine.id }]));
    refused(wrongKind, 'notACourse', 'items.0');
    // Academic staff set any course.
    ok(await create(taskBody(TaskType.Course, [{ kind: TaskItemKind.Course, targetId: theirs.id }]), academic));
  });

  it('withdrawing takes back the enrolments nobody began', async () => {
    const c = await course();
    const task = ok(await create(taskBody(TaskType.Course, [{ kind: TaskItemKind.Course, targetId: c.id }])));
    ok(await publishTask(task.id));
    await learnCourse('s2026001', c);
    ok(await t.call('POST', `/api/task/withdraw/${task.id}`, { token: teacher, body: {} }));
    const left = await t.database.db.select().from(courseEnrolments).where(eq(courseEnrolments.courseId, c.id));
    expect(left.map((e) => e.userId)).toEqual([ids.s2026001]);
    expect((await my('s2026001')).map((x) => x.id)).not.toContain(task.id);
  });
});

describe('knowledge-base tasks (type 3)', () => {
  it('passes each student once they have read every article, and refuses drafts and staff articles', async () => {
    const [one, two] = [await article({ title: 'One' }), await article({ title: 'Two' })];
    const task = ok(
      await create(
        taskBody(TaskType.KnowledgeBase, [
          { kind: TaskItemKind.Article, targetId: one.id },
          { kind: TaskItemKind.Article, targetId: two.id },
        ]),
      ),
    );
    expect(task.items.map((i) => i.title)).toEqual(['One', 'Two']);
    ok(await publishTask(task.id));
    const [a, b] = CLASS.map((s) => ids[s]);
    const read = (who: string, id: number) => t.call('POST', `/api/knowledge/read/${id}`, { token: tokens[who] });
    ok(await read('s2026001', one.id));
    expect(await statuses(task.id)).toEqual({ [a]: TaskUserStatus.InProgress, [b]: TaskUserStatus.NotStarted });
    // Reading again changes nothing; the second article completes the task.
    await Promise.all([read('s2026001', one.id), read('s2026001', one.id)]);
    ok(await read('s2026001', two.id));
    expect(await statuses(task.id)).toEqual({ [a]: TaskUserStatus.Passed, [b]: TaskUserStatus.NotStarted });
    expect((await my('s2026001')).find((x) => x.id === task.id)).toMatchObject({ itemsDone: [0, 1] });

    const draft = await article({ status: ArticleStatus.Draft });
    const staff = await article({ audience: DocumentAudience.Staff });
    for (const [target, key] of [
      [draft, 'articleNotPublished'],
      [staff, 'articleStaffOnly'],
    ] as const) {
      const made = ok(
        await create(taskBody(TaskType.KnowledgeBase, [{ kind: TaskItemKind.Article, targetId: target.id }])),
      );
      refused(await publishTask(made.id), key, 'items.0');
    }
    refused(
      await create(taskBody(TaskType.KnowledgeBase, [{ kind: TaskItemKind.Course, targetId: one.id }])),
      'notAnArticle',
      'items.0',
    );
    // An article a task names is in use.
    const del = await t.call('POST', `/api/knowledge/delete/${one.id}`, { token: teacher });
    refused(del, 'usedBy');
  });
});
