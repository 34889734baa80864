import { defineEnum, type EnumValue } from '../labels';

// Teaching management (issue 31): the term's calendar, timetable patterns and lesson occurrences.

// A day of the term calendar that differs from the plain week: no lessons (holiday, closure), or a
// day that follows another weekday's timetable (a 调休 make-up working day, `followsWeekday`).
export const { values: TermDayKind, labels: termDayKindLabels } = defineEnum({
  Holiday: [1, 'Holiday', '节假日', 'warning'],
  Closure: [2, 'Closure', '停课', 'error'],
  MakeUp: [3, 'Make-up day', '调休上课', 'processing'],
});
export type TermDayKind = EnumValue<typeof TermDayKind>;

// Which weeks of the term a pattern runs in (week 1 is the week of the term's first day).
export const { values: WeekParity, labels: weekParityLabels } = defineEnum({
  All: [0, 'Every week', '每周'],
  Odd: [1, 'Odd weeks', '单周'],
  Even: [2, 'Even weeks', '双周'],
});
export type WeekParity = EnumValue<typeof WeekParity>;

// A lesson occurrence's state. A moved lesson keeps where it was (`movedFrom`); a substituted one
// keeps its original teacher (`originalTeacherId`).
export const { values: LessonStatus, labels: lessonStatusLabels } = defineEnum({
  Scheduled: [1, 'Scheduled', '已排课', 'processing'],
  Cancelled: [2, 'Cancelled', '已取消', 'default'],
  Moved: [3, 'Moved', '已调课', 'warning'],
  Substituted: [4, 'Substituted', '已代课', 'processing'],
});
export type LessonStatus = EnumValue<typeof LessonStatus>;

// What a time booking holds: a teacher, a room or a class (the clash engine's three resources).
export const { values: BookingResource, labels: bookingResourceLabels } = defineEnum({
  Teacher: [1, 'Teacher', '教师'],
  Venue: [2, 'Venue', '场地'],
  Team: [3, 'Class', '班级'],
});
export type BookingResource = EnumValue<typeof BookingResource>;

// What a booking is for.
export const { values: BookingOwner, labels: bookingOwnerLabels } = defineEnum({
  Lesson: [1, 'Lesson', '课程'],
  Exam: [2, 'Exam', '考试'],
  LiveClass: [3, 'Live class', '直播课'],
});
export type BookingOwner = EnumValue<typeof BookingOwner>;
