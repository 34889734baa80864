import {
  AttemptCounting,
  ExamLogType,
  ExamPaperStatus,
  PaperType,
  QuestionType,
  RegistrationMode,
  RoleKind,
  type SaveItem,
  UserStatus,
  zExamCreate,
} from '@lyceum/contract';
import { asc, eq } from 'drizzle-orm';
import { teachVenues } from '../modules/calendar/calendar.table';
import { recordEvents, saveAnswers, startAttempt, submitAttempt } from '../modules/exam/attempt.service';
import { examResource } from '../modules/exam/exam.resource';
import { examPapers } from '../modules/exam-paper/exam-paper.table';
import { withRoleKind } from '../modules/user/user.service';
import { users } from '../modules/user/user.table';
import type { RequestContext } from '../platform/context';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedMarkedExams } from './marked-exams';
import { seedContext } from './seed-context';

const DAY = 86_400_000;
// Whole hours, so the demo's times read cleanly.
const hour = (t: number) => new Date(Math.floor(t / 3_600_000) * 3_600_000);

// Three exams on the published demo paper, so every exam screen has something to show right after
// `npm start`: a practice exam open now for every demo student (for a month), a final exam in a
// venue later, and an olympiad taking registrations now.
export async function seedExams(db: Db, orgId: number, userId: number) {
  const ctx = seedContext(db, orgId, userId, [
    'exam:page',
    'exam:create',
    'exam:publish',
    'exam:all',
    'examPaper:page',
  ]);
  const [paper] = await db
    .select({ id: examPapers.id })
    .from(examPapers)
    .where(
      inOrg(examPapers, orgId, [
        eq(examPapers.status, ExamPaperStatus.Published),
        eq(examPapers.paperType, PaperType.Exam),
      ]),
    )
    .orderBy(asc(examPapers.id))
    .limit(1);
  if (!paper) return;
  const students = await db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, orgId, [eq(users.status, UserStatus.Enabled), withRoleKind(RoleKind.Student)]))
    .orderBy(asc(users.id));
  const [venue] = await db
    .select({ id: teachVenues.id })
    .from(teachVenues)
    .where(eq(teachVenues.organizationId, orgId))
    .orderBy(asc(teachVenues.sort), asc(teachVenues.id))
    .limit(1);
  const now = Date.now();
  const make = async (input: Record<string, unknown>) => {
    const exam = await examResource.create(ctx, zExamCreate.parse({ paperId: paper.id, ...input }));
    await examResource.runAction(ctx, 'publish', exam.id as number, { acceptWarnings: true });
    return exam.id as number;
  };
  // First the exams already sat (moved into the past), so the practice exam open now clashes with none.
  await seedMarkedExams(
    db,
    orgId,
    userId,
    paper.id,
    students.map((s) => s.id),
  );
  const practice = await make({
    name: 'Calculus practice (open now) 微积分练习（进行中）',
    windowStart: hour(now - 3_600_000).toISOString(),
    windowEnd: hour(now + 30 * DAY).toISOString(),
    durationMinutes: 60,
    studentIds: students.map((s) => s.id),
    instructions:
      'Up to three sittings before the final, the best counts; the keys open as soon as you hand in. ' +
      '期末前最多可练习三次，取最高分；交卷后即可查看答案。',
    showScore: 2,
    allowReview: true,
    // A practice exam: the marked paper with the keys right after handing in (decision 42), sat again
    // while the window is open.
    reviewAfterHandIn: true,
    attemptsAllowed: 3,
    scoreCounting: AttemptCounting.Best,
    invigilatorIds: [userId],
  });
  await seedAttempts(
    db,
    orgId,
    practice,
    students.slice(-3).map((s) => s.id),
  );
  const finalDay = hour(now + 35 * DAY).getTime();
  await make({
    name: 'Calculus I final exam 微积分期末考试',
    windowStart: new Date(finalDay).toISOString(),
    windowEnd: new Date(finalDay + 2 * 3_600_000).toISOString(),
    durationMinutes: 90,
    latestEntryMinutes: 15,
    studentIds: students.map((s) => s.id),
    // Online, watched by its invigilator: a virtual room rather than a hall for the whole year group.
    virtualRoomId: 'FINAL-01',
    invigilatorIds: [userId],
    fullscreen: true,
    switchCollectAfter: 5,
    cameraSource: 1,
  });
  const olympiad = hour(now + 40 * DAY).getTime();
  await make({
    name: 'Mathematics olympiad 数学竞赛',
    windowStart: new Date(olympiad).toISOString(),
    windowEnd: new Date(olympiad + 3 * 3_600_000).toISOString(),
    durationMinutes: 120,
    registrationMode: RegistrationMode.Open,
    registrationStart: hour(now - DAY).toISOString(),
    registrationEnd: hour(now + 33 * DAY).toISOString(),
    capacity: 30,
    needsApproval: true,
    venueId: venue?.id ?? null,
  });
}

// The exam monitor has something to show after `npm start`: three of the last demo students are in
// the practice exam (one answering, one who switched windows, one handed in), through the same
// calls a student's exam page makes. `student` and the first students stay untouched for newcomers
// and the browser tests.
async function seedAttempts(db: Db, orgId: number, examId: number, userIds: number[]) {
  const [answering, switched, done] = userIds;
  if (done === undefined || answering === undefined || switched === undefined) return;
  const as = (userId: number): RequestContext => ({
    ...seedContext(db, orgId, userId),
    userName: `student-${userId}`,
    roleKind: RoleKind.Student,
  });
  const now = Date.now();
  for (const userId of [answering, switched, done]) {
    const attempt = await startAttempt(as(userId), examId);
    const questions = attempt.sections.flatMap((s) => s.questions);
    // A plausible start: the choice and true/false questions answered with the first option.
    const items = questions.flatMap((q, i): SaveItem[] => {
      if (q.type === QuestionType.TrueFalse) return [{ questionId: q.questionId, answer: true, revision: 1 }];
      if (q.type === QuestionType.SingleChoice && q.options[0]) {
        return [{ questionId: q.questionId, answer: q.options[i % q.options.length]!.label, revision: 1 }];
      }
      return [];
    });
    await saveAnswers(as(userId), attempt.id, userId === answering ? items.slice(0, 2) : items);
    if (userId === switched) {
      await recordEvents(as(userId), {
        attemptId: attempt.id,
        events: [{ type: ExamLogType.ScreenSwitch, at: now - 60_000, detail: 'window lost focus' }],
      });
    }
    if (userId === done) await submitAttempt(as(userId), { attemptId: attempt.id, reason: 'manual' });
  }
}
