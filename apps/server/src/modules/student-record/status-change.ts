import {
  kindMovesClass,
  RoleKind,
  StatusChangeKind,
  StatusChangeState,
  statusAfter,
  statusChangeStateLabels,
  statusesFor,
  studentStatusLabels,
  UserStatus,
  type zStatusChangeRequest,
} from '@lyceum/contract';
import { and, count, eq, inArray, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { businessError, forbidden, invalidParams, notFound } from '../../platform/errors';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { endUserSessions } from '../auth/session.service';
import { teamMembers, teams } from '../team/team.table';
import { todayIn } from '../timetable/local-time';
import { readSettings } from '../timetable/timetable-settings';
import { users } from '../user/user.table';
import { recordPersonEvent } from './person-events';
import { recordOf } from './student-record.service';
import { statusChanges, studentRecords } from './student-record.table';

// Status changes (issue 34): requested (statusChange:request), approved or rejected by another
// person with statusChange:approve (an administrator may approve their own request), cancelled while
// not applied. An approved change applies at once when its date has come, else the job applies it on
// its date; applying is a conditional update approved → applied, so the job and an approval running
// together apply it once. Rows are never deleted.

const { Requested, Approved, Applied, Rejected, Cancelled } = StatusChangeState;
type ChangeRow = typeof statusChanges.$inferSelect;

// Today in the organisation's zone ('2026-09-01'): effective dates are the school's days.
export async function orgDay(db: DbOrTx, orgId: number): Promise<string> {
  return todayIn((await readSettings(db, orgId)).timeZone, clock.date());
}

const stateWords = (state: number) => {
  const l = statusChangeStateLabels[state as StatusChangeState];
  return { state: l.en.toLowerCase(), stateZh: l.zh };
};

export async function requestChange(
  ctx: RequestContext,
  input: z.output<typeof zStatusChangeRequest>,
): Promise<number> {
  const record = await recordOf(ctx.db, ctx.orgId, input.userId);
  if (!record) throw invalidParams('userId', 'noStudentRecord');
  if (!statusesFor(input.kind).includes(record.status)) {
    const l = studentStatusLabels[record.status];
    throw invalidParams('kind', 'statusChangeNotFrom', { state: l.en.toLowerCase(), stateZh: l.zh });
  }
  const toTeamId = kindMovesClass(input.kind) ? (input.toTeamId ?? null) : null;
  if (toTeamId !== null) {
    const [team] = await ctx.db
      .select({ id: teams.id })
      .from(teams)
      .where(inOrg(teams, ctx.orgId, [eq(teams.id, toTeamId)]));
    if (!team) throw invalidParams('toTeamId', 'notFound', { entity: 'Class' });
  }
  return ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(statusChanges)
      .values({
        organizationId: ctx.orgId,
        userId: input.userId,
        kind: input.kind,
        state: Requested,
        fromStatus: record.status,
        toStatus: statusAfter(input.kind, record.status),
        effectiveDate: input.effectiveDate,
        reason: input.reason,
        toTeamId,
        requestedBy: ctx.userId,
      })
      // One open change per student (status_changes_open_uq): a second waits for the first.
      .onConflictDoNothing()
      .returning({ id: statusChanges.id });
    if (!made) throw businessError('statusChangeOpen');
    await recordPersonEvent(tx, ctx.orgId, {
      userId: input.userId,
      kind: 'statusChange',
      refType: 'statusChange',
      refId: made.id,
      detail: { kind: input.kind, state: Requested, effectiveDate: input.effectiveDate },
      actorId: ctx.userId,
    });
    return made.id;
  });
}

async function loadChange(db: DbOrTx, orgId: number, id: number): Promise<ChangeRow> {
  const [row] = await db
    .select()
    .from(statusChanges)
    .where(inOrg(statusChanges, orgId, [eq(statusChanges.id, id)]));
  if (!row) throw notFound('Status change');
  return row;
}

// Moves a change from one of `from` to `to` if it is still there (another decision may have won).
async function move(tx: Tx, ctx: RequestContext, id: number, from: StatusChangeState[], set: Partial<ChangeRow>) {
  const [row] = await tx
    .update(statusChanges)
    .set({ ...set, updateTime: clock.date() })
    .where(inOrg(statusChanges, ctx.orgId, [eq(statusChanges.id, id), inArray(statusChanges.state, from)]))
    .returning();
  if (!row) throw businessError('statusChangeDecided', stateWords((await loadChange(tx, ctx.orgId, id)).state));
  return row;
}

export async function approveChange(ctx: RequestContext, id: number, note: string | null): Promise<void> {
  const change = await loadChange(ctx.db, ctx.orgId, id);
  if (change.requestedBy === ctx.userId && ctx.roleKind !== RoleKind.Administrator)
    throw forbidden('statusChangeOwnRequest');
  const today = await orgDay(ctx.db, ctx.orgId);
  await ctx.db.transaction(async (tx) => {
    const row = await move(tx, ctx, id, [Requested], {
      state: Approved,
      decidedBy: ctx.userId,
      decidedAt: clock.date(),
      decisionNote: note,
    });
    if (row.effectiveDate <= today) await applyChange(tx, ctx.orgId, id, ctx.userId);
  });
}

export async function rejectChange(ctx: RequestContext, id: number, note: string | null): Promise<void> {
  const change = await loadChange(ctx.db, ctx.orgId, id);
  if (change.requestedBy === ctx.userId && ctx.roleKind !== RoleKind.Administrator)
    throw forbidden('statusChangeOwnRequest');
  await ctx.db.transaction(async (tx) => {
    await move(tx, ctx, id, [Requested], {
      state: Rejected,
      decidedBy: ctx.userId,
      decidedAt: clock.date(),
      decisionNote: note,
    });
    await recordPersonEvent(tx, ctx.orgId, {
      userId: change.userId,
      kind: 'statusChange',
      refType: 'statusChange',
      refId: id,
      detail: { kind: change.kind, state: Rejected, note },
      actorId: ctx.userId,
    });
  });
}

// Its requester, or an approver, while it is not applied.
export async function cancelChange(ctx: RequestContext, id: number, note: string | null): Promise<void> {
  const change = await loadChange(ctx.db, ctx.orgId, id);
  if (change.requestedBy !== ctx.userId && !allows(ctx, ['statusChange:approve'])) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await move(tx, ctx, id, [Requested, Approved], {
      state: Cancelled,
      decidedBy: ctx.userId,
      decidedAt: clock.date(),
      decisionNote: note,
    });
  });
}

// Ends a student's class memberships (all, or all but `keep`), keeping the classes' member counts.
async function leaveClasses(tx: Tx, orgId: number, userId: number, keep: number | null) {
  const gone = await tx
    .delete(teamMembers)
    .where(inOrg(teamMembers, orgId, [eq(teamMembers.userId, userId), keep ? ne(teamMembers.teamId, keep) : undefined]))
    .returning({ teamId: teamMembers.teamId });
  const touched = [...new Set(gone.map((g) => g.teamId))];
  if (keep) {
    await tx
      .insert(teamMembers)
      .values({ organizationId: orgId, teamId: keep, userId, joinDate: clock.date().toISOString().slice(0, 10) })
      .onConflictDoNothing();
    touched.push(keep);
  }
  for (const teamId of touched) {
    const [n] = await tx
      .select({ n: count() })
      .from(teamMembers)
      .where(inOrg(teamMembers, orgId, [eq(teamMembers.teamId, teamId)]));
    await tx
      .update(teams)
      .set({ memberCount: Number(n?.n ?? 0), updateTime: clock.date() })
      .where(inOrg(teams, orgId, [eq(teams.id, teamId)]));
  }
}

async function setLogin(tx: Tx, orgId: number, userId: number, status: UserStatus) {
  await tx
    .update(users)
    .set({ status, updateTime: clock.date() })
    .where(inOrg(users, orgId, [eq(users.id, userId)]));
  if (status === UserStatus.Disabled) await endUserSessions(tx, orgId, [userId]);
}

// Applies an approved change once (approved → applied, conditionally): the record's status, the
// classes and the login follow it, and the timeline has an entry. False when it was not approved.
export async function applyChange(tx: Tx, orgId: number, id: number, actorId: number | null): Promise<boolean> {
  const [change] = await tx
    .update(statusChanges)
    .set({ state: Applied, appliedAt: clock.date(), updateTime: clock.date() })
    .where(inOrg(statusChanges, orgId, [eq(statusChanges.id, id), eq(statusChanges.state, Approved)]))
    .returning();
  if (!change) return false;
  const kind = change.kind as StatusChangeKind;
  if (change.toStatus !== change.fromStatus) {
    await tx
      .update(studentRecords)
      .set({ status: change.toStatus, updateTime: clock.date() })
      .where(inOrg(studentRecords, orgId, [eq(studentRecords.userId, change.userId)]));
  }
  if (kind === StatusChangeKind.TransferOut || kind === StatusChangeKind.Withdrawal) {
    await leaveClasses(tx, orgId, change.userId, null);
    await setLogin(tx, orgId, change.userId, UserStatus.Disabled);
  } else if (kind === StatusChangeKind.Resumption) {
    await setLogin(tx, orgId, change.userId, UserStatus.Enabled);
  } else if (kindMovesClass(kind) && change.toTeamId) {
    await leaveClasses(tx, orgId, change.userId, change.toTeamId);
  }
  await recordPersonEvent(tx, orgId, {
    userId: change.userId,
    kind: 'statusChange',
    refType: 'statusChange',
    refId: id,
    detail: { kind, state: Applied, from: change.fromStatus, to: change.toStatus, effectiveDate: change.effectiveDate },
    actorId,
  });
  return true;
}

// The job (every 15 minutes): approved changes whose date has come in their organisation's zone.
// Each is applied in its own transaction; one already applied (by an approval, or another run) is left.
export async function applyDueChanges(db: Db): Promise<number> {
  const orgs = await db
    .selectDistinct({ orgId: statusChanges.organizationId })
    .from(statusChanges)
    .where(and(eq(statusChanges.state, Approved), lte(statusChanges.effectiveDate, tomorrowUtc())));
  let applied = 0;
  for (const { orgId } of orgs) {
    const today = await orgDay(db, orgId);
    const due = await db
      .select({ id: statusChanges.id })
      .from(statusChanges)
      .where(inOrg(statusChanges, orgId, [eq(statusChanges.state, Approved), lte(statusChanges.effectiveDate, today)]));
    for (const { id } of due) {
      if (await db.transaction((tx) => applyChange(tx, orgId, id, null))) applied++;
    }
  }
  return applied;
}

// Every zone's today is at most tomorrow in UTC: the first filter, before each organisation's own day.
function tomorrowUtc(): string {
  return new Date(clock.now() + 86_400_000).toISOString().slice(0, 10);
}
