import {
  type Course,
  type CourseOrder,
  CourseOrderStatus,
  CourseStatus,
  type ExamPaper,
  ExamPaperStatus,
  InvoiceStatus,
  type KnowledgeArticle,
  LearnerStatus,
  type MyCourses,
  type MyExams,
  type MyInvoices,
  type MyResult,
  type MyTasks,
  type Page,
  PaperStatus,
  PaperType,
  type Question,
  type RegistrableExams,
  ResultCode,
  type StudentPortal,
  type Task,
  TaskUserStatus,
  type Team,
} from '@lyceum/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ students: 40, questions: true });
});
afterAll(() => t.close());

it('the demo has staff, students, base data and a question bank of every type', async () => {
  const admin = await t.login('demo', 'admin');
  const users = await t.call<Page<unknown>>('POST', '/api/user/page', { token: admin, body: {} });
  expect(users.response.total).toBeGreaterThanOrEqual(50);
  const teacher = await t.login('demo', 'teacher');
  const questions = await t.call<Page<Question>>('POST', '/api/question/page', {
    token: teacher,
    body: { pageSize: 200 },
  });
  expect(questions.code).toBe(ResultCode.Success);
  expect(questions.response.total).toBeGreaterThanOrEqual(60);
  const types = new Set(questions.response.list.map((q) => q.type));
  expect([...types].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  expect(questions.response.list.some((q) => q.stem.includes('data-latex'))).toBe(true);
  expect(new Set(questions.response.list.map((q) => q.subjectId)).size).toBeGreaterThanOrEqual(4);
  const north = await t.login('north', 'admin');
  const none = await t.call<Page<Question>>('POST', '/api/question/page', { token: north, body: {} });
  expect(none.response.total).toBe(0);
});

it('the demo has a published exam paper built from the bank and a homework paper', async () => {
  const teacher = await t.login('demo', 'teacher');
  const papers = await t.call<Page<ExamPaper>>('POST', '/api/examPaper/page', { token: teacher, body: {} });
  const published = papers.response.list.find(
    (p) => p.status === ExamPaperStatus.Published && p.paperType === PaperType.Exam,
  );
  expect(published?.questionCount).toBeGreaterThanOrEqual(5);
  expect(published?.totalScore).toBeGreaterThan(0);
  const full = await t.call<ExamPaper>('POST', `/api/examPaper/select/${published?.id}`, { token: teacher });
  expect(full.response.sections?.length).toBeGreaterThanOrEqual(2);
  expect(papers.response.list.some((p) => p.paperType === PaperType.Homework)).toBe(true);
});

it('the demo gives `student` homework to do and a marked one, and the teacher a class in progress', async () => {
  const student = await t.login('demo', 'student');
  const mine = await t.call<MyTasks>('POST', '/api/task/my', { token: student, body: {} });
  const todo = mine.response.tasks.find((x) => x.canOpen);
  expect(todo?.status).toBe(TaskUserStatus.NotStarted);
  expect(todo?.instantFeedback).toBe(true);
  const marked = mine.response.tasks.find((x) => x.paperStatus === PaperStatus.Marked);
  expect(marked?.scoreVisible).toBe(true);
  expect(marked?.score).not.toBeNull();
  const teacher = await t.login('demo', 'teacher');
  const tasks = await t.call<Page<Task>>('POST', '/api/task/page', { token: teacher, body: {} });
  const week3 = tasks.response.list.find((x) => x.id === todo?.id);
  expect(week3?.counts.inProgress).toBeGreaterThan(0);
  expect((week3?.counts.passed ?? 0) + (week3?.counts.failed ?? 0)).toBeGreaterThan(0);
});

it('the demo has three classes with majors, class teachers and members; the demo student sees theirs', async () => {
  const academic = await t.login('demo', 'academic');
  const classes = await t.call<Page<Team>>('POST', '/api/team/page', { token: academic, body: {} });
  expect(classes.response.total).toBe(3);
  expect(classes.response.list.every((c) => c.majorId && c.classTeacherId && c.memberCount > 0)).toBe(true);
  expect(new Set(classes.response.list.map((c) => c.gradeYear)).size).toBe(2);
  const teacher = await t.login('demo', 'teacher');
  const own = await t.call<Page<Team>>('POST', '/api/team/page', { token: teacher, body: {} });
  expect(own.response.list.map((c) => c.name)).toEqual(['Class 2024-1 Computer Science 计算机 2024-1 班']);
  const student = await t.login('demo', 'student');
  const mine = await t.call<{ name: string }[]>('POST', '/api/team/mine', { token: student });
  expect(mine.response.map((c) => c.name)).toEqual(['Class 2024-1 Computer Science 计算机 2024-1 班']);
});

it('the demo keeps a practice exam open now for `student`, a final exam to come and an olympiad taking registrations', async () => {
  const student = await t.login('demo', 'student');
  const mine = await t.call<MyExams>('POST', '/api/exam/my', { token: student });
  expect(mine.code).toBe(ResultCode.Success);
  expect(mine.response.exams.filter((e) => e.phase === 'open').map((e) => e.name)).toEqual([
    'Calculus practice (open now) 微积分练习（进行中）',
  ]);
  expect(mine.response.exams.filter((e) => e.phase === 'upcoming').map((e) => e.name)).toEqual([
    'Calculus I final exam 微积分期末考试',
  ]);
  const open = await t.call<RegistrableExams>('POST', '/api/exam/registrable', { token: student });
  expect(open.response.exams.map((e) => [e.name, e.myStatus])).toEqual([['Mathematics olympiad 数学竞赛', null]]);
  const portal = await t.call<StudentPortal>('POST', '/api/dashboard/student', { token: student });
  expect(portal.response.exams.map((e) => e.state)).toEqual(['open', 'upcoming']);
});

// Issue 27: the demo's Week 3 homework has two hand-ins, so its keys never show while a redo remains;
// its practice exam says it is one, so its keys come right after hand-in (and it stays open).
it("the demo's homework shows no key before a redo; its practice exam shows them at hand-in", async () => {
  const student = await t.login('demo', 'student');
  const tasks = await t.call<MyTasks>('POST', '/api/task/my', { token: student, body: {} });
  const week3 = tasks.response.tasks.find((x) => x.name.startsWith('Week 3 homework'));
  expect(week3).toMatchObject({ attemptsAllowed: 2, canOpen: true });
  const handIn = async (examId: number) => {
    const a = await t.call<{ id: number }>('POST', '/api/exam/attempt/start', { token: student, body: { examId } });
    const done = await t.call('POST', '/api/exam/attempt/submit', {
      token: student,
      body: { attemptId: a.response.id },
    });
    expect(done.code, done.message).toBe(ResultCode.Success);
    await t.app.jobs.runUntilIdle();
    return (await t.call<MyResult>('POST', '/api/examScore/my', { token: student, body: { examId } })).response;
  };
  const blank = await handIn(week3!.examId!);
  expect(blank.visible).toBe(true);
  expect(blank.paper).toBeNull();
  const redo = await t.call('POST', `/api/task/redo/${week3!.id}`, { token: student });
  expect(redo.code, redo.message).toBe(ResultCode.Success);

  const exams = await t.call<MyExams>('POST', '/api/exam/my', { token: student });
  const practice = exams.response.exams.find((e) => e.phase === 'open');
  const result = await handIn(practice!.id);
  expect(result).toMatchObject({ visible: true, reviewFrom: null });
  expect(result.paper?.sections.length).toBeGreaterThan(0);
});

// Issue 36 (decision 43): the month-long practice exam and the homework of the demo class do not lock
// it; a newcomer publishes a new exam for it today without a warning.
it('the demo class can get a new exam today', async () => {
  const teacher = await t.login('demo', 'teacher');
  const academic = await t.login('demo', 'academic');
  const classes = await t.call<Page<Team>>('POST', '/api/team/page', {
    token: teacher,
    body: { pageIndex: 1, pageSize: 20 },
  });
  const demoClass = classes.response.list.find((c) => c.name.startsWith('Class 2024-1'));
  const papers = await t.call<Page<ExamPaper>>('POST', '/api/examPaper/page', {
    token: teacher,
    body: { status: ExamPaperStatus.Published, paperType: PaperType.Exam, pageIndex: 1, pageSize: 5 },
  });
  const paper = papers.response.list[0];
  expect(demoClass && paper).toBeTruthy();
  const now = Date.now();
  const exam = await t.call<{ id: number }>('POST', '/api/exam/create', {
    token: teacher,
    body: {
      name: 'Newcomer quiz',
      paperId: paper.id,
      teamIds: [demoClass?.id],
      windowStart: new Date(now + 3_600_000).toISOString(),
      windowEnd: new Date(now + 3 * 3_600_000).toISOString(),
      durationMinutes: 90,
    },
  });
  expect(exam.code, exam.message).toBe(ResultCode.Success);
  const conflicts = await t.call<unknown[]>('POST', `/api/exam/conflicts/${exam.response.id}`, { token: academic });
  expect(conflicts.response).toEqual([]);
  const published = await t.call('POST', `/api/exam/publish/${exam.response.id}`, {
    token: teacher,
    body: { acceptWarnings: false },
  });
  expect(published.code, published.message).toBe(ResultCode.Success);
});

it('the demo has courses (student part-way through a required one, an elective to join) and knowledge articles', async () => {
  const student = await t.login('demo', 'student');
  const mine = await t.call<MyCourses>('POST', '/api/course/my', { token: student, body: {} });
  const bio = mine.response.courses.find((c) => c.code === 'BIO-101');
  expect(bio).toMatchObject({ required: true, status: LearnerStatus.InProgress });
  expect(bio!.lessonsDone).toBeGreaterThan(0);
  expect(bio!.lessonsDone).toBeLessThan(bio!.lessons);
  // The elective to join, and the priced courses (issue 33): `student` bought Python, the others wait.
  const open = await t.call<Page<{ code: string; owned: boolean; buyable: boolean }>>('POST', '/api/course/catalog', {
    token: student,
    body: {},
  });
  expect(open.response.list.map((c) => c.code).sort()).toEqual(['ART-105', 'EXM-201', 'PY-101', 'SKL-110']);
  expect(open.response.list.find((c) => c.code === 'PY-101')).toMatchObject({ owned: true, buyable: false });
  expect(open.response.list.find((c) => c.code === 'EXM-201')).toMatchObject({ owned: false, buyable: true });
  expect(mine.response.courses.map((c) => c.code)).toContain('PY-101');
  // Its order is paid; this term's tuition is issued and overdue, nothing paid yet.
  const orders = await t.call<Page<CourseOrder>>('POST', '/api/courseOrder/my', { token: student, body: {} });
  expect(orders.response.list.map((o) => o.status)).toEqual([CourseOrderStatus.Paid]);
  const fees = await t.call<MyInvoices>('POST', '/api/tuition/my', { token: student, body: {} });
  expect(fees.response.list).toHaveLength(1);
  expect(fees.response.list[0]).toMatchObject({ status: InvoiceStatus.Issued, paid: 0, overdue: true });
  const teacher = await t.login('demo', 'teacher');
  const courses = await t.call<Page<Course>>('POST', '/api/course/page', { token: teacher, body: {} });
  // Biology, Study skills and the three priced courses are published; Data literacy is a draft.
  expect(courses.response.list.map((c) => c.status).sort()).toEqual([
    CourseStatus.Draft,
    ...Array(5).fill(CourseStatus.Published),
  ]);
  const articles = await t.call<Page<KnowledgeArticle>>('POST', '/api/knowledge/page', { token: student, body: {} });
  // Pinned first; never the staff article or the draft.
  expect(articles.response.list.map((a) => [a.pinned, a.myReadVersion])).toEqual([
    [true, 1],
    [false, null],
  ]);
});
