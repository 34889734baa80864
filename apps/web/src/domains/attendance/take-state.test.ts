import { AttendanceKind, MarkSource, type Roster, type RosterStudent } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import {
  allPresent,
  initialChoices,
  isChanged,
  isPending,
  mergeChoices,
  missingReasons,
  pendingCount,
  qrCheckIns,
  statusCounts,
  takeBody,
} from './take-state';

const status = (id: number, name: string, kind: AttendanceKind, extra: { requiresReason?: boolean } = {}) => ({
  id,
  organizationId: 1,
  createTime: '2026-01-01T00:00:00.000Z',
  name,
  kind,
  weight: kind === AttendanceKind.Absent ? 0 : 1,
  requiresReason: extra.requiresReason ?? false,
  isDefault: id === 1,
  sort: id,
});
const PRESENT = 1;
const LATE = 2;
const EXCUSED = 4;
const ABSENT = 5;

const mark = (statusId: number, source: MarkSource, reason: string | null = null) => ({
  markId: statusId * 100,
  statusId,
  source,
  reason,
  leaveId: null,
  markedBy: 9,
  markedByName: 'Someone',
  markedAt: '2026-03-02T08:03:00.000Z',
  overridesTeacher: false,
});

function student(id: number, over: Partial<RosterStudent> = {}): RosterStudent {
  return {
    studentId: id,
    userName: `s${id}`,
    realName: `Student ${id}`,
    statusId: PRESENT,
    prefill: 'default',
    leaveId: null,
    current: null,
    ...over,
  };
}

function roster(students: RosterStudent[]): Roster {
  return {
    session: {
      sessionId: 7,
      lessonId: 3,
      lessonStatus: 1,
      title: 'Biology',
      teamId: 1,
      teamName: 'Class 1',
      teacherId: 9,
      teacherName: 'T',
      venueName: null,
      startsAt: '2026-03-02T08:00:00.000Z',
      endsAt: '2026-03-02T08:45:00.000Z',
      students: students.length,
      takenAt: null,
      takenBy: null,
      takenByName: null,
      qrOpen: false,
      counts: [],
      unmarked: students.length,
      canTake: true,
    },
    statuses: [
      status(ABSENT, 'Absent', AttendanceKind.Absent, { requiresReason: true }),
      status(PRESENT, 'Present', AttendanceKind.Present),
      status(LATE, 'Late', AttendanceKind.Late),
      status(EXCUSED, 'Excused', AttendanceKind.Excused),
    ],
    defaultStatusId: PRESENT,
    office: false,
    opensAt: '2026-03-02T07:45:00.000Z',
    closesAt: '2026-03-09T08:45:00.000Z',
    students,
  };
}

describe('the taking screen’s state', () => {
  const r = roster([
    student(1),
    student(2, { statusId: EXCUSED, prefill: 'leave', leaveId: 50 }),
    student(3, { statusId: LATE, prefill: 'mark', current: mark(LATE, MarkSource.QrCheckIn) }),
  ]);

  it('starts every student where the server pre-fills them, a leave excuse with its reason', () => {
    const c = initialChoices(r, 'On leave');
    expect([...c.values()]).toEqual([
      { statusId: PRESENT, reason: '' },
      { statusId: EXCUSED, reason: 'On leave' },
      { statusId: LATE, reason: '' },
    ]);
  });

  it('counts by status in the statuses’ order, leaving out the ones nobody has', () => {
    const counts = statusCounts(r, initialChoices(r)).map((x) => [x.status.name, x.count]);
    expect(counts).toEqual([
      ['Present', 1],
      ['Late', 1],
      ['Excused', 1],
    ]);
  });

  it('"All present" keeps students on approved leave excused', () => {
    const c = allPresent(r, 'On leave');
    expect([...c.values()]).toEqual([
      { statusId: PRESENT, reason: '' },
      { statusId: EXCUSED, reason: 'On leave' },
      { statusId: PRESENT, reason: '' },
    ]);
  });

  it('takes the server’s new marks only for rows the teacher has not touched', () => {
    const chosen = new Map(initialChoices(r)).set(1, { statusId: ABSENT, reason: 'ill' });
    const later = roster([
      student(1, { statusId: PRESENT, prefill: 'mark', current: mark(PRESENT, MarkSource.QrCheckIn) }),
      student(2, { statusId: EXCUSED, prefill: 'leave', leaveId: 50 }),
      student(3, { statusId: PRESENT, prefill: 'mark', current: mark(PRESENT, MarkSource.Office) }),
    ]);
    const merged = mergeChoices(later, chosen, new Set([1]));
    expect(merged.get(1)).toEqual({ statusId: ABSENT, reason: 'ill' });
    expect(merged.get(3)).toEqual({ statusId: PRESENT, reason: '' });
  });

  it('counts unmarked students and changed marks as pending, an unchanged mark not', () => {
    const c = initialChoices(r);
    expect(isPending(r.students[2], c.get(3))).toBe(false);
    expect(pendingCount(r, c)).toBe(2);
    expect(pendingCount(r, new Map(c).set(3, { statusId: ABSENT, reason: 'x' }))).toBe(3);
  });

  it('names the students whose new mark needs a reason they lack, not a standing excuse', () => {
    const excused = roster([
      student(1),
      student(2, { statusId: EXCUSED, prefill: 'mark', leaveId: 50, current: mark(EXCUSED, MarkSource.Leave) }),
    ]);
    excused.statuses = excused.statuses.map((s) => (s.id === EXCUSED ? { ...s, requiresReason: true } : s));
    const c = new Map(initialChoices(excused)).set(1, { statusId: ABSENT, reason: '  ' });
    expect(missingReasons(excused, c).map((s) => s.studentId)).toEqual([1]);
    expect(missingReasons(excused, new Map(c).set(1, { statusId: ABSENT, reason: 'ill' }))).toEqual([]);
  });

  it('sends the changed and unmarked students, reasons trimmed (none as null)', () => {
    const c = new Map(initialChoices(r)).set(1, { statusId: ABSENT, reason: ' ill ' });
    expect(takeBody(r, c)).toEqual({
      sessionId: 7,
      marks: [
        { studentId: 1, statusId: ABSENT, reason: 'ill' },
        { studentId: 2, statusId: EXCUSED, reason: null },
      ],
    });
  });

  it('with nothing changed sends the standing marks that need no reason, so the roll call is taken', () => {
    const all = roster([
      student(1, { prefill: 'mark', current: mark(PRESENT, MarkSource.QrCheckIn) }),
      student(2, { statusId: ABSENT, prefill: 'mark', current: mark(ABSENT, MarkSource.Teacher) }),
    ]);
    expect(takeBody(all, initialChoices(all)).marks).toEqual([{ studentId: 1, statusId: PRESENT, reason: null }]);
  });

  it('highlights only what the teacher changed from where the screen started', () => {
    const c = initialChoices(r, 'On leave');
    expect(r.students.map((s) => isChanged(s, c.get(s.studentId), 'On leave'))).toEqual([false, false, false]);
    const tapped = new Map(c).set(1, { statusId: ABSENT, reason: '' });
    expect(isChanged(r.students[0], tapped.get(1), 'On leave')).toBe(true);
  });

  it('counts QR check-ins', () => {
    expect(qrCheckIns(r, MarkSource.QrCheckIn)).toBe(1);
  });
});
