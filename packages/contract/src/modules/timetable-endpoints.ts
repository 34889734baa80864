import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { LessonStatus, lessonStatusLabels, termDayKindLabels } from '../enums/timetable';
import { zIdParam } from '../fields';
import { type FormMeta, field } from '../resource-meta';
import {
  zCheckRequest,
  zCheckResult,
  zGenerateRequest,
  zGenerateResult,
  zTeachingAssignment,
  zTeachingAssignmentCreate,
  zTeachingAssignmentFilter,
  zTeachingAssignmentUpdate,
  zTermDay,
  zTermDayCreate,
  zTermDayFilter,
  zTermDayUpdate,
  zTimetableSettings,
  zTimetableSettingsInput,
} from './timetable';
import {
  zFreeTeacher,
  zLessonCancel,
  zLessonCreate,
  zLessonFilter,
  zLessonMove,
  zLessonRestore,
  zLessonRow,
  zLessonSubstitute,
  zLessonSwap,
  zLessonSwapResult,
  zLessonUpdate,
} from './timetable-lesson';

// Teaching management (issue 31): who may do what. Every staff member reads timetables
// (teaching:page: staff share them); the office builds them (teaching:update), changes lessons
// (teaching:change), sets the periods and the term calendar (teaching:settings), exports
// (teaching:export). Students reach none of these routes (their week is the calendar's).

const tags = ['timetable'];
const CHANGE = ['teaching:change'] as const;
const READ = ['teaching:page'] as const;

// ---- the term calendar ----

export const termDayMeta: FormMeta = {
  name: 'termDay',
  title: { en: 'Term calendar', zh: '校历' },
  labelKey: 'day',
  fields: [
    field('semesterId', ['Semester', '学期'], 'ref', { ref: { resource: 'semester' }, required: true, filter: true }),
    field('day', ['Day', '日期'], 'date', { required: true, sortable: true, width: 120 }),
    field('kind', ['Kind', '类型'], 'enum', { enum: termDayKindLabels, required: true, filter: true, width: 120 }),
    field('followsWeekday', ['Follows weekday', '按星期几上课'], 'number', { width: 120 }),
    field('note', ['Note', '备注'], 'text'),
  ],
};
export const termDayDecl = engineDecl({
  name: 'termDay',
  title: 'Term day',
  tags,
  schemas: { row: zTermDay, create: zTermDayCreate, update: zTermDayUpdate, filter: zTermDayFilter },
  access: { read: READ, create: ['teaching:settings'], update: ['teaching:settings'], remove: ['teaching:settings'] },
  sheets: 'none',
});
export const termDayVerbs = engineEndpoints(termDayDecl);

// ---- teaching assignments (with their weekly slots) ----

export const teachingAssignmentMeta: FormMeta = {
  name: 'teachingAssignment',
  title: { en: 'Teaching assignments', zh: '任课安排' },
  labelKey: 'subject',
  keyword: true,
  fields: [
    field('semesterName', ['Semester', '学期'], 'text', { form: false, width: 140 }),
    field('subject', ['Subject', '科目'], 'text', { required: true, sortable: true }),
    field('teamName', ['Class', '班级'], 'text', { form: false }),
    field('teacherName', ['Teacher', '任课教师'], 'text', { form: false }),
    field('assistantName', ['Assistant', '助教'], 'text', { form: false }),
    field('venueName', ['Venue', '上课地点'], 'text', { form: false }),
    field('periodsPerWeek', ['Periods a week', '周课时'], 'number', { width: 110 }),
    field('scheduledPerWeek', ['Scheduled a week', '已排周课时'], 'number', { form: false, width: 110 }),
    field('lessonCount', ['Lessons', '课次数'], 'number', { form: false, width: 90 }),
    field('note', ['Note', '备注'], 'text'),
  ],
};
export const teachingAssignmentDecl = engineDecl({
  name: 'teachingAssignment',
  title: 'Teaching assignment',
  tags,
  schemas: {
    row: zTeachingAssignment,
    create: zTeachingAssignmentCreate,
    update: zTeachingAssignmentUpdate,
    filter: zTeachingAssignmentFilter,
  },
  access: {
    read: READ,
    create: ['teaching:update'],
    update: ['teaching:update'],
    remove: ['teaching:update'],
    export: ['teaching:export'],
  },
  sheets: 'export',
});
export const teachingAssignmentVerbs = engineEndpoints(teachingAssignmentDecl);

// ---- lessons ----

export const lessonMeta: FormMeta = {
  name: 'lesson',
  title: { en: 'Lessons', zh: '课次' },
  labelKey: 'title',
  keyword: true,
  fields: [
    field('day', ['Day', '日期'], 'date', { required: true, sortable: true, width: 110 }),
    field('timeRange', ['Time', '时间'], 'text', { form: false, width: 120 }),
    field('title', ['Title', '课程'], 'text', { required: true, sortable: true }),
    field('teamName', ['Class', '班级'], 'text', { form: false }),
    field('teacherName', ['Teacher', '授课教师'], 'text', { form: false }),
    field('assistantName', ['Assistant', '助教'], 'text', { form: false }),
    field('venueName', ['Venue', '上课地点'], 'text', { form: false }),
    field('status', ['Status', '状态'], 'enum', { enum: lessonStatusLabels, form: false, filter: true, width: 100 }),
    field('originalTeacherName', ['Original teacher', '原授课教师'], 'text', { form: false }),
    field('note', ['Note', '备注'], 'text'),
  ],
};
export const lessonDecl = engineDecl({
  name: 'lesson',
  title: 'Lesson',
  tags,
  schemas: { row: zLessonRow, create: zLessonCreate, update: zLessonUpdate, filter: zLessonFilter },
  access: { read: READ, create: CHANGE, update: CHANGE, remove: CHANGE, export: ['teaching:export'] },
  sheets: 'export',
});
export const lessonVerbs = engineEndpoints(lessonDecl);

const { Scheduled, Moved, Substituted, Cancelled } = LessonStatus;
// Each change is one transaction: the lesson locked, re-booked through the clash engine, attendance
// told, and a notice sent to the class's students and the teachers concerned. A lesson that has
// ended does not change.
export const lessonActions = resourceActions('lesson', zLessonRow, {
  move: {
    summary: 'Move a lesson to another day, time or room; where it was first is kept',
    access: CHANGE,
    from: [Scheduled, Moved, Substituted],
    to: Moved,
    input: zLessonMove,
  },
  cancel: {
    summary: 'Cancel a lesson: its teacher, room and class are free at that time',
    access: CHANGE,
    from: [Scheduled, Moved, Substituted],
    to: Cancelled,
    input: zLessonCancel,
  },
  restore: {
    summary: 'Put a cancelled lesson back, if its teacher, room and class are still free then',
    access: CHANGE,
    from: [Cancelled],
    input: zLessonRestore,
  },
  substitute: {
    summary:
      'Another teacher takes the lesson (status substituted); the original teacher is kept and is free at that ' +
      'time. Substituting the original teacher back ends the substitution.',
    access: CHANGE,
    from: [Scheduled, Moved, Substituted],
    input: zLessonSubstitute,
  },
});

// ---- the rest: settings, generation, the check, swap, free teachers ----

export const timetableEndpoints = {
  settings: endpoint({
    method: 'POST',
    path: '/api/timetable/settings',
    summary: "The organisation's time zone and the day's periods (defaults until saved)",
    tags,
    access: READ,
    response: zTimetableSettings,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/timetable/saveSettings',
    summary: "Save the time zone and the day's periods (numbered upwards, each after the one before)",
    description: 'Lessons already generated keep their times; generate again to follow new period times.',
    tags,
    access: ['teaching:settings'],
    mutates: true,
    body: zTimetableSettingsInput,
    response: zTimetableSettings,
  }),
  generate: endpoint({
    method: 'POST',
    path: '/api/timetable/generate',
    summary: "Generate the lessons of a semester's assignments from their slots and the term calendar",
    description:
      'Each assignment is written in one transaction with its bookings, or not at all when one of its occurrences ' +
      'clashes (the clashes are listed; fix them and generate again). A repeat adds nothing. Future lessons still ' +
      'only scheduled (never moved, substituted or taken) are removed and made again from the current slots.',
    tags,
    access: ['teaching:update'],
    mutates: true,
    body: zGenerateRequest,
    response: zGenerateResult,
  }),
  check: endpoint({
    method: 'POST',
    path: '/api/timetable/check',
    summary: 'List every clash generating these assignments would meet, saved or not, writing nothing',
    description:
      'Against what is already booked (lessons, exams, live classes) and among the given assignments themselves.',
    tags,
    access: ['teaching:update'],
    body: zCheckRequest,
    response: zCheckResult,
  }),
};

export const lessonEndpoints = {
  swap: endpoint({
    method: 'POST',
    path: '/api/lesson/swap',
    summary: 'Two lessons exchange their times and rooms (both moved, re-booked in one transaction)',
    tags,
    access: CHANGE,
    mutates: true,
    body: zLessonSwap,
    response: zLessonSwapResult,
  }),
  freeTeachers: endpoint({
    method: 'POST',
    path: '/api/lesson/freeTeachers/:id',
    summary: "Teachers with nothing booked during a lesson's time, and how many lessons they teach that day",
    tags,
    access: READ,
    params: zIdParam,
    response: z.array(zFreeTeacher),
  }),
};
