import { z } from 'zod';
import { SYSTEM_NOTICES } from '../enums/message';
import { roleKindLabels } from '../enums/role-kind';
import { codedIssue } from '../errors';
import { zDateText, zDateTime, zEnum, zId } from '../fields';
import { zMyLiveClass } from './live-class';
import { zOperationLog } from './log';

export const zDashboardSummary = z.object({
  userCount: z.number().int(),
  activeToday: z.number().int(),
  usersByRole: z.array(
    z.object({
      roleId: zId,
      name: z.string(),
      code: z.string().nullable(),
      kind: zEnum(roleKindLabels),
      count: z.number().int(),
    }),
  ),
  // One entry per day of the last 30 days (UTC), oldest first, days without logins included.
  loginsPerDay: z.array(z.object({ date: z.string(), success: z.number().int(), failed: z.number().int() })),
  recentOperations: z.array(zOperationLog),
});
export type DashboardSummary = z.infer<typeof zDashboardSummary>;

// A staff member's work on the home page (GET /api/dashboard/work): what waits for them, each list at
// most WORK_LIST_LIMIT items, the most pressing first, with how many there are in all. A part is null
// when the caller's role has no screen for it (no marking, no homework, no exams).
export const WORK_LIST_LIMIT = 5;
// "Today" is the caller's day, which the server cannot know: the page sends its local midnights.
export const zStaffWorkRequest = z
  .object({ dayStart: zDateText('date-time'), dayEnd: zDateText('date-time') })
  .superRefine((r, ctx) => {
    const span = Date.parse(r.dayEnd) - Date.parse(r.dayStart);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['dayEnd'], ...codedIssue('endBeforeStart') });
    else if (span > 2 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['dayEnd'], ...codedIssue('tooBig', { max: 48 }) });
  });
export const zStaffWork = z.object({
  // Exams with answers waiting for a hand (the marking list's "to mark"), newest first.
  marking: z
    .object({
      exams: z.number().int(),
      answers: z.number().int(),
      list: z.array(z.object({ id: zId, name: z.string(), pending: z.number().int(), windowEnd: zDateTime })),
    })
    .nullable(),
  // The caller's homework (all of it with task:all) with hand-ins waiting for a teacher.
  homework: z
    .object({
      tasks: z.number().int(),
      handIns: z.number().int(),
      list: z.array(z.object({ id: zId, examId: zId, name: z.string(), toMark: z.number().int() })),
    })
    .nullable(),
  // Today's exams the caller may see, earliest first: who has started, handed in, and not started yet
  // ("late" once a sitting's window has opened).
  today: z
    .array(
      z.object({
        id: zId,
        name: z.string(),
        windowStart: zDateTime,
        windowEnd: zDateTime,
        openWindow: z.boolean(),
        candidates: z.number().int(),
        started: z.number().int(),
        handedIn: z.number().int(),
        notStarted: z.number().int(),
      }),
    )
    .nullable(),
});
export type StaffWork = z.infer<typeof zStaffWork>;

// A student's home page (POST /api/dashboard/student). The exam, homework and message modules do
// not exist yet, so today every list is empty; each module fills its list when it lands, with the
// shape declared here, and the portal shows it without another change to the contract. Every list
// holds at most PORTAL_LIST_LIMIT items, the most pressing first; the card links to the full page.
export const PORTAL_LIST_LIMIT = 5;

// An exam the student is a candidate for whose window has not closed: upcoming (opens later) or
// open now. Filled by the exam module; the candidate list decides who sees it.
export const zPortalExam = z.object({
  id: zId,
  name: z.string(),
  // The course or subject it belongs to, when the exam names one.
  course: z.string().nullable(),
  // The window in which the student may start it.
  startTime: zDateTime,
  endTime: zDateTime,
  // How long one attempt may last once started; null when only the window limits it.
  durationMinutes: z.number().int().positive().nullable(),
  state: z.enum(['upcoming', 'open']),
});
export type PortalExam = z.infer<typeof zPortalExam>;

// Homework given to the student (or their class) that they have not handed in, soonest due first.
// Filled by the task module.
export const zPortalHomework = z.object({
  id: zId,
  title: z.string(),
  course: z.string().nullable(),
  // No deadline when null.
  dueTime: zDateTime.nullable(),
  // The per-user task status: in progress once an answer is saved but not handed in.
  state: z.enum(['notStarted', 'inProgress']),
});
export type PortalHomework = z.infer<typeof zPortalHomework>;

// A mark the student may see: an exam result once published, or marked homework. Newest first.
// Filled by the exam and task modules.
export const zPortalResult = z.object({
  // The answer sheet's id in its module (an exam answer or a homework hand-in).
  id: zId,
  kind: z.enum(['exam', 'homework']),
  title: z.string(),
  // Null while part of it still waits for a teacher's marking.
  score: z.number().nonnegative().nullable(),
  maxScore: z.number().nonnegative(),
  // Null when the exam or homework sets no pass mark.
  passed: z.boolean().nullable(),
  publishedTime: zDateTime,
});
export type PortalResult = z.infer<typeof zPortalResult>;

// A message sent to the student (by a teacher, or by the system about an exam or homework).
// Newest first, unread ones included. Filled by the message module.
export const zPortalMessage = z.object({
  id: zId,
  title: z.string(),
  // The sender's name; null for messages the system sends.
  sender: z.string().nullable(),
  sendTime: zDateTime,
  read: z.boolean(),
  needRead: z.boolean(),
  // The product's notices are worded by the reader's screen from their kind and parameters.
  notice: z.enum(SYSTEM_NOTICES).nullable(),
  noticeParams: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type PortalMessage = z.infer<typeof zPortalMessage>;

export const zStudentPortal = z.object({
  // Where the student belongs, for the greeting: their department (now) and classes (the class
  // module fills them; empty until then).
  department: z.string().nullable(),
  classes: z.array(z.object({ id: zId, name: z.string() })),
  exams: z.array(zPortalExam).max(PORTAL_LIST_LIMIT),
  homework: z.array(zPortalHomework).max(PORTAL_LIST_LIMIT),
  results: z.array(zPortalResult).max(PORTAL_LIST_LIMIT),
  messages: z.array(zPortalMessage).max(PORTAL_LIST_LIMIT),
  // Live classes open now or starting soon (the live-class module fills them; issue 32).
  live: z.array(zMyLiveClass).max(PORTAL_LIST_LIMIT),
});
export type StudentPortal = z.infer<typeof zStudentPortal>;
