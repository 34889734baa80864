import {
  AttendanceKind,
  type AttendanceStatus,
  type Roster,
  type RosterStudent,
  type TakeRequest,
} from '@lyceum/contract';

// What the taking screen holds per student: the status chosen and its reason. Pure, so the rules
// (what starts where, what counts as a change, what is sent) are tested without a browser.

export interface Choice {
  statusId: number;
  reason: string;
}
export type Choices = ReadonlyMap<number, Choice>;
type Status = AttendanceStatus;

// What the server holds for a student; a student excused by approved leave without a mark yet gets
// `leaveReason` ("On approved leave") as the reason an excused status may need.
const saved = (s: RosterStudent, leaveReason: string): Choice => ({
  statusId: s.statusId,
  reason: s.current ? (s.current.reason ?? '') : s.prefill === 'leave' ? leaveReason : '',
});

// Where every student starts: the server's pre-fill (the current mark, else Excused under approved
// leave, else the default).
export function initialChoices(roster: Roster, leaveReason = ''): Choices {
  return new Map(roster.students.map((s) => [s.studentId, saved(s, leaveReason)]));
}

// The roster read again (check-ins arriving while the QR code is up): students the teacher has not
// touched take the server's state; the ones they changed keep their choice.
export function mergeChoices(
  roster: Roster,
  choices: Choices,
  touched: ReadonlySet<number>,
  leaveReason = '',
): Choices {
  return new Map(
    roster.students.map((s) => {
      const mine = choices.get(s.studentId);
      return [s.studentId, mine && touched.has(s.studentId) ? mine : saved(s, leaveReason)];
    }),
  );
}

export const sortedStatuses = (statuses: readonly Status[]): Status[] =>
  [...statuses].sort((a, b) => a.sort - b.sort || a.id - b.id);

// The first excused status: where "All present" leaves students on approved leave.
export function excusedStatus(statuses: readonly Status[]): Status | undefined {
  return sortedStatuses(statuses).find((s) => s.kind === AttendanceKind.Excused);
}

// "All present": everyone back to the default, except students under approved leave (excused, with
// the excuse's reason kept).
export function allPresent(roster: Roster, leaveReason = ''): Choices {
  const excused = excusedStatus(roster.statuses);
  return new Map(
    roster.students.map((s) => {
      if (!s.leaveId || !excused) return [s.studentId, { statusId: roster.defaultStatusId, reason: '' }];
      const kept = s.current?.statusId === excused.id ? (s.current.reason ?? '') : leaveReason;
      return [s.studentId, { statusId: excused.id, reason: kept }];
    }),
  );
}

// A student the teacher changed from where the screen started them (the row is highlighted).
export function isChanged(student: RosterStudent, choice: Choice | undefined, leaveReason = ''): boolean {
  if (!choice) return false;
  const start = saved(student, leaveReason);
  return start.statusId !== choice.statusId || start.reason.trim() !== choice.reason.trim();
}

// A student whose choice differs from what the server holds (or who has no mark yet).
export function isPending(student: RosterStudent, choice: Choice | undefined): boolean {
  if (!choice) return false;
  const current = student.current;
  return !current || current.statusId !== choice.statusId || (current.reason ?? '') !== choice.reason.trim();
}

export function pendingCount(roster: Roster, choices: Choices): number {
  return roster.students.filter((s) => isPending(s, choices.get(s.studentId))).length;
}

// The statuses chosen, with how many students have each, in the statuses' order; none left out at 0
// but the ones no student has.
export function statusCounts(roster: Roster, choices: Choices): { status: Status; count: number }[] {
  const counts = new Map<number, number>();
  for (const c of choices.values()) counts.set(c.statusId, (counts.get(c.statusId) ?? 0) + 1);
  return sortedStatuses(roster.statuses)
    .map((status) => ({ status, count: counts.get(status.id) ?? 0 }))
    .filter((c) => c.count > 0);
}

// Students whose new mark is on a status that needs a reason, without one (a mark already held, such
// as approved leave's excuse, is not asked again).
export function missingReasons(roster: Roster, choices: Choices): RosterStudent[] {
  const needs = new Set(roster.statuses.filter((s) => s.requiresReason).map((s) => s.id));
  return roster.students.filter((s) => {
    const c = choices.get(s.studentId);
    return c && isPending(s, c) && needs.has(c.statusId) && !c.reason.trim();
  });
}

// The marks to send: the students whose mark changes or who have none. With nothing to change (a
// class that all checked in by QR), the marks as they stand are sent, so the roll call counts as
// taken; the server writes only what changed and counts it.
export function takeBody(roster: Roster, choices: Choices): TakeRequest {
  const needs = new Set(roster.statuses.filter((s) => s.requiresReason).map((s) => s.id));
  const markOf = (s: RosterStudent) => {
    const c = choices.get(s.studentId);
    return c ? [{ studentId: s.studentId, statusId: c.statusId, reason: c.reason.trim() || null }] : [];
  };
  const pending = roster.students.filter((s) => isPending(s, choices.get(s.studentId)));
  const standing = roster.students.filter((s) => {
    const c = choices.get(s.studentId);
    return c && (!needs.has(c.statusId) || c.reason.trim());
  });
  const chosen = pending.length ? pending : standing.length ? standing : roster.students;
  return { sessionId: roster.session.sessionId, marks: chosen.flatMap(markOf) };
}

// How many students checked in with the QR code.
export function qrCheckIns(roster: Roster, qrSource: number): number {
  return roster.students.filter((s) => s.current?.source === qrSource).length;
}
