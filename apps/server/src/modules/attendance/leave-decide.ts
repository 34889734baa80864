import { type Leave, LeaveStatus, leaveStatusLabels, MessageAssociation } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { businessError, forbidden } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { leaveRequests } from './attendance.table';
import { decidesFor, leaveById, readableLeave } from './leave.service';
import { excuse, restore } from './leave-marks';

// A leave request's decisions. Each runs in one transaction on the row held for update, so of ten
// approvals at once one decides and the others find it decided; approval writes its excuses (future
// lessons included) and a rejection or withdrawal after approval takes back those not yet held, in
// the same transaction as the change of state.

type LeaveRow = typeof leaveRequests.$inferSelect;

function notPending(row: LeaveRow) {
  const label = leaveStatusLabels[row.status as LeaveStatus];
  return businessError('leaveNotPending', { status: label.en.toLowerCase(), statusZh: label.zh });
}

async function setStatus(tx: Tx, ctx: RequestContext, row: LeaveRow, values: Partial<LeaveRow>) {
  await tx
    .update(leaveRequests)
    .set({ ...values, updateTime: clock.date() })
    .where(inOrg(leaveRequests, ctx.orgId, [eq(leaveRequests.id, row.id)]));
}

async function tellStudent(tx: Tx, ctx: RequestContext, row: LeaveRow, approved: boolean, note: string | null) {
  await sendNotice(tx, ctx.orgId, {
    kind: 'leaveDecided',
    params: {
      decision: approved ? 'approved' : 'rejected',
      decisionZh: approved ? '已批准' : '被驳回',
      start: row.fromAt.toISOString(),
      due: row.toAt.toISOString(),
      note: note ?? '',
    },
    about: { type: MessageAssociation.Leave, id: row.id },
    to: idsQuery([row.studentId]),
  });
}

// Loads the leave for a decision: "not found" outside the caller's reach, refused to a caller who
// reads it but does not decide on the student's leave (a teacher who asked on a student's behalf).
async function forDecision(tx: Tx, ctx: RequestContext, id: number): Promise<LeaveRow> {
  const row = await readableLeave(tx, ctx, id, true);
  if (!(await decidesFor({ ...ctx, db: tx }, row.studentId))) throw forbidden();
  return row;
}

export async function approveLeave(ctx: RequestContext, id: number, note: string | null): Promise<Leave> {
  await ctx.db.transaction(async (tx) => {
    const row = await forDecision(tx, ctx, id);
    if (row.status !== LeaveStatus.Pending) throw notPending(row);
    const now = clock.date();
    await setStatus(tx, ctx, row, {
      status: LeaveStatus.Approved,
      reviewedBy: ctx.userId,
      reviewedAt: now,
      reviewNote: note,
    });
    await excuse(tx, ctx.orgId, row, ctx.userId);
    await tellStudent(tx, ctx, row, true, note);
  });
  return leaveById(ctx, id);
}

export async function rejectLeave(ctx: RequestContext, id: number, note: string): Promise<Leave> {
  await ctx.db.transaction(async (tx) => {
    const row = await forDecision(tx, ctx, id);
    if (row.status !== LeaveStatus.Pending && row.status !== LeaveStatus.Approved) throw notPending(row);
    await setStatus(tx, ctx, row, {
      status: LeaveStatus.Rejected,
      reviewedBy: ctx.userId,
      reviewedAt: clock.date(),
      reviewNote: note,
    });
    if (row.status === LeaveStatus.Approved) await restore(tx, ctx.orgId, row, ctx.userId);
    await tellStudent(tx, ctx, row, false, note);
  });
  return leaveById(ctx, id);
}

// The student (or whoever asked on their behalf) withdraws: while pending, or approved but not yet begun.
export async function withdrawLeave(ctx: RequestContext, id: number): Promise<Leave> {
  await ctx.db.transaction(async (tx) => {
    const row = await readableLeave(tx, ctx, id, true);
    if (row.studentId !== ctx.userId && row.createdBy !== ctx.userId) throw forbidden();
    if (row.status === LeaveStatus.Approved && row.fromAt <= clock.date()) throw businessError('leaveStarted');
    if (row.status !== LeaveStatus.Pending && row.status !== LeaveStatus.Approved) throw notPending(row);
    await setStatus(tx, ctx, row, { status: LeaveStatus.Withdrawn });
    if (row.status === LeaveStatus.Approved) await restore(tx, ctx.orgId, row, ctx.userId);
  });
  return leaveById(ctx, id);
}
