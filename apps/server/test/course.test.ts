import { type Course, CourseStatus, type InboxPage, ResultCode } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseVersions } from '../src/modules/course/course.table';
import { rows } from '../src/platform/sql-rows';
import { chapter, createCourse, lesson, mp4, publish, readCourse, updateCourse, uploadFile } from './course-fixture';
import { examPeople, makeClasses, onePaper } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// The course draft (issue 30): chapters and lessons as owned rows with stable ids, rules that fit
// their lesson type, quiz papers, video lengths read from the file, co-teachers; the scope of
// another teacher; publishing versions (ten at once), archive and delete; messages about a course.

let t: TestApp;
let academic: string;
let teacher: string;
let other: string;
let northTeacher: string;
let student: string;
let ids: Record<string, number>;
let tokens: Record<string, string>;
let video: string;
let paperId: number;
let draftPaperId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ academic, teacher, northTeacher, tokens, ids } = await examPeople(t, ['s2026001', 'wang.fang', 'student']));
  other = tokens['wang.fang'];
  student = tokens.student;
  video = await uploadFile(t, teacher, mp4(120), 'intro.mp4');
  paperId = await onePaper(t, academic, { name: 'Quiz paper' });
  draftPaperId = ok(
    await t.call<{ id: number }>('POST', '/api/examPaper/create', {
      token: academic,
      body: { name: 'Unpublished', sections: [{ title: 'A', items: [] }] },
    }),
  ).id;
});
afterAll(() => t.close());

const total = async () =>
  Number((await rows<{ n: string }>(t.database.db, sql`select count(*) as n from courses`))[0]?.n);
const lessonIds = (c: Course) => c.chapters!.flatMap((ch) => ch.lessons.map((l) => l.id));

describe('the course draft', () => {
  it('saves chapters and lessons, reads the video length, keeps ids across an update', async () => {
    const basics = chapter('Basics', [lesson.video('Intro', video, 80), lesson.article('Notes')]);
    const created = await createCourse(t, teacher, {
      title: 'Algebra',
      description: '<p>Hello<script>alert(1)</script></p>',
      chapters: [basics, chapter('Check', [lesson.quiz('Quiz', paperId, 1)], { requires: [basics.key] })],
      // Neither is taken from the input.
      ...({ status: CourseStatus.Published, version: 7 } as object),
    });
    expect(created).toMatchObject({ status: CourseStatus.Draft, version: 0, ownerId: ids.teacher, draftChanged: true });
    expect(created.counts).toEqual({ lessons: 3, learners: 0, completed: 0 });
    expect(created.description).not.toContain('script');
    const read = await readCourse(t, teacher, created.id);
    const [intro, notes] = read.chapters![0].lessons;
    expect(intro.durationSeconds).toBe(120);
    expect(notes.durationSeconds).toBeNull();
    expect(read.chapters![1].requires).toEqual([basics.key]);
    expect(read.chapters![1].lessons[0].paperId).toBe(paperId);

    // Lessons swap places, one is renamed, one is added: the kept rows keep their ids.
    ok(
      await updateCourse(t, teacher, structuredClone(read), (input) => {
        const chapters = input.chapters as Course['chapters'] & object;
        chapters[0].lessons = [notes, { ...intro, title: 'Welcome' }];
        (chapters[1].lessons as object[]).push(lesson.article('Summary'));
      }),
    );
    const after = await readCourse(t, teacher, created.id);
    expect(after.chapters!.map((c) => c.id)).toEqual(read.chapters!.map((c) => c.id));
    expect(after.chapters![0].lessons.map((l) => [l.id, l.title])).toEqual([
      [notes.id, 'Notes'],
      [intro.id, 'Welcome'],
    ]);
    expect(lessonIds(after)).toHaveLength(4);
    const byId = (a: number, b: number) => a - b;
    expect(lessonIds(after).slice(0, 3).sort(byId)).toEqual(lessonIds(read).sort(byId));
    expect(after.chapters![0].lessons[1].durationSeconds).toBe(120);
  });

  it('refuses lessons that do not fit (501 naming the field) and writes nothing', async () => {
    const before = await total();
    const png = await uploadFile(t, teacher, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]), 'a.png', 'image');
    const cases: [object, string, string][] = [
      [
        { chapters: [chapter('A', [lesson.article('a'), lesson.article('b', { completionRule: 3, threshold: 1 })])] },
        'lessonRule',
        'chapters.0.lessons.1.completionRule',
      ],
      [{ chapters: [chapter('A', [lesson.quiz('q', draftPaperId)])] }, 'paperNotQuiz', 'chapters.0.lessons.0.paperId'],
      [{ chapters: [chapter('A', [lesson.video('v', png)])] }, 'notVideoOrDocument', 'chapters.0.lessons.0.fileUrl'],
      [
        { chapters: [chapter('A', [lesson.article('a', { requires: ['no-such-key'] })])] },
        'unknownPrerequisite',
        'chapters.0.lessons.0.requires.0',
      ],
      [{ teacherIds: [ids.student] }, 'notATeacher', 'teacherIds.0'],
    ];
    for (const [body, key, field] of cases) {
      const res = await t.call('POST', '/api/course/create', {
        token: teacher,
        body: { code: 'BAD-1', title: 'x', ...body },
      });
      expect(res.code, field).toBe(ResultCode.InvalidParams);
      refused(res, key, field);
    }
    expect(await total()).toBe(before);
  });

  it("links only lesson files the editor can open: another teacher's lesson video is refused", async () => {
    const theirs = await uploadFile(t, other, mp4(30), 'theirs.mp4');
    await createCourse(t, other, { chapters: [chapter('Theirs', [lesson.video('Clip', theirs)])] });
    const res = await t.call('POST', '/api/course/create', {
      token: teacher,
      body: { code: 'TAKE-1', title: 'Taken', chapters: [chapter('Mine', [lesson.video('Clip', theirs)])] },
    });
    refused(res, 'fileNotReadable', 'chapters.0.lessons.0.fileUrl');
  });
});

describe("a course's files", () => {
  it('a learner downloads the files of the version they learn, not of lessons still in the draft', async () => {
    const course = await createCourse(t, academic, { chapters: [chapter('A', [lesson.video('V', video, 50)])] });
    await publish(t, academic, course.id);
    ok(
      await t.call('POST', '/api/course/assign', {
        token: academic,
        body: { courseId: course.id, rangeType: 3, studentIds: [ids.student] },
      }),
    );
    const draftVideo = await uploadFile(t, academic, mp4(30), 'draft.mp4');
    const saved = await updateCourse(t, academic, await readCourse(t, academic, course.id), (input) => {
      const [a] = input.chapters as { lessons: unknown[] }[];
      a!.lessons.push(lesson.video('Draft', draftVideo, 50));
    });
    expect(saved.code).toBe(ResultCode.Success);
    // A file the caller may not read is answered like one that does not exist.
    const get = async (token: string, url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { token } });
      return res.headers['content-type']?.toString().startsWith('video/') ? 200 : (res.json() as { code: number }).code;
    };
    expect(await get(student, video)).toBe(200);
    expect(await get(student, draftVideo)).toBe(ResultCode.Error);
    expect(await get(academic, draftVideo)).toBe(200);
    // A student the course does not reach reads none of it.
    expect(await get(tokens.s2026001!, video)).toBe(ResultCode.Error);
  });
});

describe('who reaches a course', () => {
  it('another teacher neither reads nor changes it; a co-teacher edits it; students have no staff route', async () => {
    const course = await createCourse(t, teacher, { title: 'Mine', chapters: [chapter('A', [lesson.article('a')])] });
    const id = course.id;
    for (const token of [other, northTeacher]) {
      for (const [url, body] of [
        [`/api/course/select/${id}`, undefined],
        ['/api/course/update', { id, code: course.code, title: 'Taken' }],
        [`/api/course/delete/${id}`, undefined],
        [`/api/course/publish/${id}`, {}],
        [`/api/course/publishPreview/${id}`, undefined],
        [`/api/course/assignments/${id}`, undefined],
        ['/api/course/learners', { courseId: id }],
        ['/api/course/learnerLessons', { courseId: id, userId: ids.s2026001 }],
        [`/api/course/learners/export/${id}`, {}],
      ] as const) {
        refused(await t.call('POST', url, { token, body }), 'notFound');
      }
      const page = ok(await t.call<{ list: Course[] }>('POST', '/api/course/page', { token, body: {} }));
      expect(page.list.some((c) => c.id === id)).toBe(false);
    }
    expect((await t.call('POST', `/api/course/select/${id}`, { token: student })).code).toBe(ResultCode.Forbidden);
    // The office (course:all) reads every course.
    expect((await readCourse(t, academic, id)).title).toBe('Mine');
    // Named a co-teacher, the colleague edits it; staff only may be named.
    ok(await updateCourse(t, teacher, await readCourse(t, teacher, id), (i) => (i.teacherIds = [ids['wang.fang']])));
    ok(await updateCourse(t, other, await readCourse(t, other, id), (i) => (i.title = 'Ours')));
    expect((await readCourse(t, teacher, id)).title).toBe('Ours');
  });
});

describe('publishing', () => {
  it('refuses an empty course; ten publishes at once make ten versions, each once', async () => {
    const empty = await createCourse(t, teacher, {});
    refused(
      await t.call('POST', `/api/course/publish/${empty.id}`, { token: teacher, body: {} }),
      'courseEmpty',
      'chapters',
    );
    const course = await createCourse(t, teacher, { chapters: [chapter('A', [lesson.article('a')])] });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call('POST', `/api/course/publish/${course.id}`, { token: teacher, body: {} }),
      ),
    );
    // Each is a success or a clean refusal, never a server error.
    for (const r of replies) expect([ResultCode.Success, ResultCode.InvalidParams]).toContain(r.code);
    const done = replies.filter((r) => r.code === ResultCode.Success).length;
    const versions = await t.database.db
      .select({ version: courseVersions.version })
      .from(courseVersions)
      .where(and(eq(courseVersions.organizationId, t.ids.demo.orgId), eq(courseVersions.courseId, course.id)));
    expect(versions.map((v) => v.version).sort((a, b) => a - b)).toEqual(Array.from({ length: done }, (_, i) => i + 1));
    const now = await readCourse(t, teacher, course.id);
    expect(now).toMatchObject({ status: CourseStatus.Published, version: done, draftChanged: false });
    // An edit leaves a draft to publish; the version learners learn stays until then.
    ok(await updateCourse(t, teacher, now, (i) => (i.title = 'Edited')));
    expect(await readCourse(t, teacher, course.id)).toMatchObject({ version: done, draftChanged: true });
  });

  it('archives a published course only; deletes a course nobody learns', async () => {
    const course = await createCourse(t, teacher, { chapters: [chapter('A', [lesson.article('a')])] });
    refused(
      await t.call('POST', `/api/course/archive/${course.id}`, { token: teacher, body: {} }),
      'transition',
      'status',
    );
    await publish(t, teacher, course.id);
    const archived = ok(await t.call<Course>('POST', `/api/course/archive/${course.id}`, { token: teacher, body: {} }));
    expect(archived.status).toBe(CourseStatus.Archived);
    refused(await t.call('POST', `/api/course/publish/${course.id}`, { token: teacher, body: {} }), 'transition');
    const draft = await createCourse(t, teacher, { chapters: [chapter('A', [lesson.article('a')])] });
    ok(await t.call('POST', `/api/course/delete/${draft.id}`, { token: teacher }));
    refused(await t.call('POST', `/api/course/select/${draft.id}`, { token: teacher }), 'notFound');
  });
});

describe('messages about a course', () => {
  it('may be about a course the sender reaches, and name it in the inbox', async () => {
    const [teamId] = await makeClasses(t, academic, 2095, [
      { name: 'Course notices', members: [ids.s2026001], classTeacherId: ids.teacher },
    ]);
    const course = await createCourse(t, teacher, {
      title: 'Geometry',
      chapters: [chapter('A', [lesson.article('a')])],
    });
    const theirs = await createCourse(t, other, { title: 'Not yours' });
    const body = { title: 'About the course', targetType: 3, teamIds: [teamId], associationType: 3 };
    refused(
      await t.call('POST', '/api/message/create', { token: teacher, body: { ...body, associationId: theirs.id } }),
      'nothingAbout',
      'associationId',
    );
    const m = ok(
      await t.call<{ id: number }>('POST', '/api/message/create', {
        token: teacher,
        body: { ...body, associationId: course.id },
      }),
    );
    ok(await t.call('POST', `/api/message/publish/${m.id}`, { token: teacher, body: {} }));
    const learner = await t.login('demo', 's2026001');
    const inbox = ok(await t.call<InboxPage>('POST', '/api/message/inbox', { token: learner, body: { view: 'all' } }));
    expect(inbox.list.find((x) => x.id === m.id)?.about).toEqual({ type: 3, id: course.id, name: 'Geometry' });
  });
});
