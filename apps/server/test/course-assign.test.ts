import {
  type Assignment,
  type Course,
  CourseRange,
  EnrolmentSource,
  type LearnerPage,
  LearnerStatus,
  type LessonState,
  type PublishPreview,
  ResultCode,
} from '@lyceum/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments } from '../src/modules/course/course.table';
import { syncAssignments } from '../src/modules/course/course-assign.service';
import { teamMembers } from '../src/modules/team/team.table';
import { users } from '../src/modules/user/user.table';
import { chapter, createCourse, lesson, mp4, publish, readCourse, updateCourse, uploadFile } from './course-fixture';
import { examPeople, makeClasses } from './exam-fixture';
import { createTestApp, ok, refused, sheetRows, type TestApp } from './harness';

// Who takes a course (issue 30): range resolution for each range type (a department with its
// sub-departments), what a teacher may assign, enrolment sources kept, removing an assignment;
// the preview of a publish against what the publish then does; the learners page and its export.

let t: TestApp;
let academic: string;
let teacher: string;
let other: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let classA: number;
let classB: number;
let classC: number;
const STUDENTS = ['s2026001', 's2026002', 's2026003', 's2026004', 's2026005', 's2026006'];

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, tokens, ids } = await examPeople(t, [...STUDENTS, 'wang.fang']));
  other = tokens['wang.fang'];
  const [s1, s2, s3, s4, s5, s6] = STUDENTS.map((s) => ids[s]);
  [classA, classB] = await makeClasses(t, academic, 2097, [
    { name: 'Course A', members: [s1, s2, s3], classTeacherId: ids.teacher },
    { name: 'Course B', members: [s4, s5], classTeacherId: ids['wang.fang'] },
  ]);
  [classC] = await makeClasses(t, academic, 2096, [{ name: 'Course C', members: [s6] }]);
});
afterAll(() => t.close());

const articles = (n: number) => [
  chapter(
    'Read',
    Array.from({ length: n }, (_, i) => lesson.article(`Page ${i + 1}`)),
  ),
];
async function published(token = academic, over: object = {}): Promise<Course> {
  const c = await createCourse(t, token, { chapters: articles(1), ...over });
  return publish(t, token, c.id);
}
const assign = (token: string, body: object) => t.call<Assignment>('POST', '/api/course/assign', { token, body });
async function enrolments(courseId: number) {
  const e = courseEnrolments;
  return t.database.db
    .select({ userId: e.userId, source: e.source, sourceId: e.sourceId, required: e.required, status: e.status })
    .from(e)
    .where(eq(e.courseId, courseId));
}
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const learnerIds = async (courseId: number) => sorted((await enrolments(courseId)).map((x) => x.userId));
const lessonIds = (c: Course) => c.chapters!.flatMap((ch) => ch.lessons.map((l) => l.id));
const open = (who: string, lessonId: number) =>
  t.call('POST', '/api/course/lesson/open', { token: tokens[who], body: { lessonId } });

describe('assignments', () => {
  it('resolves each range type to the enabled students it names, departments with their sub-departments', async () => {
    const { science, maths, cs } = t.ids.demo.deptIds;
    // Students of the science college's majors (its staff are not students).
    const inScience = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, t.ids.demo.orgId),
          inArray(users.departmentId, [science!, maths!, cs!]),
          or(sql`${users.userName} like 's2026%'`, eq(users.userName, 'student')),
        ),
      );
    expect(inScience.length).toBeGreaterThan(2);
    const cases: [object, number[]][] = [
      [{ rangeType: CourseRange.Grade, gradeYears: [2097] }, STUDENTS.slice(0, 5).map((s) => ids[s])],
      [{ rangeType: CourseRange.Class, teamIds: [classB] }, [ids.s2026004, ids.s2026005]],
      [{ rangeType: CourseRange.Department, departmentIds: [science!] }, inScience.map((u) => u.id)],
      [{ rangeType: CourseRange.Individual, studentIds: [ids.s2026006] }, [ids.s2026006]],
    ];
    for (const [range, expected] of cases) {
      const course = await published();
      const a = ok(await assign(academic, { courseId: course.id, teamIds: [classA], required: true, ...range }));
      expect(a.students).toBe(expected.length);
      expect(await learnerIds(course.id)).toEqual(sorted(expected));
      for (const e of await enrolments(course.id)) {
        expect(e).toMatchObject({ source: EnrolmentSource.Assignment, sourceId: a.id, required: true });
      }
    }
    // A draft's assignments enrol their students when it is first published.
    const draft = await createCourse(t, academic, { chapters: articles(1) });
    const a = ok(await assign(academic, { courseId: draft.id, rangeType: CourseRange.Class, teamIds: [classC] }));
    expect(a).toMatchObject({ teamIds: [classC], targets: ['Course C'], students: 1 });
    expect(await learnerIds(draft.id)).toEqual([]);
    // The preview of the first publish counts the students it will enrol.
    const preview = ok(
      await t.call<PublishPreview>('POST', `/api/course/publishPreview/${draft.id}`, { token: academic }),
    );
    expect(preview.learners).toBe(1);
    await publish(t, academic, draft.id);
    expect(await enrolments(draft.id)).toEqual([
      { userId: ids.s2026006, source: EnrolmentSource.Assignment, sourceId: a.id, required: true, status: 0 },
    ]);
    const list = ok(await t.call<Assignment[]>('POST', `/api/course/assignments/${draft.id}`, { token: academic }));
    expect(list.map((x) => x.id)).toEqual([a.id]);
  });

  it('enrols the students a class gains after the course was assigned, within the hour', async () => {
    const course = await published();
    ok(await assign(academic, { courseId: course.id, rangeType: CourseRange.Class, teamIds: [classC] }));
    expect(await learnerIds(course.id)).toEqual([ids.s2026006]);
    await t.database.db
      .insert(teamMembers)
      .values({ organizationId: t.ids.demo.orgId, teamId: classC, userId: ids.s2026005 });
    expect(await syncAssignments(t.database.db)).toMatchObject({ enrolled: expect.any(Number) });
    expect(await learnerIds(course.id)).toEqual(sorted([ids.s2026005, ids.s2026006]));
    const [joined] = await t.database.db
      .select({ lessons: courseEnrolments.lessons })
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.courseId, course.id), eq(courseEnrolments.userId, ids.s2026005)));
    expect(joined?.lessons).toBe(1);
    await t.database.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, classC), eq(teamMembers.userId, ids.s2026005)));
  });

  it('lets a teacher assign only their own classes and those classes’ students', async () => {
    const course = await published(teacher);
    const refusals: [object, string, string][] = [
      [{ rangeType: CourseRange.Grade, gradeYears: [2097] }, 'wideAudienceNotAllowed', 'rangeType'],
      [
        { rangeType: CourseRange.Department, departmentIds: [t.ids.demo.deptIds.cs!] },
        'wideAudienceNotAllowed',
        'rangeType',
      ],
      [{ rangeType: CourseRange.Class, teamIds: [classB] }, 'notYourClass', 'teamIds.0'],
      [{ rangeType: CourseRange.Individual, studentIds: [ids.s2026004] }, 'notYourClass', 'studentIds.0'],
      [{ rangeType: CourseRange.Individual, studentIds: [ids.s2026001, ids.teacher] }, 'notAStudent', 'studentIds.1'],
      [{ rangeType: CourseRange.Class, teamIds: [] }, 'required', 'teamIds'],
    ];
    for (const [range, key, field] of refusals) {
      const res = await assign(teacher, { courseId: course.id, ...range });
      expect(res.code, field).toBe(ResultCode.InvalidParams);
      refused(res, key, field);
    }
    expect(await learnerIds(course.id)).toEqual([]);
    const a = ok(await assign(teacher, { courseId: course.id, rangeType: CourseRange.Class, teamIds: [classA] }));
    expect(await learnerIds(course.id)).toHaveLength(3);
    // Another teacher reaches neither the course nor its assignment.
    refused(await assign(other, { courseId: course.id, rangeType: CourseRange.Class, teamIds: [classB] }), 'notFound');
    refused(await t.call('POST', `/api/course/unassign/${a.id}`, { token: other }), 'notFound');
    // An archived course takes nobody new.
    ok(await t.call('POST', `/api/course/archive/${course.id}`, { token: teacher, body: {} }));
    refused(
      await assign(teacher, { courseId: course.id, rangeType: CourseRange.Class, teamIds: [classA] }),
      'courseArchived',
    );
  });

  it('keeps how a learner came; a required assignment makes an enrolment required', async () => {
    const course = await published(academic, { selfEnrol: true, required: false });
    ok(await t.call('POST', `/api/course/enrol/${course.id}`, { token: tokens.s2026001 }));
    const due = '2040-01-01T00:00:00.000Z';
    const a = ok(
      await assign(academic, {
        courseId: course.id,
        rangeType: CourseRange.Individual,
        studentIds: [ids.s2026001, ids.s2026002],
        required: true,
        dueTime: due,
      }),
    );
    // Assigned after joining by themselves: still self-enrolled, now required.
    ok(await t.call('POST', `/api/course/enrol/${course.id}`, { token: tokens.s2026002 }));
    const byUser = new Map((await enrolments(course.id)).map((e) => [e.userId, e]));
    expect(byUser.get(ids.s2026001)).toMatchObject({ source: EnrolmentSource.Self, required: true });
    // Joined again by themselves after the assignment: still assigned.
    expect(byUser.get(ids.s2026002)).toMatchObject({
      source: EnrolmentSource.Assignment,
      sourceId: a.id,
      required: true,
    });
  });

  it('removes with an assignment only its learners who never started', async () => {
    const course = await published();
    const byClass = ok(
      await assign(academic, { courseId: course.id, rangeType: CourseRange.Class, teamIds: [classA] }),
    );
    const named = ok(
      await assign(academic, { courseId: course.id, rangeType: CourseRange.Individual, studentIds: [ids.s2026002] }),
    );
    ok(await open('s2026001', lessonIds(course)[0]!));
    const res = ok(
      await t.call<{ removed: number }>('POST', `/api/course/unassign/${byClass.id}`, { token: academic }),
    );
    expect(res.removed).toBe(1);
    const left = new Map((await enrolments(course.id)).map((e) => [e.userId, e]));
    expect(sorted([...left.keys()])).toEqual(sorted([ids.s2026001, ids.s2026002]));
    // The one who started keeps their record; the other is now there through the second assignment.
    expect(left.get(ids.s2026001)?.status).not.toBe(LearnerStatus.NotStarted);
    expect(left.get(ids.s2026002)?.sourceId).toBe(named.id);
    // Learners' records hang off the course: it is archived, never deleted.
    refused(await t.call('POST', `/api/course/delete/${course.id}`, { token: academic }), 'courseHasLearners');
    expect(await learnerIds(course.id)).toHaveLength(2);
  });

  it('lets the learners read the lesson files, and nobody else', async () => {
    const clip = await uploadFile(t, academic, mp4(60), 'clip.mp4');
    const course = await published(academic, { chapters: [chapter('Watch', [lesson.video('Clip', clip)])] });
    ok(await assign(academic, { courseId: course.id, rangeType: CourseRange.Individual, studentIds: [ids.s2026001] }));
    const readable = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: clip, headers: { token } });
      return res.statusCode === 200 && !String(res.headers['content-type']).includes('json');
    };
    expect(await readable(tokens.s2026001)).toBe(true);
    expect(await readable(tokens.s2026002)).toBe(false);
    expect(await readable(other)).toBe(false);
  });
});

describe('publishing a change', () => {
  let course: Course;
  const progressOf = async () => new Map((await learnersPage({})).list.map((l) => [l.userId, l.progress]));
  const learnersPage = async (filter: object, token = academic) =>
    ok(
      await t.call<LearnerPage>('POST', '/api/course/learners', {
        token,
        body: { courseId: course.id, pageIndex: 1, pageSize: 50, ...filter },
      }),
    );
  // Publishes after a preview and checks that every learner moved as the preview said.
  async function publishAsPreviewed(): Promise<PublishPreview> {
    const before = await progressOf();
    const preview = ok(
      await t.call<PublishPreview>('POST', `/api/course/publishPreview/${course.id}`, { token: academic }),
    );
    course = await publish(t, academic, course.id);
    const after = await progressOf();
    const moves = new Map<string, { from: number; to: number; count: number }>();
    for (const [user, from] of before) {
      const to = after.get(user)!;
      if (to === from) continue;
      const m = moves.get(`${from}>${to}`) ?? { from, to, count: 0 };
      m.count++;
      moves.set(`${from}>${to}`, m);
    }
    const byKey = (m: { from: number; to: number }) => `${m.from}>${m.to}`;
    expect(preview.moves.map(byKey).sort()).toEqual([...moves.values()].map(byKey).sort());
    for (const m of preview.moves) expect(m.count).toBe(moves.get(byKey(m))?.count);
    expect(preview.version).toBe(course.version);
    expect(preview.learners).toBe(before.size);
    const done = [...after.values()].filter((p) => p === 100).length;
    expect(preview.completedAfter).toBe(done);
    return preview;
  }

  beforeAll(async () => {
    course = await published(academic, { chapters: articles(2) });
    ok(await assign(academic, { courseId: course.id, rangeType: CourseRange.Class, teamIds: [classA] }));
    const [first, second] = lessonIds(course);
    for (const id of [first!, second!]) ok(await open('s2026001', id));
    ok(await open('s2026002', first!));
  });

  it('a lesson added drops the complete from 100 %; a removed lesson no longer counts', async () => {
    expect(await progressOf()).toEqual(
      new Map([
        [ids.s2026001, 100],
        [ids.s2026002, 50],
        [ids.s2026003, 0],
      ]),
    );
    const read = await readCourse(t, academic, course.id);
    ok(await updateCourse(t, academic, read, (i) => (i.chapters = [...read.chapters!, ...articles(1)])));
    const added = await publishAsPreviewed();
    expect(added).toMatchObject({ removed: [], ruleChanged: [], completedBefore: 1, completedAfter: 0 });
    expect(added.added.map((l) => l.title)).toEqual(['Page 1']);
    expect(added.moves.find((m) => m.from === 100)?.to).toBeLessThan(100);
    // The first page goes: what was learnt in it no longer counts.
    const now = await readCourse(t, academic, course.id);
    const gone = now.chapters![0].lessons[0]!;
    ok(
      await updateCourse(t, academic, now, (i) => {
        i.chapters = now.chapters!.map((c, n) => (n === 0 ? { ...c, lessons: c.lessons.slice(1) } : c));
      }),
    );
    const removed = await publishAsPreviewed();
    expect(removed.removed).toEqual([{ id: gone.id, title: gone.title }]);
    expect((await progressOf()).get(ids.s2026002)).toBe(0);
  });

  it('lists learners by name with filters and a summary; one learner’s lessons; the export', async () => {
    const all = await learnersPage({});
    // In the database's order of names.
    const byName = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [ids.s2026001, ids.s2026002, ids.s2026003]))
      .orderBy(asc(users.realName), asc(users.id));
    expect(all.list.map((l) => l.userId)).toEqual(byName.map((u) => u.id));
    expect(all.summary).toMatchObject({ learners: 3, notStarted: 2, inProgress: 1, completed: 0, overdue: 0 });
    const lessons = lessonIds(course);
    expect(all.summary.byLesson.map((b) => [b.lessonId, b.done])).toEqual(
      lessons.map((id, i) => [id, i === 0 ? 1 : 0]),
    );
    const notStarted = (await learnersPage({ status: LearnerStatus.NotStarted })).list.map((l) => l.userId);
    expect(sorted(notStarted)).toEqual(sorted([ids.s2026002, ids.s2026003]));
    expect((await learnersPage({ keyword: 's2026001' })).list.map((l) => l.userId)).toEqual([ids.s2026001]);
    expect((await learnersPage({ teamId: classB })).total).toBe(0);
    expect((await learnersPage({ source: EnrolmentSource.Self })).total).toBe(0);
    expect((await learnersPage({ pageSize: 1, pageIndex: 2 })).list).toHaveLength(1);

    const states = ok(
      await t.call<LessonState[]>('POST', '/api/course/learnerLessons', {
        token: academic,
        body: { courseId: course.id, userId: ids.s2026001 },
        headers: { 'accept-language': 'zh-CN' },
      }),
    );
    expect(states.map((s) => [s.lessonId, s.status])).toEqual([
      [lessons[0], LearnerStatus.Completed],
      [lessons[1], LearnerStatus.NotStarted],
    ]);
    expect(states[1]?.missing).toBe('尚未打开');
    refused(
      await t.call('POST', '/api/course/learnerLessons', {
        token: academic,
        body: { courseId: course.id, userId: ids.s2026006 },
      }),
      'notFound',
    );
    refused(
      await t.call('POST', '/api/course/learners', { token: teacher, body: { courseId: course.id } }),
      'notFound',
    );

    const started = ok(
      await t.call<{ exportId: number }>('POST', `/api/course/learners/export/${course.id}`, {
        token: academic,
        body: { status: LearnerStatus.InProgress },
        query: { lang: 'zh' },
      }),
    );
    await t.app.jobs.runUntilIdle();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/export/download/${started.exportId}`,
      headers: { token: academic },
    });
    const sheet = await sheetRows(file.rawPayload);
    expect(sheet[0]?.slice(0, 3)).toEqual(['用户名', '姓名', '班级']);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['s2026001']);
    expect(sheet[1]?.[6]).toBe('学习中');
  });
});
