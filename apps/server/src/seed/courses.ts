import { readFileSync } from 'node:fs';
import {
  CompletionRule,
  CourseRange,
  ExamPaperStatus,
  LessonType,
  PaperType,
  ProgressEvent,
  zAssignmentInput,
  zCourseCreate,
} from '@lyceum/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { courseCategories } from '../modules/catalogue/catalogue.table';
import { courseResource } from '../modules/course/course.resource';
import { courseEnrolments, lessonProgress, progressLog } from '../modules/course/course.table';
import { assign } from '../modules/course/course-assign.service';
import { refreshEnrolments } from '../modules/course/course-progress';
import { registerMediaStorage } from '../modules/course/lesson-media';
import { examPapers } from '../modules/exam-paper/exam-paper.table';
import { uploadFile } from '../modules/file/file.service';
import type { FileStorage } from '../modules/file/file.storage';
import { teamMembers, teams } from '../modules/team/team.table';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { textPdf } from './pdf';
import { seedContext } from './seed-context';

const DAY = 86_400_000;
// Eight seconds drawn and recorded in Chromium (scripts/make-demo-video.mjs), committed.
const VIDEO = new URL('./assets/demo-lesson.webm', import.meta.url);

// Courses so Course learning and My courses have something to show after `npm start`: a required
// course with a video, an article, a PDF handout and a quiz, assigned to the demo teacher's class
// (`student` is part-way through it: the article read, three seconds of the video watched, the
// quiz locked until the video is done); an elective open for self-enrolment; a draft. Without a
// file storage (tests that seed no files) the video and the handout are left out.
export async function seedCourses(db: Db, orgId: number, teacherId: number, storage: FileStorage | null) {
  const ctx = seedContext(db, orgId, teacherId, [
    'courseLearning:page',
    'course:create',
    'course:update',
    'course:publish',
  ]);
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const team = await one(
    db
      .select({ id: teams.id })
      .from(teams)
      .where(inOrg(teams, orgId, [like(teams.name, 'Class 2024-1%')])),
  );
  const student = await one(
    db
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, orgId, [eq(users.userName, 'student')])),
  );
  const paper = await one(
    db
      .select({ id: examPapers.id, total: examPapers.totalScore })
      .from(examPapers)
      .where(
        inOrg(examPapers, orgId, [
          eq(examPapers.paperType, PaperType.Exam),
          eq(examPapers.status, ExamPaperStatus.Published),
        ]),
      )
      .orderBy(asc(examPapers.id))
      .limit(1),
  );
  const category = await one(
    db
      .select({ id: courseCategories.id })
      .from(courseCategories)
      .where(and(eq(courseCategories.organizationId, orgId), like(courseCategories.name, 'Programming%'))),
  );
  if (!team || !student) return;

  let video: string | null = null;
  let handout: string | null = null;
  if (storage) {
    registerMediaStorage(db, storage);
    video = (await uploadFile(ctx, storage, 'resource', 'photosynthesis.webm', readFileSync(VIDEO))).url;
    const pdf = textPdf('Photosynthesis: a one-page handout', [
      'Plants make glucose from light, water and carbon dioxide:',
      '6 CO2 + 6 H2O + light -> C6H12O6 + 6 O2',
      'Chlorophyll, in the chloroplasts, absorbs red and blue light and reflects green.',
      'The light reactions make ATP and NADPH; the Calvin cycle uses them to fix carbon.',
      'Read it, then mark the lesson done.',
    ]);
    handout = (await uploadFile(ctx, storage, 'document', 'photosynthesis-handout.pdf', pdf)).url;
  }

  const k = (s: string) => `demo-${s}`;
  const videoLesson = (key: string, title: string, threshold: number) =>
    video
      ? [
          {
            key: k(key),
            title,
            lessonType: LessonType.Video,
            fileUrl: video,
            completionRule: CompletionRule.Watched,
            threshold,
          },
        ]
      : [];
  const handoutLesson = (key: string, title: string, rule: CompletionRule) =>
    handout ? [{ key: k(key), title, lessonType: LessonType.Document, fileUrl: handout, completionRule: rule }] : [];

  const biology = await courseResource.create(
    ctx,
    zCourseCreate.parse({
      code: 'BIO-101',
      title: 'Photosynthesis 光合作用',
      description:
        '<p>How plants turn light into food, in four short lessons and a quiz. 四节短课和一次测验，了解植物如何把光变成养分。</p>',
      required: true,
      creditHours: 2,
      selfEnrol: false,
      chapters: [
        {
          key: k('ch1'),
          title: 'Light and leaves 光与叶',
          lessons: [
            ...videoLesson('video', 'Photosynthesis in eight seconds 八秒看懂光合作用', 80),
            {
              key: k('article'),
              title: 'What chlorophyll does 叶绿素的作用',
              lessonType: LessonType.Article,
              body:
                '<h3>Chlorophyll 叶绿素</h3><p>Chlorophyll absorbs <b>red</b> and <b>blue</b> light and reflects green, ' +
                'which is why leaves look green.</p><p>叶绿素吸收红光和蓝光、反射绿光，所以叶子看起来是绿色的。</p>',
              completionRule: CompletionRule.Viewed,
            },
          ],
        },
        {
          key: k('ch2'),
          title: 'Check yourself 自测',
          requires: video ? [k('video')] : [],
          lessons: [
            ...handoutLesson('handout', 'Handout (PDF) 讲义', CompletionRule.MarkedDone),
            ...(paper
              ? [
                  {
                    key: k('quiz'),
                    title: 'End-of-course quiz 结课测验',
                    lessonType: LessonType.Quiz,
                    paperId: paper.id,
                    completionRule: CompletionRule.QuizScore,
                    threshold: Math.max(1, Math.round(Number(paper.total ?? 10) * 0.6)),
                  },
                ]
              : []),
          ],
        },
      ],
    }),
  );
  const biologyId = Number(biology.id);
  await courseResource.runAction(ctx, 'publish', biologyId, {});
  await assign(
    ctx,
    await courseResource.get(ctx, biologyId),
    zAssignmentInput.parse({
      courseId: biologyId,
      rangeType: CourseRange.Class,
      teamIds: [team.id],
      required: true,
      dueTime: new Date(Date.now() + 14 * DAY).toISOString(),
    }),
  );

  const skills = await courseResource.create(
    ctx,
    zCourseCreate.parse({
      code: 'SKL-110',
      title: 'Study skills 学习方法',
      description: '<p>Short lessons on notes, revision and exams. 关于笔记、复习与考试的短课。</p>',
      required: false,
      creditHours: 1,
      selfEnrol: true,
      sequential: true,
      chapters: [
        {
          key: k('s-ch1'),
          title: 'Taking notes 记笔记',
          lessons: [
            {
              key: k('s-cornell'),
              title: 'The Cornell method 康奈尔笔记法',
              lessonType: LessonType.Article,
              body:
                '<p>Divide the page: notes on the right, cues on the left, a summary at the bottom.</p>' +
                '<p>把一页纸分成三栏：右侧记笔记，左侧写提示，底部写总结。</p>',
              completionRule: CompletionRule.MarkedDone,
            },
            ...videoLesson('s-video', 'Spaced revision in eight seconds 八秒了解间隔复习', 50),
          ],
        },
      ],
    }),
  );
  await courseResource.runAction(ctx, 'publish', Number(skills.id), {});

  await courseResource.create(
    ctx,
    zCourseCreate.parse({
      code: 'DAT-120',
      title: 'Data literacy (draft) 数据素养（草稿）',
      categoryId: category?.id ?? null,
      chapters: [
        {
          key: k('d-ch1'),
          title: 'Reading a chart 读懂图表',
          lessons: [
            {
              key: k('d-axes'),
              title: 'Axes and scales 坐标轴与刻度',
              lessonType: LessonType.Article,
              body: '<p>Start at the axes: what is measured, in which unit, from where.</p>',
              completionRule: CompletionRule.Viewed,
            },
          ],
        },
      ],
    }),
  );

  const classmates = (
    await db
      .select({ id: users.id })
      .from(teamMembers)
      .innerJoin(users, and(eq(users.organizationId, teamMembers.organizationId), eq(users.id, teamMembers.userId)))
      .where(and(eq(teamMembers.organizationId, orgId), eq(teamMembers.teamId, team.id)))
      .orderBy(asc(users.userName))
  )
    .map((u) => u.id)
    .filter((id) => id !== student.id)
    .slice(0, 8);
  const levels = [
    [8, 1],
    [8, 1],
    [8, 0],
    [7, 0],
    [5, 0],
    [2, 0],
    [0, 0],
    [0, 0],
  ];
  await seedProgress(db, orgId, biologyId, await courseResource.get(ctx, biologyId), [
    [student.id, 3, 0],
    ...classmates.map((id, i) => [id, ...(levels[i] ?? [0, 0])]),
  ]);
}

// What learners did a day ago, written as the log (the record) with its sums beside it, then each
// enrolment's standing: `student` read the article and watched three seconds of the video (so the
// second chapter is locked); classmates are spread from "read the article" to "marked the handout
// done", so the learners page has a picture to show.
async function seedProgress(db: Db, orgId: number, courseId: number, course: Record<string, unknown>, who: number[][]) {
  const chapters = (course.chapters ?? []) as { lessons: { id: number; key: string }[] }[];
  const lessons = new Map(chapters.flatMap((c) => c.lessons).map((l) => [l.key, l.id]));
  const at = new Date(Date.now() - DAY);
  const article = lessons.get('demo-article');
  const video = lessons.get('demo-video');
  const handout = lessons.get('demo-handout');
  await db.transaction(async (tx) => {
    // [user, seconds of the 8 s video watched, handout marked done (1)]
    for (const [userId, seconds, done] of who) {
      const base = { organizationId: orgId, userId: userId!, courseId, createTime: at };
      const sums = { organizationId: orgId, userId: userId!, courseId, viewed: true, updateTime: at };
      if (article) {
        await tx.insert(progressLog).values({ ...base, lessonId: article, event: ProgressEvent.Opened });
        await tx.insert(lessonProgress).values({ ...sums, lessonId: article });
      }
      if (video && seconds) {
        await tx.insert(progressLog).values([
          { ...base, lessonId: video, event: ProgressEvent.Opened },
          {
            ...base,
            lessonId: video,
            event: ProgressEvent.Watched,
            fromSec: 0,
            toSec: seconds,
            counted: seconds,
            rate: 1,
          },
        ]);
        await tx.insert(lessonProgress).values({
          ...sums,
          lessonId: video,
          watched: [[0, seconds]],
          watchedSeconds: seconds,
          position: seconds,
        });
      }
      if (handout && done) {
        await tx.insert(progressLog).values([
          { ...base, lessonId: handout, event: ProgressEvent.Opened },
          { ...base, lessonId: handout, event: ProgressEvent.MarkedDone },
        ]);
        await tx.insert(lessonProgress).values({ ...sums, lessonId: handout, markedDone: true });
      }
      const last = (done && handout) || (seconds && video) || article || null;
      await tx
        .update(courseEnrolments)
        .set({ lastLessonId: last, lastStudyAt: at, seenVersion: 1 })
        .where(
          inOrg(courseEnrolments, orgId, [
            eq(courseEnrolments.courseId, courseId),
            eq(courseEnrolments.userId, userId!),
          ]),
        );
    }
    await refreshEnrolments(
      tx,
      orgId,
      courseId,
      who.map(([u]) => u!),
    );
  });
}
