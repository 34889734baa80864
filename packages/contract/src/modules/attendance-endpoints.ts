import { z } from 'zod';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { zIdParam } from '../fields';
import {
  attendanceStatusSchemas,
  zAdHocSessionCreate,
  zCheckInRequest,
  zCheckInResult,
  zLeave,
  zLeaveApprove,
  zLeaveCreate,
  zLeavePage,
  zLeavePageRequest,
  zLeaveReject,
  zMarkLogEntry,
  zMineRequest,
  zMyAttendance,
  zQrCode,
  zQrRequest,
  zRoster,
  zSessionRef,
  zSessionSummary,
  zSessionsRequest,
  zTakeRequest,
  zTakeResult,
} from './attendance';

const tags = ['attendance'];
const STAFF_READ = ['attendance:page'] as const;
const TAKERS = ['attendance:take', 'attendance:all'] as const;
// Students (their own) and staff (their classes', or all with attendance:all).
const LEAVE_READ = ['myAttendance:page', 'attendance:page'] as const;

// The organisation's statuses: every staff member lists them (the taking screen), the settings
// permission changes them; a status some mark uses cannot be deleted.
export const attendanceStatusDecl = engineDecl({
  name: 'attendanceStatus',
  title: 'Attendance status',
  tags,
  schemas: attendanceStatusSchemas,
  access: {
    read: STAFF_READ,
    list: 'staff',
    create: ['attendance:settings'],
    update: ['attendance:settings'],
    remove: ['attendance:settings'],
  },
  sheets: 'none',
});
export const attendanceStatusVerbs = engineEndpoints(attendanceStatusDecl);

export const attendanceEndpoints = {
  sessions: endpoint({
    method: 'POST',
    path: '/api/attendance/sessions',
    summary: 'The lessons (and ad hoc roll calls) of a day with their attendance state: taken or not, counts by kind',
    tags,
    access: STAFF_READ,
    body: zSessionsRequest,
    response: z.array(zSessionSummary),
  }),
  createSession: endpoint({
    method: 'POST',
    path: '/api/attendance/session/create',
    summary: 'An ad hoc roll call of a class (an assembly): its class teacher or academic staff',
    tags,
    access: TAKERS,
    mutates: true,
    body: zAdHocSessionCreate,
    response: zSessionSummary,
  }),
  roster: endpoint({
    method: 'POST',
    path: '/api/attendance/roster',
    summary:
      "A lesson's or session's students with their current marks, pre-filled (approved leave excused, the rest the default)",
    description: 'Reading the roster of a lesson makes its roll call (once; the same session for every caller).',
    tags,
    access: STAFF_READ,
    body: zSessionRef,
    response: zRoster,
  }),
  take: endpoint({
    method: 'POST',
    path: '/api/attendance/take',
    summary: 'Take attendance: one new mark per student whose mark changed (the log keeps every mark)',
    description:
      'A teacher takes their own lessons from 15 minutes before the start until 7 days after the end; academic staff any session, any time, as an office override.',
    tags,
    access: TAKERS,
    mutates: true,
    body: zTakeRequest,
    response: zTakeResult,
  }),
  log: endpoint({
    method: 'POST',
    path: '/api/attendance/log/:id',
    summary: 'Every mark ever made in a session, with who made it, when and from what evidence',
    tags,
    access: STAFF_READ,
    params: zIdParam,
    response: z.array(zMarkLogEntry),
  }),
  qr: endpoint({
    method: 'POST',
    path: '/api/attendance/qr/:id',
    summary: "Open (or close) a session's QR self check-in and answer the current rotating code",
    description: 'The code changes every 15 s; the current and the previous one are accepted. Ask again to rotate.',
    tags,
    access: TAKERS,
    mutates: true,
    params: zIdParam,
    body: zQrRequest,
    response: zQrCode,
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/api/attendance/checkIn',
    summary: "A student's check-in with the code shown in class (one student per login and session)",
    tags: ['myAttendance'],
    access: 'student',
    mutates: true,
    body: zCheckInRequest,
    response: zCheckInResult,
  }),
  mine: endpoint({
    method: 'POST',
    path: '/api/attendance/mine',
    summary: "The student's own sessions with their current marks, and rates by kind",
    tags: ['myAttendance'],
    access: 'student',
    body: zMineRequest,
    response: zMyAttendance,
  }),
};

const leaveTags = ['leave'];
export const leaveEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/leave/create',
    summary: 'Ask for leave: a student for themselves, staff on behalf of a student of their classes',
    tags: leaveTags,
    access: LEAVE_READ,
    mutates: true,
    body: zLeaveCreate,
    response: zLeave,
  }),
  page: endpoint({
    method: 'POST',
    path: '/api/leave/page',
    summary: "Leave requests: a student's own, a class teacher's classes', or all (attendance:all)",
    tags: leaveTags,
    access: LEAVE_READ,
    body: zLeavePageRequest,
    response: zLeavePage,
  }),
  select: endpoint({
    method: 'POST',
    path: '/api/leave/select/:id',
    summary: 'One leave request with its documents and lessons',
    tags: leaveTags,
    access: LEAVE_READ,
    params: zIdParam,
    response: zLeave,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/leave/approve/:id',
    summary: 'Approve a pending request: every lesson it covers, future ones included, is marked excused',
    tags: leaveTags,
    access: ['leave:approve'],
    mutates: true,
    params: zIdParam,
    body: zLeaveApprove,
    response: zLeave,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/leave/reject/:id',
    summary: 'Reject a request (an approved one too: the excuses of lessons not yet held are taken back)',
    tags: leaveTags,
    access: ['leave:approve'],
    mutates: true,
    params: zIdParam,
    body: zLeaveReject,
    response: zLeave,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/leave/withdraw/:id',
    summary: 'Withdraw a request: while pending, or approved but not yet started',
    tags: leaveTags,
    access: LEAVE_READ,
    mutates: true,
    params: zIdParam,
    response: zLeave,
  }),
};
