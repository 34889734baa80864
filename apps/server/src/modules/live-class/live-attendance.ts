import type { AttendanceKind } from '@lyceum/contract';
import type { DbOrTx } from '../../platform/db';
import { type Port, port } from '../../platform/port';

// What a live class asks of the attendance register: its roll calls (one per class it is for), the
// marks its report derives, the current marks for its report, and a teacher's correction. The
// attendance module fills it (attendance-live.ts, at start-up), so this module never imports the
// attendance module, whose session table already refers to live classes (one direction only).

// The live class as its roll calls name it.
export interface LiveRoll {
  liveClassId: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  // One roll call per class; the first teacher is the roll calls' teacher.
  teamIds: number[];
  teacherId: number;
}

// A student's status derived from the session, with what it was derived from (kept on the mark).
export interface DerivedMark {
  studentId: number;
  kind: AttendanceKind;
  evidence: Record<string, unknown>;
}

// A student's current mark in the live class's roll call, whatever made it.
export interface LiveMark {
  liveClassId: number;
  studentId: number;
  statusId: number;
  statusName: string;
  kind: AttendanceKind;
  source: number;
  reason: string | null;
}

export interface LiveOverride {
  studentId: number;
  teamId: number;
  statusId: number;
  reason: string;
  markedBy: number;
}

export interface LiveAttendance {
  // Makes the roll calls, excuses students on approved leave, and appends a mark (source Live) for
  // each derived one whose student's current mark is not a teacher's, the office's or approved
  // leave's, and says something else. Answers how many marks it wrote.
  record(tx: DbOrTx, orgId: number, roll: LiveRoll, marks: DerivedMark[], markedBy: number): Promise<number>;
  // The current marks in these live classes' roll calls (of one student, when named), in one query.
  current(db: DbOrTx, orgId: number, liveClassIds: number[], studentId?: number): Promise<LiveMark[]>;
  // A teacher's mark with its reason in the student's class's roll call; answers the mark's id.
  override(tx: DbOrTx, orgId: number, roll: LiveRoll, o: LiveOverride): Promise<number>;
}

export const liveAttendance: Port<LiveAttendance> = port<LiveAttendance>('live attendance');
