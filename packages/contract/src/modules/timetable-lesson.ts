import { z } from 'zod';
import { lessonStatusLabels } from '../enums/timetable';
import { codedIssue } from '../errors';
import { zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { checkWhen, whenFields, zDay } from './timetable';

// Lesson occurrences (issue 31): one lesson on one day, generated from a slot or made by hand, and
// the changes the office makes to them (move, cancel, restore, swap, substitute).

// An extra lesson (a make-up class, a talk): a clash of its teacher, assistant, room or class is
// refused naming the field and what is in the way.
export const zLessonCreate = z
  .object({
    id: z.null().optional(),
    // Default: the semester that holds the day.
    semesterId: zId.nullable().optional(),
    title: zText(64),
    teamId: zId,
    teacherId: zId,
    assistantId: zId.nullable().optional(),
    venueId: zId.nullable().optional(),
    day: zDay,
    ...whenFields,
    note: zOptionalText(200),
  })
  .superRefine((l, ctx) => {
    checkWhen(l, ctx);
    if (l.assistantId != null && l.assistantId === l.teacherId)
      ctx.addIssue({ code: 'custom', path: ['assistantId'], ...codedIssue('sameAsTeacher') });
  });
export type LessonCreateInput = z.input<typeof zLessonCreate>;
// What an update changes: the words only (time, room and teacher change through the actions).
export const zLessonUpdate = z.object({ id: zId, title: zText(64), note: zOptionalText(200) });

// Where a moved lesson was first.
export const zLessonMovedFrom = z.object({
  day: z.string(),
  startsAt: zDateTime,
  endsAt: zDateTime,
  periodFrom: z.number().int().nullable(),
  periodTo: z.number().int().nullable(),
  venueId: zId.nullable(),
  slotId: zId.nullable(),
});
export type LessonMovedFrom = z.infer<typeof zLessonMovedFrom>;

export const zLessonRow = z.object({
  id: zId,
  organizationId: zId,
  semesterId: zId,
  assignmentId: zId.nullable(),
  slotId: zId.nullable(),
  title: z.string(),
  teamId: zId,
  teacherId: zId,
  assistantId: zId.nullable(),
  originalTeacherId: zId.nullable(),
  venueId: zId.nullable(),
  day: z.string(),
  startsAt: zDateTime,
  endsAt: zDateTime,
  periodFrom: z.number().int().nullable(),
  periodTo: z.number().int().nullable(),
  status: zEnum(lessonStatusLabels),
  movedFrom: zLessonMovedFrom.nullable(),
  note: z.string().nullable(),
  // Names and local times beside the ids (the organisation's zone), for lists and week grids.
  teamName: z.string(),
  teacherName: z.string(),
  assistantName: z.string().nullable(),
  originalTeacherName: z.string().nullable(),
  venueName: z.string().nullable(),
  // 1 Monday … 7 Sunday; 'HH:MM'.
  weekday: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  // '08:00–08:45', for lists and sheets.
  timeRange: z.string(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type LessonRow = z.infer<typeof zLessonRow>;

export const zLessonFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  semesterId: zId.optional(),
  teamId: zId.optional(),
  // As the teacher, the assistant or the substituted original teacher.
  teacherId: zId.optional(),
  venueId: zId.optional(),
  assignmentId: zId.optional(),
  status: zEnum(lessonStatusLabels).optional(),
  // Days from … to (inclusive).
  from: zDay.optional(),
  to: zDay.optional(),
});
export type LessonFilter = z.input<typeof zLessonFilter>;

// ---- changes ----

const zReason = zOptionalText(200);

// To another day and time (and room: `venueId` absent keeps it, null leaves it without one).
export const zLessonMove = z
  .object({ day: zDay, ...whenFields, venueId: zId.nullable().optional(), reason: zReason })
  .superRefine((m, ctx) => checkWhen(m, ctx));
export type LessonMoveInput = z.input<typeof zLessonMove>;
export const zLessonCancel = z.object({ reason: zReason });
export const zLessonRestore = z.object({});
export const zLessonSubstitute = z.object({ teacherId: zId, reason: zReason });
export type LessonSubstituteInput = z.input<typeof zLessonSubstitute>;
// Two lessons (typically of one class) exchange their times and rooms.
export const zLessonSwap = z
  .object({ aId: zId, bId: zId, reason: zReason })
  .refine((s) => s.aId !== s.bId, { path: ['bId'], ...codedIssue('sameLesson') });
export type LessonSwapInput = z.input<typeof zLessonSwap>;
export const zLessonSwapResult = z.object({ a: zLessonRow, b: zLessonRow });

// A teacher free for a lesson's whole time, with how many lessons they teach that day.
export const zFreeTeacher = z.object({
  id: zId,
  userName: z.string(),
  realName: z.string(),
  lessonsThatDay: z.number().int(),
});
export type FreeTeacher = z.infer<typeof zFreeTeacher>;
