import { AttendanceKind, LeaveStatus, MarkSource } from '@lyceum/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../src/platform/clock';
import {
  type AttendanceWorld,
  addLesson,
  at,
  attendanceWorld,
  DAY,
  HOUR,
  MINUTE,
  MONDAY,
  moveLesson,
  noticesOf,
  rosterOf,
  statusId,
} from './attendance-fixture';
import { ajax, ok, refused } from './harness';

// Leave requests (issue 31): who asks, who reads and decides, the documents' readers, and what an
// approval writes: Excused marks for every lesson it covers, future ones included, following a
// lesson that moves; withdrawal or rejection takes back the excuses of lessons not yet held.

let w: AttendanceWorld;
const TUESDAY = MONDAY + DAY;
const lessons: Record<string, number> = {};
type LeaveReply = {
  id: number;
  status: number;
  canDecide: boolean;
  files: { id: number }[];
  lessons: { id: number }[];
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
async function upload(token: string): Promise<number> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/file/upload?purpose=evidence',
    headers: { token, 'content-type': 'image/png', 'x-file-name': 'note.png', ...ajax },
    payload: PNG,
  });
  return (res.json() as { response: { id: number } }).response.id;
}
// A refusal is an envelope (JSON); the file itself is not.
async function downloads(token: string, fileId: number) {
  const res = await w.t.app.inject({ method: 'GET', url: `/api/file/${fileId}`, headers: { token } });
  return res.statusCode === 200 && !String(res.headers['content-type']).includes('json');
}
const call = <T>(token: string, url: string, body?: object) => w.t.call<T>('POST', url, { token, body });
// The current mark of a student in a lesson, as its teacher's roster shows it.
async function currentIn(lesson: number, student: number, token = w.tokens.teacher) {
  const r = await rosterOf(w, token, { lessonId: lesson });
  return { roster: r, row: r.students.find((s) => s.studentId === student) };
}

beforeAll(async () => {
  w = await attendanceWorld(['teacher', 'li.wei', 's2026001', 's2026002', 's2026005']);
  const lesson = (teamId: number, teacherId: number, startsAt: number) => addLesson(w, { teamId, teacherId, startsAt });
  lessons.tue9 = await lesson(w.teamA, w.ids.teacher, TUESDAY + HOUR);
  lessons.tue10 = await lesson(w.teamA, w.ids['li.wei'], TUESDAY + 2 * HOUR);
  lessons.wed9 = await lesson(w.teamA, w.ids.teacher, TUESDAY + DAY + HOUR);
  lessons.thu9 = await lesson(w.teamA, w.ids.teacher, TUESDAY + 2 * DAY + HOUR);
  lessons.classB = await lesson(w.teamB, w.ids['li.wei'], TUESDAY + HOUR);
});
afterEach(() => setClock(null));
afterAll(() => w.t.close());

// Tuesday in Shanghai, plus Thursday's lesson by name.
const tuesday = () => ({ fromAt: at(TUESDAY), toAt: at(TUESDAY + DAY - MINUTE), reason: 'Dentist' });
let leaveId: number;

describe('asking for leave', () => {
  it('lets a student ask with a document; their class teacher hears and decides, nobody else reads it', async () => {
    setClock(MONDAY);
    const me = w.tokens.s2026001;
    const note = await upload(me);
    const made = ok(
      await call<LeaveReply>(me, '/api/leave/create', { ...tuesday(), fileIds: [note], lessonIds: [lessons.thu9] }),
    );
    leaveId = made.id;
    expect(made).toMatchObject({ status: LeaveStatus.Pending, canDecide: false });
    expect(made.files.map((f) => f.id)).toEqual([note]);
    expect(made.lessons.map((l) => l.id)).toEqual([lessons.thu9]);
    expect(await noticesOf(w, w.ids.teacher, 'leaveRequested')).toBe(1);
    expect(ok(await call<LeaveReply>(w.tokens.teacher, `/api/leave/select/${leaveId}`)).canDecide).toBe(true);
    // Another student and a teacher who does not lead the class neither read it nor its document.
    for (const token of [w.tokens.s2026002, w.tokens['li.wei']]) {
      refused(await call(token, `/api/leave/select/${leaveId}`), 'notFound');
      expect(ok(await call<{ total: number }>(token, '/api/leave/page', { pageIndex: 1, pageSize: 10 })).total).toBe(0);
      expect(await downloads(token, note)).toBe(false);
    }
    expect(await downloads(w.tokens.teacher, note)).toBe(true);
    expect(await downloads(w.tokens.academic, note)).toBe(true);
    // A student neither decides nor asks for someone else.
    expect((await call(me, `/api/leave/approve/${leaveId}`, {})).code).toBe(403);
    expect((await call(me, '/api/leave/create', { ...tuesday(), studentId: w.ids.s2026002 })).code).toBe(403);
  });

  it('refuses bad input naming the field, and staff asking beyond their classes', async () => {
    setClock(MONDAY);
    const me = w.tokens.s2026001;
    const backwards = await call(me, '/api/leave/create', { ...tuesday(), toAt: at(TUESDAY - HOUR) });
    expect(backwards.message).toMatch(/^toAt: /);
    refused(
      await call(me, '/api/leave/create', { ...tuesday(), lessonIds: [lessons.classB] }),
      'noSuchReference',
      'lessonIds.0',
    );
    const theirs = await upload(w.tokens.teacher);
    refused(await call(me, '/api/leave/create', { ...tuesday(), fileIds: [theirs] }), 'fileNotReadable', 'fileIds');
    refused(await call(w.tokens.teacher, '/api/leave/create', tuesday()), 'required', 'studentId');
    refused(
      await call(w.tokens.teacher, '/api/leave/create', { ...tuesday(), studentId: w.ids.s2026005 }),
      'notYourClass',
      'studentId',
    );
    refused(await call(w.tokens.academic, `/api/leave/reject/${leaveId}`, { note: '' }), 'required', 'note');
  });
});

describe('approval', () => {
  it('excuses every lesson the leave covers in the student’s classes, future ones included', async () => {
    setClock(MONDAY);
    const approved = ok(
      await call<LeaveReply>(w.tokens.teacher, `/api/leave/approve/${leaveId}`, { note: 'Get well' }),
    );
    expect(approved.status).toBe(LeaveStatus.Approved);
    refused(await call(w.tokens.academic, `/api/leave/approve/${leaveId}`, {}), 'leaveNotPending');
    expect(await noticesOf(w, w.ids.s2026001, 'leaveDecided')).toBe(1);
    const student = w.ids.s2026001;
    for (const lesson of [lessons.tue9, lessons.tue10, lessons.thu9]) {
      const { roster, row } = await currentIn(lesson, student);
      expect(row?.current, String(lesson)).toMatchObject({
        source: MarkSource.Leave,
        statusId: statusId(roster, AttendanceKind.Excused),
      });
      expect(row?.leaveId).toBe(leaveId);
    }
    // Wednesday's lesson is outside it; class B's lesson is not the student's.
    expect((await currentIn(lessons.wed9, student)).row?.current).toBeNull();
    const b = await rosterOf(w, w.tokens['li.wei'], { lessonId: lessons.classB });
    expect(b.students.map((s) => s.studentId)).not.toContain(student);
  });

  it('follows a lesson that moves: into the leave excused, a named one kept, out of it taken back', async () => {
    setClock(MONDAY);
    const student = w.ids.s2026001;
    const before = await currentIn(lessons.tue9, student);
    await moveLesson(w, lessons.wed9, TUESDAY + 6 * HOUR);
    await moveLesson(w, lessons.thu9, TUESDAY + 3 * DAY + HOUR);
    await moveLesson(w, lessons.tue9, TUESDAY + DAY + 3 * HOUR);
    const excused = statusId(before.roster, AttendanceKind.Excused);
    expect((await currentIn(lessons.wed9, student)).row?.current).toMatchObject({
      source: MarkSource.Leave,
      statusId: excused,
    });
    expect((await currentIn(lessons.thu9, student)).row?.current).toMatchObject({
      source: MarkSource.Leave,
      statusId: excused,
    });
    const moved = await currentIn(lessons.tue9, student);
    // The same roll call, at its new time; the excuse taken back to the default, both in the log.
    expect(moved.roster.session.sessionId).toBe(before.roster.session.sessionId);
    expect(moved.row?.current?.statusId).toBe(moved.roster.defaultStatusId);
    type Entry = { studentId: number; statusId: number; source: number; leaveId: number | null };
    const log = ok(await call<Entry[]>(w.tokens.teacher, `/api/attendance/log/${moved.roster.session.sessionId}`));
    expect(log.filter((e) => e.studentId === student).map((e) => [e.statusId, e.leaveId])).toEqual([
      [excused, leaveId],
      [moved.roster.defaultStatusId, null],
    ]);
  });

  it('takes the excuses of lessons not yet held back on withdrawal, and keeps a started leave', async () => {
    setClock(MONDAY);
    const student = w.ids.s2026001;
    const withdrawn = ok(await call<LeaveReply>(w.tokens.s2026001, `/api/leave/withdraw/${leaveId}`));
    expect(withdrawn.status).toBe(LeaveStatus.Withdrawn);
    for (const lesson of [lessons.tue10, lessons.wed9, lessons.thu9]) {
      const { roster, row } = await currentIn(lesson, student);
      expect(row?.current?.statusId, String(lesson)).toBe(roster.defaultStatusId);
    }
    // Asked by the class teacher on the student's behalf, approved by the office, begun: it stays.
    const again = ok(
      await call<LeaveReply>(w.tokens.teacher, '/api/leave/create', { ...tuesday(), studentId: student }),
    );
    ok(await call(w.tokens.academic, `/api/leave/approve/${again.id}`, {}));
    setClock(TUESDAY + 2 * HOUR + 10 * MINUTE);
    refused(await call(w.tokens.s2026001, `/api/leave/withdraw/${again.id}`), 'leaveStarted');
    // Rejected afterwards by the office: the lesson under way keeps its excuse, as the log does.
    const rejected = ok(
      await call<LeaveReply>(w.tokens.academic, `/api/leave/reject/${again.id}`, { note: 'No note' }),
    );
    expect(rejected.status).toBe(LeaveStatus.Rejected);
    const { roster, row } = await currentIn(lessons.tue10, student, w.tokens['li.wei']);
    expect(row?.current?.statusId).toBe(statusId(roster, AttendanceKind.Excused));
  });
});
