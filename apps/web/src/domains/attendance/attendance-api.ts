import {
  type AttendanceKind,
  attendanceKindLabels,
  type EndpointOutput,
  type Lang,
  type LeaveCreate,
  labelOf,
  type SessionRef,
  type SessionsRequest,
  type TakeRequest,
  type zLeavePageRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import type { z } from 'zod';
import { cleanFilter } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { downloadFrom } from '../../shell/transfer';

// Every query of the attendance screens sits under one key, so a take, a decision or a new request
// refreshes them all (the day's list, the roster, the leave list).
export const ATTENDANCE_KEY = 'attendance';
export const ATTENDANCE_PATH = '/teaching/attendance';
export const TAKE_PATH = '/teaching/attendanceTake';
export const MY_ATTENDANCE_PATH = '/study/attendance';

export const takePath = (ref: { lessonId: number | null; sessionId: number | null }) =>
  ref.sessionId ? `${TAKE_PATH}?session=${ref.sessionId}` : `${TAKE_PATH}?lesson=${ref.lessonId}`;

export type SessionList = EndpointOutput<typeof api.attendance.sessions>;
export type LeavePageRequest = z.input<typeof zLeavePageRequest>;
export type LeaveFilter = Omit<LeavePageRequest, 'pageIndex' | 'pageSize'>;

export const attendanceCalls = {
  sessions: (body: SessionsRequest, { signal }: Cancel = {}) =>
    call(api.attendance.sessions, { body }, { signal, retry: 2 }),
  roster: (body: SessionRef, { signal }: Cancel = {}) => call(api.attendance.roster, { body }, { signal, retry: 2 }),
  // The roster again while the QR code is up: quiet, so a dropped poll says nothing.
  rosterQuiet: (body: SessionRef, { signal }: Cancel = {}) =>
    call(api.attendance.roster, { body }, { signal, silent: true }),
  take: (body: TakeRequest) => call(api.attendance.take, { body }, { loading: true }),
  log: (id: number, { signal }: Cancel = {}) => call(api.attendance.log, { params: { id } }, { signal, retry: 2 }),
  qr: (id: number, open: boolean) => call(api.attendance.qr, { params: { id }, body: { open } }),
};

export const leaveCalls = {
  page: (req: LeavePageRequest, { signal }: Cancel = {}) =>
    call(api.leave.page, { body: cleanFilter(req) as LeavePageRequest }, { signal, retry: 2 }),
  select: (id: number, { signal }: Cancel = {}) => call(api.leave.select, { params: { id } }, { signal, retry: 2 }),
  create: (body: LeaveCreate) => call(api.leave.create, { body }, { loading: true }),
  approve: (id: number, note: string) =>
    call(api.leave.approve, { params: { id }, body: { note: note || undefined } }, { loading: true }),
  reject: (id: number, note: string) => call(api.leave.reject, { params: { id }, body: { note } }, { loading: true }),
  withdraw: (id: number) => call(api.leave.withdraw, { params: { id } }, { loading: true }),
  // A document of the request (a doctor's note), saved under its own name.
  download: (fileId: number) => downloadFrom(api.file.download, { params: { id: fileId } }, { loading: true }),
};

// A day as the server's date fields take it.
export const dayText = (d: { format: (f: string) => string }) => d.format('YYYY-MM-DD');

// Initials for a student's avatar: "Tom Student" → "TS", "王小明" → "王".
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return /^[A-Za-z]/.test(words[0]) ? words[0].slice(0, 2).toUpperCase() : words[0].slice(0, 1);
  return `${words[0][0]}${words[words.length - 1][0]}`.toUpperCase();
}

// A status's name as the reader sees it: the organisation's own name, except that a status still
// carrying its kind's built-in English name ("Present") reads in the reader's language ("出勤").
export function statusName(status: { name: string; kind: AttendanceKind }, lang: Lang): string {
  return status.name === attendanceKindLabels[status.kind].en
    ? labelOf(attendanceKindLabels, status.kind, lang)
    : status.name;
}
