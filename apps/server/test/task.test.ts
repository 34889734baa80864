import {
  type Attempt,
  type CheckAnswerResult,
  type MyResult,
  type MyTasks,
  PaperStatus,
  type Task,
  type TaskStudentPage,
  TaskUserStatus,
} from '@lyceum/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectDue } from '../src/modules/exam/attempt.service';
import { syncOverdue } from '../src/modules/task/task-status';
import { setClock } from '../src/platform/clock';
import { choice, createQuestions, examPeople, makeClasses, publishedPaper } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// Tasks and homework (decision 39): range resolution for each range type, per-user status moving
// with the paper (opened, handed in, marked, late, never opened by the cutoff) on a settable clock,
// withdraw keeping work, the students list's paging and filters, redo and return, immediate
// feedback, and students never reaching each other's work.

let t: TestApp;
let academic: string;
let teacher: string;
let northTeacher: string;
let paperId: number;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let qids: number[];
let teamIds: number[];
const T0 = Date.parse('2033-04-04T08:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const GRADE = 2099;
const CLASS_A = ['s2026001', 's2026002', 's2026003'];
const CLASS_B = ['s2026004', 's2026005'];
const ALONE = 's2026006';

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, northTeacher, tokens, ids } = await examPeople(t, [...CLASS_A, ...CLASS_B, ALONE]));
  teamIds = await makeClasses(t, academic, GRADE, [
    { name: 'Homework A', members: CLASS_A.map((s) => ids[s]), classTeacherId: ids.teacher },
    { name: 'Homework B', members: CLASS_B.map((s) => ids[s]), classTeacherId: ids.teacher },
  ]);
  qids = await createQuestions(t, academic, [
    choice('3 × 3?', ['6', '9'], 'B', 4),
    { type: 5, stem: '<p>Explain multiplication.</p>', answer: { reference: '<p>Repeated addition.</p>' }, score: 6 },
  ]);
  paperId = await publishedPaper(t, academic, {
    name: 'Homework paper',
    paperType: 6,
    passScore: 6,
    sections: [{ title: 'All', items: qids.map((questionId, i) => ({ questionId, score: [4, 6][i] })) }],
  });
});
afterEach(() => setClock(null));
afterAll(() => t.close());

let seq = 0;
async function makeTask(over: Record<string, unknown> = {}, base = T0, token = teacher): Promise<Task> {
  setClock(base - HOUR);
  const task = ok(
    await t.call<Task>('POST', '/api/task/create', {
      token,
      body: {
        name: `Homework ${++seq}`,
        taskType: 1,
        rangeType: 2,
        teamIds: [teamIds[0]],
        paperId,
        startTime: iso(base),
        dueTime: iso(base + 48 * HOUR),
        ...over,
      },
    }),
  );
  ok(await t.call('POST', `/api/task/publish/${task.id}`, { token, body: {} }));
  return (await getTask(task.id, token))!;
}

async function getTask(id: number, token = teacher): Promise<Task | undefined> {
  const page = ok(await t.call<{ list: Task[] }>('POST', '/api/task/page', { token, body: { id } }));
  return page.list[0];
}

const students = (taskId: number, body: Record<string, unknown> = {}, token = teacher) =>
  t.call<TaskStudentPage>('POST', `/api/user/taskStudentList/${taskId}`, { token, body });
const my = (who: string, view = 'all') =>
  t.call<MyTasks>('POST', '/api/task/my', { token: tokens[who], body: { view } });
const start = (who: string, examId: number) =>
  t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } });
const save = (who: string, attemptId: number, items: { questionId: number; answer: unknown; revision: number }[]) =>
  t.call('POST', '/api/exam/attempt/save', { token: tokens[who], body: { attemptId, items } });
const submit = (who: string, attemptId: number) =>
  t.call('POST', '/api/exam/attempt/submit', { token: tokens[who], body: { attemptId, items: [] } });
// Immediate feedback on question `q` of the paper, asked by `who`.
const check = (who: string, attemptId: number, q: number) =>
  t.call<CheckAnswerResult>('POST', '/api/task/check', {
    token: tokens[who],
    body: { attemptId, questionId: qids[q] },
  });
const statusOf = async (taskId: number, who: string) =>
  ok(await students(taskId, { pageSize: 200 })).list.find((s) => s.userId === ids[who])!;

describe('tasks and homework', () => {
  it('resolves each range type to its students and lists them paged and filtered', async () => {
    const byClass = await makeTask();
    expect(byClass.examId).toBeTruthy();
    expect(byClass.counts.students).toBe(3);
    // A grade, and a student in no class, are the office's to reach (task:all), not a teacher's.
    const byGrade = await makeTask({ rangeType: 1, gradeYears: [GRADE], teamIds: [] }, T0, academic);
    expect(byGrade.counts.students).toBe(5);
    const alone = await makeTask({ rangeType: 3, studentIds: [ids[ALONE]], teamIds: [] }, T0, academic);
    expect(alone.counts.students).toBe(1);
    // Targets of other range types are dropped when saved.
    const mixed = await makeTask({ rangeType: 3, studentIds: [ids[ALONE]], teamIds: [teamIds[1]] }, T0, academic);
    expect(mixed.teamIds).toEqual([]);
    expect(mixed.counts.students).toBe(1);

    const page1 = ok(await students(byGrade.id, { pageSize: 2 }, academic));
    expect(page1.total).toBe(5);
    expect(page1.list).toHaveLength(2);
    expect(page1.pages).toBe(3);
    const page3 = ok(await students(byGrade.id, { pageSize: 2, pageIndex: 3 }, academic));
    expect(page3.list).toHaveLength(1);
    const b = ok(await students(byGrade.id, { teamId: teamIds[1] }, academic));
    expect(b.list.map((s) => s.userName).sort()).toEqual([...CLASS_B].sort());
    const kw = ok(await students(byGrade.id, { keyword: 's2026004' }, academic));
    expect(kw.list.map((s) => s.userName)).toEqual(['s2026004']);
    const none = ok(await students(byGrade.id, { status: TaskUserStatus.Passed }, academic));
    expect(none.total).toBe(0);
    // Homework is no exam: the exam screens and the student's exam list leave it out.
    const exams = ok(
      await t.call<{ total: number; list: { id: number }[] }>('POST', '/api/exam/page', {
        token: academic,
        body: { pageSize: 200 },
      }),
    );
    expect(exams.list.some((e) => e.id === byClass.examId)).toBe(false);
    setClock(T0 + HOUR);
    const mine = ok(await t.call<{ exams: { id: number }[] }>('POST', '/api/exam/my', { token: tokens.s2026001 }));
    expect(mine.exams.some((e) => e.id === byClass.examId)).toBe(false);
  });

  it('moves each student through the statuses: opened, handed in, marked, late, never opened', async () => {
    const task = await makeTask({ lateAccepted: true, lateUntil: iso(T0 + 72 * HOUR), latePenalty: 50 });
    const examId = task.examId!;
    // Not open yet.
    setClock(T0 - 10 * 60_000);
    refused(await start('s2026001', examId), 'examNotOpenYet');
    expect((await statusOf(task.id, 's2026001')).status).toBe(TaskUserStatus.NotStarted);

    setClock(T0 + HOUR);
    const a1 = ok(await start('s2026001', examId));
    expect(a1.homework?.taskId).toBe(task.id);
    expect(a1.deadline).toBe(Date.parse(task.dueTime) + 24 * HOUR);
    expect((await statusOf(task.id, 's2026001')).status).toBe(TaskUserStatus.InProgress);
    ok(await save('s2026001', a1.id, [{ questionId: qids[0]!, answer: 'B', revision: 1 }]));
    // Come back the next day: the same paper with the answer.
    setClock(T0 + 26 * HOUR);
    const again = ok(await start('s2026001', examId));
    expect(again.id).toBe(a1.id);
    expect(again.answers.map((a) => a.answer)).toEqual(['B']);
    ok(await save('s2026001', a1.id, [{ questionId: qids[1]!, answer: 'Adding again and again.', revision: 1 }]));
    ok(await submit('s2026001', a1.id));
    await t.app.jobs.runUntilIdle();
    let s1 = await statusOf(task.id, 's2026001');
    // The written answer waits for the teacher.
    expect(s1.status).toBe(TaskUserStatus.InProgress);
    expect(s1.pending).toBe(1);
    expect(ok(await students(task.id, { toMark: true })).list.map((s) => s.userName)).toEqual(['s2026001']);
    ok(
      await t.call('POST', '/api/answer/mark', {
        token: teacher,
        body: { examId, attemptId: a1.id, questionId: qids[1], score: 3, comment: 'Give an example.' },
      }),
    );
    s1 = await statusOf(task.id, 's2026001');
    expect(s1).toMatchObject({ status: TaskUserStatus.Passed, score: 7, rawScore: 7, late: false, pending: 0 });
    const result = ok(
      await t.call<MyResult>('POST', '/api/examScore/my', { token: tokens.s2026001, body: { examId } }),
    );
    expect(result.visible).toBe(true);
    expect(result.score).toBe(7);

    // Late: handed in after the due time, inside the late window; half the score.
    setClock(Date.parse(task.dueTime) + HOUR);
    const a2 = ok(await start('s2026002', examId));
    ok(await save('s2026002', a2.id, [{ questionId: qids[0]!, answer: 'B', revision: 1 }]));
    ok(await submit('s2026002', a2.id));
    await t.app.jobs.runUntilIdle();
    ok(
      await t.call('POST', '/api/answer/mark', {
        token: teacher,
        body: { examId, attemptId: a2.id, questionId: qids[1], score: 0 },
      }),
    );
    const s2 = await statusOf(task.id, 's2026002');
    expect(s2).toMatchObject({ status: TaskUserStatus.Failed, late: true, rawScore: 4, score: 2 });

    // Never opened: failed once the late cutoff passes (the sweep), not before.
    setClock(T0 + 71 * HOUR);
    await syncOverdue(t.database.db);
    expect((await statusOf(task.id, 's2026003')).status).toBe(TaskUserStatus.NotStarted);
    setClock(T0 + 73 * HOUR);
    await syncOverdue(t.database.db);
    expect((await statusOf(task.id, 's2026003')).status).toBe(TaskUserStatus.Failed);
    refused(await start('s2026003', examId), 'examEnded');
    const late = ok(await students(task.id, { late: true }));
    expect(late.list.map((s) => s.userName).sort()).toEqual(['s2026002', 's2026003']);
    const counts = ok(await students(task.id)).counts;
    expect(counts).toMatchObject({ students: 3, passed: 1, failed: 2, inProgress: 0, notStarted: 0 });
    // Extending gives the student who never opened it another chance.
    setClock(T0 + 73 * HOUR);
    ok(
      await t.call('POST', `/api/task/extend/${task.id}`, {
        token: teacher,
        body: { dueTime: iso(T0 + 96 * HOUR), lateUntil: iso(T0 + 100 * HOUR) },
      }),
    );
    expect((await statusOf(task.id, 's2026003')).status).toBe(TaskUserStatus.NotStarted);
    ok(await start('s2026003', examId));
  });

  it('collects an open paper at the cutoff and marks what was saved', async () => {
    const task = await makeTask({}, T0 + 10 * 86_400_000);
    const base = Date.parse(task.startTime);
    setClock(base + HOUR);
    const a = ok(await start('s2026001', task.examId!));
    ok(await save('s2026001', a.id, [{ questionId: qids[0]!, answer: 'A', revision: 1 }]));
    setClock(Date.parse(task.dueTime) + 2 * 60_000);
    await collectDue(t.database.db);
    await t.app.jobs.runUntilIdle();
    const s = await statusOf(task.id, 's2026001');
    expect(s.paperStatus).not.toBe(PaperStatus.Answering);
    expect(s.handedInAt).toBeTruthy();
    expect(s.pending).toBe(0);
    // Blank written answer scores 0; the wrong choice 0: failed.
    expect(s.status).toBe(TaskUserStatus.Failed);
  });

  it('withdraw hides the task from students and keeps their work; publishing again brings it back', async () => {
    const task = await makeTask({}, T0 + 20 * 86_400_000);
    const base = Date.parse(task.startTime);
    setClock(base + HOUR);
    const a = ok(await start('s2026001', task.examId!));
    ok(await save('s2026001', a.id, [{ questionId: qids[0]!, answer: 'B', revision: 1 }]));
    ok(await t.call('POST', `/api/task/withdraw/${task.id}`, { token: teacher, body: {} }));
    expect(ok(await my('s2026001')).tasks.some((x) => x.id === task.id)).toBe(false);
    expect(ok(await my('s2026002')).tasks.some((x) => x.id === task.id)).toBe(false);
    refused(await start('s2026002', task.examId!), 'notFound');
    expect((await statusOf(task.id, 's2026001')).status).toBe(TaskUserStatus.InProgress);
    // A withdrawn task can be edited (not its paper) and published again.
    refused(await t.call('POST', `/api/task/delete/${task.id}`, { token: teacher }), 'usedBy');
    ok(await t.call('POST', `/api/task/publish/${task.id}`, { token: teacher, body: {} }));
    const back = ok(await my('s2026001')).tasks.find((x) => x.id === task.id)!;
    expect(back).toMatchObject({ status: TaskUserStatus.InProgress, canOpen: true, attemptId: a.id });
    const resumed = ok(await start('s2026001', task.examId!));
    expect(resumed.answers.map((x) => x.answer)).toEqual(['B']);
    // A published task is changed only by its actions, and is not deleted.
    refused(await t.call('POST', `/api/task/delete/${task.id}`, { token: teacher }), 'withdrawTaskBeforeDelete');
  });

  it('lets a student redo while hand-ins remain, and a teacher return work with a note', async () => {
    // Two hand-ins: the keys may not show while a redo remains (homework-keys.test.ts).
    const task = await makeTask({ attemptsAllowed: 2, showKey: false }, T0 + 30 * 86_400_000);
    const base = Date.parse(task.startTime);
    setClock(base + HOUR);
    const a = ok(await start('s2026001', task.examId!));
    ok(await save('s2026001', a.id, [{ questionId: qids[0]!, answer: 'A', revision: 1 }]));
    ok(await submit('s2026001', a.id));
    await t.app.jobs.runUntilIdle();
    let mine = ok(await my('s2026001')).tasks.find((x) => x.id === task.id)!;
    expect(mine).toMatchObject({ canRedo: true, handIns: 1, canOpen: false });
    ok(await t.call('POST', `/api/task/redo/${task.id}`, { token: tokens.s2026001 }));
    const reopened = ok(await start('s2026001', task.examId!));
    expect(reopened.id).toBe(a.id);
    expect(reopened.status).toBe(PaperStatus.Answering);
    ok(await save('s2026001', a.id, [{ questionId: qids[0]!, answer: 'B', revision: 2 }]));
    ok(await submit('s2026001', a.id));
    await t.app.jobs.runUntilIdle();
    mine = ok(await my('s2026001')).tasks.find((x) => x.id === task.id)!;
    expect(mine).toMatchObject({ canRedo: false, handIns: 2 });
    refused(await t.call('POST', `/api/task/redo/${task.id}`, { token: tokens.s2026001 }), 'noRedoLeft');

    // The teacher returns it anyway, with a note the student sees.
    refused(
      await t.call('POST', '/api/task/return', {
        token: teacher,
        body: { taskId: task.id, userIds: [ids.s2026002], note: 'x' },
      }),
      'notReturnable',
    );
    ok(
      await t.call('POST', '/api/task/return', {
        token: teacher,
        body: { taskId: task.id, userIds: [ids.s2026001], note: 'Show your working.' },
      }),
    );
    mine = ok(await my('s2026001')).tasks.find((x) => x.id === task.id)!;
    expect(mine).toMatchObject({ returnNote: 'Show your working.', canOpen: true, status: TaskUserStatus.InProgress });
    const back = ok(await start('s2026001', task.examId!));
    expect(back.homework?.returnNote).toBe('Show your working.');
    expect((await statusOf(task.id, 's2026001')).returnedCount).toBe(1);
  });

  it('checks objective answers at once when the task allows it, and the checked answer is final', async () => {
    const plain = await makeTask({}, T0 + 40 * 86_400_000);
    const task = await makeTask({ instantFeedback: true }, T0 + 40 * 86_400_000);
    const base = Date.parse(task.startTime);
    setClock(base + HOUR);
    const p = ok(await start('s2026001', plain.examId!));
    ok(await save('s2026001', p.id, [{ questionId: qids[0]!, answer: 'A', revision: 1 }]));
    refused(await check('s2026001', p.id, 0), 'noInstantFeedback');
    const a = ok(await start('s2026001', task.examId!));
    refused(await check('s2026001', a.id, 0), 'nothingToCheck');
    ok(await save('s2026001', a.id, [{ questionId: qids[0]!, answer: 'A', revision: 1 }]));
    const checked = ok(await check('s2026001', a.id, 0));
    expect(checked).toEqual({ questionId: qids[0], correct: false, score: 0, max: 4 });
    refused(await check('s2026001', a.id, 0), 'alreadyChecked');
    // Changing it afterwards is refused and changes nothing (homework-keys.test.ts has the rest).
    refused(
      await save('s2026001', a.id, [{ questionId: qids[0]!, answer: 'B', revision: 2 }]),
      'answerChecked',
      'items.0.questionId',
    );
    const after = ok(await start('s2026001', task.examId!));
    expect(after.answers.find((x) => x.questionId === qids[0])?.answer).toBe('A');
    expect(after.homework?.checked).toEqual([{ questionId: qids[0], correct: false, score: 0, max: 4 }]);
    ok(await save('s2026001', a.id, [{ questionId: qids[1]!, answer: 'Because.', revision: 1 }]));
    refused(await check('s2026001', a.id, 1), 'notObjective');
    // Another student cannot check, read or save someone else's paper.
    refused(await check('s2026002', a.id, 0), 'notFound');
    refused(await save('s2026002', a.id, [{ questionId: qids[0]!, answer: 'B', revision: 9 }]), 'notFound');
  });

  it('keeps students and other teachers to their own', async () => {
    const task = await makeTask({}, T0 + 50 * 86_400_000);
    setClock(Date.parse(task.startTime) + HOUR);
    // A student of another class does not get it, nor can open it.
    expect(ok(await my('s2026004')).tasks.some((x) => x.id === task.id)).toBe(false);
    refused(await start('s2026004', task.examId!), 'notCandidate');
    // Students cannot list a task's students; another school's teacher finds nothing.
    const asStudent = await students(task.id, {}, tokens.s2026001);
    expect(asStudent.code).toBe(403);
    refused(await students(task.id, {}, northTeacher), 'notFound');
    expect(await getTask(task.id, northTeacher)).toBeUndefined();
    // Another teacher of the school neither lists its students, returns work nor reminds, and its
    // exam row's candidates are out of reach through the exam routes.
    const colleague = await t.login('demo', 'wang.fang');
    refused(await students(task.id, {}, colleague), 'notFound');
    for (const [url, body] of [
      ['/api/task/return', { taskId: task.id, userIds: [ids.s2026001] }],
      [`/api/task/remind/${task.id}`, undefined],
      [`/api/task/students/export/${task.id}`, {}],
      [`/api/exam/candidates/${task.examId}`, {}],
    ] as const) {
      refused(await t.call('POST', url, { token: colleague, body }), 'notFound');
    }
    refused(
      await t.call('POST', '/api/task/return', {
        token: northTeacher,
        body: { taskId: task.id, userIds: [ids.s2026001] },
      }),
      'notFound',
    );
    // Its exam row belongs to the task: no exam action reaches it.
    refused(await t.call('POST', `/api/exam/cancel/${task.examId}`, { token: academic, body: {} }), 'notFound');
    refused(await t.call('POST', `/api/exam/delete/${task.examId}`, { token: academic }), 'notFound');
    // The academic office (task:all) sees it; the task's paper is a homework paper only.
    expect((await getTask(task.id, academic))?.id).toBe(task.id);
    const examPaper = ok(
      await t.call<{ id: number }>('POST', '/api/examPaper/create', {
        token: academic,
        body: { name: 'An exam paper', sections: [{ title: 'A', items: [{ questionId: qids[0], score: 4 }] }] },
      }),
    ).id;
    ok(await t.call('POST', `/api/examPaper/publish/${examPaper}`, { token: academic }));
    const bad = await t.call('POST', '/api/task/create', {
      token: teacher,
      body: {
        name: 'Wrong paper',
        teamIds: [teamIds[0]],
        paperId: examPaper,
        startTime: iso(T0),
        dueTime: iso(T0 + HOUR),
      },
    });
    refused(bad as never, 'paperNotHomework');
    expect((bad as { error?: { field?: string } }).error?.field).toBe('paperId');
    // A knowledge-base task names articles that exist (task-course.test.ts follows such tasks).
    const reading = await t.call<Task>('POST', '/api/task/create', {
      token: teacher,
      body: {
        name: 'Read a chapter',
        taskType: 3,
        teamIds: [teamIds[0]],
        items: [{ kind: 2, targetId: 999_999, title: 'Chapter 1' }],
        startTime: iso(T0 + 51 * 86_400_000),
        dueTime: iso(T0 + 52 * 86_400_000),
      },
    });
    refused(reading, 'noSuchReference', 'items.0');
  });
});
