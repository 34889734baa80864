import {
  type Attempt,
  CompletionRule,
  type HeartbeatResult,
  type LearnCourse,
  LearnerStatus,
  type LessonProgressResult,
  LessonType,
  type MyCourses,
  type OpenLesson,
  ProgressEvent,
  ResultCode,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments, lessonProgress, progressLog } from '../src/modules/course/course.table';
import { repairDrift } from '../src/modules/course/course-drift';
import { refreshEnrolments } from '../src/modules/course/course-progress';
import { durationOf } from '../src/modules/course/lesson-media';
import { setClock } from '../src/platform/clock';
import { mp4, uploadFile } from './course-fixture';
import {
  article,
  chapter,
  enrol,
  lesson,
  makeCourse,
  progressOf,
  publish,
  staffContext,
  video,
} from './course-learn-fixture';
import { examPeople, onePaper } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// The student's side of courses (issue 30): my courses, the catalogue and self-enrolment, the
// outline with locks, every completion rule, forged heartbeats refused with nothing changed, the
// quiz taken on the exam page and scored, new and retired lessons after a publish, the daily
// drift check, and video files served by byte ranges.

let t: TestApp;
let orgId: number;
let academic: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
const [A, B, C] = ['s2026001', 's2026002', 's2026003'];
const T0 = Date.parse('2033-05-05T08:00:00Z');
const at = (s: number) => setClock(T0 + s * 1000);

// Course 1: a video (60 % of 120 s), an article (opened), a document (marked done); then, after
// chapter 1, a quiz (score ≥ 2) and a live class (attended).
const intro = video('Intro video', 120, 60);
const notes = article('Notes');
const handout = lesson('Handout', LessonType.Document, CompletionRule.MarkedDone, { fileUrl: '/api/file/1' });
const basics = chapter('Basics', [intro, notes, handout]);
let quiz = lesson('Check', LessonType.Quiz, CompletionRule.QuizScore, { threshold: 2 });
const live = lesson('Live class', LessonType.Live, CompletionRule.Attended);
let course1: number;
let course2: number;

const call = <T>(who: string, url: string, body?: object) => t.call<T>('POST', url, { token: tokens[who], body });
const open = (who: string, lessonId: number) => call<OpenLesson>(who, '/api/course/lesson/open', { lessonId });
const beat = (who: string, body: object) => call<HeartbeatResult>(who, '/api/course/heartbeat', body);
const learn = (who: string, id: number) => call<LearnCourse>(who, `/api/course/learn/${id}`);
const enrolment = async (who: string, courseId: number) =>
  (
    await t.database.db
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.userId, ids[who]), eq(courseEnrolments.courseId, courseId)))
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  orgId = t.ids.demo.orgId;
  ({ academic, tokens, ids } = await examPeople(t, [A, B, C]));
  const paperId = await onePaper(t, academic, { name: 'Course quiz', score: 2 });
  quiz = { ...quiz, paperId };
  at(0);
  const ctx = staffContext(t, orgId, ids.academic);
  course1 = await makeCourse(t, { orgId, code: 'LEARN-1', required: true });
  await enrol(t, orgId, course1, [ids[A], ids[B]]);
  await publish(t, ctx, course1, { chapters: [basics, chapter('Practice', [quiz, live], [basics.key])] });
  // Course 2: sequential, two articles.
  course2 = await makeCourse(t, { orgId, code: 'LEARN-2', sequential: true });
  await publish(t, ctx, course2, { chapters: [chapter('Steps', [article('First'), article('Second')])] });
  await enrol(t, orgId, course2, [ids[A]], false);
});
afterEach(() => setClock(null));
afterAll(() => t.close());

describe('my courses and the catalogue', () => {
  it('lists the caller’s courses by view, the open ones to join, and joins once', async () => {
    const ctx = staffContext(t, orgId, ids.academic);
    const open1 = await makeCourse(t, { orgId, code: 'OPEN-1' });
    await publish(t, ctx, open1, { chapters: [chapter('A', [article('a')])] });
    const priced = await makeCourse(t, { orgId, code: 'PRICED-1', price: 100 });
    await publish(t, ctx, priced, { chapters: [chapter('A', [article('a')])] });
    const draft = await makeCourse(t, { orgId, code: 'DRAFT-1' });
    const mine = ok(await call<MyCourses>(A, '/api/course/my', { view: 'required' })).courses;
    expect(mine.map((c) => c.id)).toEqual([course1]);
    expect(mine[0]).toMatchObject({ lessons: 5, lessonsDone: 0, progress: 0, status: LearnerStatus.NotStarted });
    const catalog = ok(await call<{ list: { id: number }[] }>(C, '/api/course/catalog', { pageSize: 200 }));
    const listed = catalog.list.map((c) => c.id);
    expect(listed).toContain(open1);
    // Required, unpublished and joined courses are not offered; a priced one is, to buy (not to join).
    for (const id of [course1, draft]) expect(listed).not.toContain(id);
    expect(catalog.list.find((c) => c.id === priced)).toMatchObject({ price: 100, buyable: true, owned: false });
    refused(await call(C, `/api/course/enrol/${priced}`), 'courseNotOpen');
    refused(await call(C, `/api/course/enrol/${course1}`), 'courseNotOpen');
    refused(await call(C, `/api/course/enrol/${draft}`), 'notFound');
    ok(await call(C, `/api/course/enrol/${open1}`));
    ok(await call(C, `/api/course/enrol/${open1}`));
    const joined = ok(await call<MyCourses>(C, '/api/course/my', { view: 'elective' })).courses;
    expect(joined.map((c) => [c.id, c.source, c.required])).toEqual([[open1, 2, false]]);
    const after = ok(await call<{ list: { id: number }[] }>(C, '/api/course/catalog', { pageSize: 200 }));
    expect(after.list.map((c) => c.id)).not.toContain(open1);
  });
});

describe('learning a course', () => {
  it('shows the outline without content, its locks, and nothing to a stranger', async () => {
    const view = ok(await learn(A, course1));
    const lessons = view.chapters.flatMap((c) => c.lessons);
    expect(lessons.map((l) => l.title)).toEqual(['Intro video', 'Notes', 'Handout', 'Check', 'Live class']);
    for (const l of lessons) for (const f of ['body', 'fileUrl', 'paperId']) expect(l).not.toHaveProperty(f);
    expect(view.chapters[1]).toMatchObject({ locked: true, lockedBy: ['Basics'] });
    expect(lessons[0].state.missing).toBe('watched 0 %, 60 % needed');
    refused(await open(A, quiz.id), 'lessonLocked');
    refused(await learn(C, course1), 'notEnrolled');
    refused(await open(C, intro.id), 'notEnrolled');
    refused(await open(C, 99_999_999), 'notFound');
    const north = await makeCourse(t, { orgId: t.ids.north.orgId, code: 'NORTH-1' });
    refused(await learn(A, north), 'notFound');
  });

  it('completes a lesson when opened, marked done (and undone), watched or attended', async () => {
    at(10);
    const opened = ok(await open(A, notes.id));
    expect(opened.body).toBe('<p>Notes</p>');
    expect(opened.state.status).toBe(LearnerStatus.Completed);
    const mark = (id: number, done: boolean) =>
      call<LessonProgressResult>(A, '/api/course/lesson/done', { lessonId: id, done });
    refused(await mark(notes.id, true), 'notThisLessonType', 'lessonId');
    expect(ok(await mark(handout.id, true)).state.status).toBe(LearnerStatus.Completed);
    expect(ok(await mark(handout.id, false)).state.status).toBe(LearnerStatus.NotStarted);
    const done = ok(await mark(handout.id, true));
    expect(done.courseProgress).toBe(40);
    const events = await t.database.db
      .select({ event: progressLog.event })
      .from(progressLog)
      .where(and(eq(progressLog.userId, ids[A]), eq(progressLog.lessonId, handout.id)));
    expect(events.map((e) => e.event)).toEqual([
      ProgressEvent.MarkedDone,
      ProgressEvent.Unmarked,
      ProgressEvent.MarkedDone,
    ]);
    // The video: 72 s of 120 in three reports of 24 s, 15 s apart at 2× (the most counted).
    let nonce = ok(await open(A, intro.id)).nonce;
    for (let i = 0; i < 3; i++) {
      at(25 + i * 15);
      const r = ok(await beat(A, { lessonId: intro.id, nonce, from: i * 24, to: (i + 1) * 24, rate: 2 }));
      expect(r.counted).toBe(24);
      nonce = r.nonce;
    }
    const view = ok(await learn(A, course1));
    expect(view.chapters[0].lessons[0].state).toMatchObject({ status: LearnerStatus.Completed, percent: 60 });
    expect(view.chapters[1].locked).toBe(false);
    expect(view.progress).toBe(60);
    // The live class: attendance is written by the live-class issue (here directly, with its log row).
    await t.database.db.transaction(async (tx) => {
      await tx
        .insert(lessonProgress)
        .values({ organizationId: orgId, lessonId: live.id, userId: ids[A], courseId: course1, attended: true });
      await tx.insert(progressLog).values({
        organizationId: orgId,
        userId: ids[A],
        courseId: course1,
        lessonId: live.id,
        event: ProgressEvent.Attended,
      });
      await refreshEnrolments(tx, orgId, course1, [ids[A]]);
    });
    expect(await enrolment(A, course1)).toMatchObject({ lessonsDone: 4, progress: 80 });
  });

  it('takes the quiz on the exam page: candidate on opening, scored on marking, best sitting counts', async () => {
    at(100);
    const opened = ok(await open(A, quiz.id));
    expect(opened.examId).toBeTruthy();
    expect(JSON.stringify(opened)).not.toContain('answer');
    const sit = async (answer: string) => {
      const attempt = ok(await call<Attempt>(A, '/api/exam/attempt/start', { examId: opened.examId }));
      const questionId = attempt.sections[0].questions[0].questionId;
      const items = [{ questionId, answer, revision: 1 }];
      ok(await call(A, '/api/exam/attempt/submit', { attemptId: attempt.id, items }));
      await t.app.jobs.runUntilIdle();
    };
    await sit('A');
    let view = ok(await learn(A, course1));
    expect(view.chapters[1].lessons[0].state).toMatchObject({ quizScore: 0, status: LearnerStatus.InProgress });
    ok(await call(A, '/api/exam/attempt/retake', { examId: opened.examId }));
    await sit('B');
    view = ok(await learn(A, course1));
    expect(view.chapters[1].lessons[0].state).toMatchObject({ quizScore: 2, status: LearnerStatus.Completed });
    expect(view).toMatchObject({ status: LearnerStatus.Completed, progress: 100 });
    const done = await enrolment(A, course1);
    expect(done.completedAt).not.toBeNull();
    // The hidden exam is on no exam screen of the student's.
    const exams = ok(await call<{ exams: { id: number }[] }>(A, '/api/exam/my'));
    expect(exams.exams.map((e) => e.id)).not.toContain(opened.examId);
  });

  it('unlocks lessons one after another in a sequential course', async () => {
    const steps = ok(await learn(A, course2)).chapters[0].lessons;
    expect(steps[1].state).toMatchObject({ locked: true, lockedBy: ['First'] });
    refused(await open(A, steps[1].id), 'lessonLocked');
    ok(await open(A, steps[0].id));
    ok(await open(A, steps[1].id));
    expect(ok(await learn(A, course2)).progress).toBe(100);
  });
});

describe('heartbeats', () => {
  it('refuses forged reports, each with nothing changed; counts no hidden or too fast playing', async () => {
    at(1000);
    let nonce = ok(await open(B, intro.id)).nonce;
    at(1015);
    const first = ok(await beat(B, { lessonId: intro.id, nonce, from: 0, to: 15 }));
    expect(first.nonce).not.toBe(nonce);
    const spent = nonce;
    nonce = first.nonce;
    at(1030);
    const before = await progressOf(t, ids[B]);
    const forged: [object, string, string | undefined, string?][] = [
      [{ nonce: spent, from: 15, to: 30 }, 'heartbeatNonce', undefined],
      [{ nonce, from: 15, to: 200 }, 'heartbeatBeyondEnd', 'to'],
      [{ nonce, from: 30, to: 20 }, 'tooBig', 'from'],
      // A skipped range: 60 s claimed 15 s after the last report.
      [{ nonce, from: 30, to: 90 }, 'heartbeatTooFast', 'to'],
      // Another student's lesson, and a lesson of a course B has not joined.
      [{ nonce, from: 15, to: 30 }, 'notEnrolled', undefined, C],
      [{ nonce, from: 15, to: 30, lessonId: 99_999_999 }, 'notFound', undefined],
    ];
    for (const [body, key, field, who] of forged) {
      refused(await beat(who ?? B, { lessonId: intro.id, ...body }), key, field);
    }
    expect(await progressOf(t, ids[B])).toBe(before);
    const hidden = ok(await beat(B, { lessonId: intro.id, nonce, from: 15, to: 30, hidden: true }));
    expect(hidden.counted).toBe(0);
    at(1045);
    const fast = ok(await beat(B, { lessonId: intro.id, nonce: hidden.nonce, from: 30, to: 45, rate: 3 }));
    expect(fast.counted).toBe(0);
    // Reports sent as fast as a script can, each claiming a little: the slack is a share of the
    // time elapsed, so none gains more than the clock allows.
    at(1045.3);
    refused(await beat(B, { lessonId: intro.id, nonce: fast.nonce, from: 45, to: 46.5 }), 'heartbeatTooFast', 'to');
    // A report ahead of the clock (15 s of video a second after the last report).
    at(1046);
    refused(await beat(B, { lessonId: intro.id, nonce: fast.nonce, from: 45, to: 60 }), 'heartbeatTooFast', 'to');
    at(1060);
    const r = ok(await beat(B, { lessonId: intro.id, nonce: fast.nonce, from: 45, to: 60, position: 58 }));
    expect(r.state.position).toBe(58);
    const row = (
      await t.database.db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, ids[B]), eq(lessonProgress.lessonId, intro.id)))
    )[0]!;
    expect(row.watched).toEqual([
      [0, 15],
      [45, 60],
    ]);
    expect(row.watchedSeconds).toBe(30);
  });

  it('resumes on another device where the learner left; the first device’s nonce is spent', async () => {
    at(2000);
    const view = ok(await learn(B, course1));
    expect(view.resume).toEqual({ lessonId: intro.id, position: 58 });
    const phone = ok(await open(B, intro.id));
    expect(phone.state.position).toBe(58);
    const laptop = ok(await open(B, intro.id));
    at(2015);
    refused(await beat(B, { lessonId: intro.id, nonce: phone.nonce, from: 58, to: 70 }), 'heartbeatNonce');
    ok(await beat(B, { lessonId: intro.id, nonce: laptop.nonce, from: 58, to: 70 }));
  });
});

describe('a new version', () => {
  it('keeps progress by lesson, shows what is new and what was retired', async () => {
    const ctx = staffContext(t, orgId, ids.academic);
    const extra = article('Extra');
    await publish(t, ctx, course1, {
      chapters: [chapter('Basics', [intro, handout, extra]), chapter('Practice', [quiz, live], [basics.key])],
    });
    const mine = ok(await call<MyCourses>(A, '/api/course/my', {})).courses.find((c) => c.id === course1)!;
    expect(mine).toMatchObject({ newLessons: 1, lessons: 5, lessonsDone: 4, progress: 80 });
    const view = ok(await learn(A, course1));
    expect(view.chapters[0].lessons.map((l) => [l.title, l.isNew])).toEqual([
      ['Intro video', false],
      ['Handout', false],
      ['Extra', true],
    ]);
    expect(view.retired).toEqual([{ title: 'Notes' }]);
    expect((await enrolment(A, course1)).completedAt).toBeNull();
    // Seen: nothing is new any more.
    const seen = ok(await call<MyCourses>(A, '/api/course/my', {})).courses.find((c) => c.id === course1)!;
    expect(seen.newLessons).toBe(0);
  });

  it('finds and repairs sums that drifted from the log, once a day', async () => {
    // Everything written so far (opens, heartbeats, marks, quiz scores, attendance) agrees with the log.
    expect(await repairDrift(t.database.db)).toEqual({ drift: 0 });
    await t.database.db
      .update(lessonProgress)
      .set({ watchedSeconds: 119, watched: [[0, 119]] })
      .where(and(eq(lessonProgress.userId, ids[B]), eq(lessonProgress.lessonId, intro.id)));
    expect(await repairDrift(t.database.db)).toEqual({ drift: 1 });
    const [row] = await t.database.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, ids[B]), eq(lessonProgress.lessonId, intro.id)));
    expect(row!.watched).toEqual([
      [0, 15],
      [45, 70],
    ]);
    expect(row!.watchedSeconds).toBe(40);
    expect(await repairDrift(t.database.db)).toEqual({ drift: 0 });
    // An enrolment left a step behind (two of one learner's changes at once) is measured again.
    const right = await enrolment(A, course1);
    await t.database.db
      .update(courseEnrolments)
      .set({ progress: 0, lessonsDone: 0 })
      .where(and(eq(courseEnrolments.userId, ids[A]), eq(courseEnrolments.courseId, course1)));
    await repairDrift(t.database.db);
    expect(await enrolment(A, course1)).toMatchObject({ progress: right.progress, lessonsDone: right.lessonsDone });
  });
});

describe('video files', () => {
  it('reads a video’s length and serves byte ranges (206, 416, the whole file)', async () => {
    const url = await uploadFile(t, academic, mp4(95.5), 'clip.mp4');
    expect(await durationOf(staffContext(t, orgId, ids.academic), url)).toBe(95.5);
    expect(await durationOf(staffContext(t, orgId, ids.academic), 'https://example.com/x.mp4')).toBeNull();
    const size = mp4(95.5).length;
    const get = (range?: string) =>
      t.app.inject({ method: 'GET', url, headers: { token: academic, ...(range ? { range } : {}) } });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(size);
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-16', size - 16, size - 1],
      ['bytes=10-999999', 10, size - 1],
    ] as const) {
      const part = await get(range);
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(start, end + 1))).toBe(true);
    }
    for (const range of [`bytes=${size}-`, 'bytes=-0']) {
      const none = await get(range);
      expect(none.statusCode, range).toBe(416);
      expect(none.headers['content-range']).toBe(`bytes */${size}`);
    }
    expect((await get('bytes=0-1,5-9')).statusCode).toBe(200);
    const stranger = await t.app.inject({ method: 'GET', url, headers: { token: tokens[C], range: 'bytes=0-9' } });
    expect(stranger.json().code).toBe(ResultCode.Error);
  });
});
