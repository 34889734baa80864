import {
  AttendanceKind,
  type MarkLogEntry,
  MarkSource,
  MessageAssociation,
  statusName,
  type TakeResult,
  type zTakeRequest,
} from '@lyceum/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { attendanceMarks, attendanceSessions, attendanceStatuses } from './attendance.table';
import { currentMarks } from './attendance-marks';
import { checkTaking, readableSession, type SessionRow, sessionInfo } from './attendance-sessions';
import { type StatusRow, statusesOf } from './attendance-statuses';

// Taking attendance appends to the log: one mark per student whose mark changes, never an update.
// Takes of one session run one after another (the session row is held), so two devices taking at
// once both land in the log, the later one current, and `taken_at` is the first take's.

type TakeInput = z.output<typeof zTakeRequest>;
type LoggedMark = { studentId: number; statusId: number; source: number; reason: string | null };

const NOTIFIED_KINDS: readonly number[] = [AttendanceKind.Absent, AttendanceKind.Late];

// The mark a new one is compared with: the current mark for the office; for a teacher, their
// own standing's latest (an office mark standing over it is not theirs to repeat).
function baselineOf(marks: LoggedMark[], office: boolean): LoggedMark | undefined {
  const offices = marks.filter((m) => m.source === MarkSource.Office);
  if (office) return offices.at(-1) ?? marks.at(-1);
  return marks.filter((m) => m.source !== MarkSource.Office).at(-1);
}

async function checkMarks(tx: Tx, ctx: RequestContext, session: SessionRow, input: TakeInput, statuses: StatusRow[]) {
  const members = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      inOrg(teamMembers, ctx.orgId, [
        eq(teamMembers.teamId, session.teamId),
        inArray(
          teamMembers.userId,
          input.marks.map((m) => m.studentId),
        ),
      ]),
    );
  const inClass = new Set(members.map((m) => m.userId));
  const byId = new Map(statuses.map((s) => [s.id, s]));
  input.marks.forEach((m, i) => {
    if (!inClass.has(m.studentId))
      throw invalidParams(`marks.${i}.studentId`, 'notInClass', { name: String(m.studentId) });
    const status = byId.get(m.statusId);
    if (!status)
      throw invalidParams(`marks.${i}.statusId`, 'noSuchReference', {
        entity: 'attendance status',
        ids: String(m.statusId),
      });
  });
  return byId;
}

export async function take(ctx: RequestContext, input: TakeInput): Promise<TakeResult> {
  const now = clock.date();
  return ctx.db.transaction(async (tx) => {
    const info = await sessionInfo(tx, ctx.orgId, input, true);
    const mode = await checkTaking({ ...ctx, db: tx }, info, now);
    const statuses = await statusesOf(tx, ctx.orgId);
    const { session } = info;
    const byId = await checkMarks(tx, ctx, session, input, statuses);
    const logged = await tx
      .select({
        studentId: attendanceMarks.studentId,
        statusId: attendanceMarks.statusId,
        source: attendanceMarks.source,
        reason: attendanceMarks.reason,
      })
      .from(attendanceMarks)
      .where(inOrg(attendanceMarks, ctx.orgId, [eq(attendanceMarks.sessionId, session.id)]))
      .orderBy(asc(attendanceMarks.id));
    const office = mode === 'office';
    const changed = input.marks.filter((m) => {
      const base = baselineOf(
        logged.filter((l) => l.studentId === m.studentId),
        office,
      );
      return !base || base.statusId !== m.statusId || (base.reason ?? null) !== (m.reason ?? null);
    });
    // A reason is asked of a new mark only: a mark sent again as it stands (an excuse from approved
    // leave, which carries none) is no change.
    input.marks.forEach((m, i) => {
      const status = byId.get(m.statusId);
      if (status?.requiresReason && !m.reason && changed.includes(m))
        throw invalidParams(`marks.${i}.reason`, 'reasonRequired', { status: status.name });
    });
    if (changed.length) {
      await tx.insert(attendanceMarks).values(
        changed.map((m) => ({
          organizationId: ctx.orgId,
          sessionId: session.id,
          studentId: m.studentId,
          statusId: m.statusId,
          source: office ? MarkSource.Office : MarkSource.Teacher,
          reason: m.reason ?? null,
          evidence: { login: ctx.tokenHash.slice(0, 12) },
          markedBy: ctx.userId,
          createTime: now,
        })),
      );
    }
    // The first take of a session is when it was taken; later ones are corrections.
    const [first] = await tx
      .update(attendanceSessions)
      .set({ takenAt: now, takenBy: ctx.userId, updateTime: now })
      .where(
        inOrg(attendanceSessions, ctx.orgId, [
          eq(attendanceSessions.id, session.id),
          isNull(attendanceSessions.takenAt),
        ]),
      )
      .returning({ takenAt: attendanceSessions.takenAt });
    await noticeAbsences(tx, ctx.orgId, session, logged, byId);
    return {
      sessionId: session.id,
      title: session.title,
      takenAt: (first?.takenAt ?? session.takenAt ?? now).toISOString(),
      changed: changed.length,
      unchanged: input.marks.length - changed.length,
      office,
    };
  });
}

// Students now marked Absent or Late are told, once per session: a student who had such a mark
// in this session before this take was told then.
async function noticeAbsences(
  tx: Tx,
  orgId: number,
  session: SessionRow,
  before: LoggedMark[],
  statuses: Map<number, StatusRow>,
) {
  const toldBefore = new Set(
    before.filter((m) => NOTIFIED_KINDS.includes(statuses.get(m.statusId)?.kind ?? 0)).map((m) => m.studentId),
  );
  const current = await tx.execute(currentMarks(orgId, sql`${session.id}`));
  const byStatus = new Map<number, number[]>();
  for (const row of (current as unknown as { rows: { student_id: unknown; status_id: unknown }[] }).rows) {
    const [studentId, statusId] = [Number(row.student_id), Number(row.status_id)];
    if (toldBefore.has(studentId) || !NOTIFIED_KINDS.includes(statuses.get(statusId)?.kind ?? 0)) continue;
    byStatus.set(statusId, [...(byStatus.get(statusId) ?? []), studentId]);
  }
  for (const [statusId, students] of byStatus) {
    await sendNotice(tx, orgId, {
      kind: 'absenceNotice',
      params: {
        // The organisation's own name, or the default's words in each language.
        status: statusWords(statuses.get(statusId), 'en'),
        statusZh: statusWords(statuses.get(statusId), 'zh'),
        name: session.title,
        start: session.startsAt.toISOString(),
      },
      ...(session.lessonId ? { about: { type: MessageAssociation.Lesson, id: session.lessonId } } : {}),
      to: idsQuery(students),
    });
  }
}

// Every mark of a session, oldest first, with who made it and whether it is the current one.
export async function markLog(ctx: RequestContext, sessionId: number): Promise<MarkLogEntry[]> {
  const { session } = await readableSession(ctx, { sessionId });
  const student = alias(users, 'student');
  const current = await ctx.db.execute(currentMarks(ctx.orgId, sql`${session.id}`));
  const currentIds = new Set(
    (current as unknown as { rows: { mark_id: unknown }[] }).rows.map((r) => Number(r.mark_id)),
  );
  const rows = await ctx.db
    .select({
      id: attendanceMarks.id,
      studentId: attendanceMarks.studentId,
      studentName: student.realName,
      statusId: attendanceMarks.statusId,
      statusName: attendanceStatuses.name,
      kind: attendanceStatuses.kind,
      source: attendanceMarks.source,
      reason: attendanceMarks.reason,
      evidence: attendanceMarks.evidence,
      leaveId: attendanceMarks.leaveId,
      markedBy: attendanceMarks.markedBy,
      markedByName: users.realName,
      createTime: attendanceMarks.createTime,
    })
    .from(attendanceMarks)
    .innerJoin(
      attendanceStatuses,
      and(
        eq(attendanceStatuses.organizationId, attendanceMarks.organizationId),
        eq(attendanceStatuses.id, attendanceMarks.statusId),
      ),
    )
    .innerJoin(
      users,
      and(eq(users.organizationId, attendanceMarks.organizationId), eq(users.id, attendanceMarks.markedBy)),
    )
    .innerJoin(
      student,
      and(eq(student.organizationId, attendanceMarks.organizationId), eq(student.id, attendanceMarks.studentId)),
    )
    .where(inOrg(attendanceMarks, ctx.orgId, [eq(attendanceMarks.sessionId, session.id)]))
    .orderBy(asc(attendanceMarks.id));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as AttendanceKind,
    source: r.source as MarkSource,
    evidence: (r.evidence ?? null) as MarkLogEntry['evidence'],
    createTime: r.createTime.toISOString(),
    current: currentIds.has(r.id),
  }));
}

const statusWords = (s: { name: string; kind: number } | undefined, lang: 'en' | 'zh') =>
  s ? statusName(s, lang) : '';
