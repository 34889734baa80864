import {
  type Audit,
  type BatchStudent,
  GraduationBatchStatus,
  GraduationDecision,
  graduationBatchStatusLabels,
  type zBatchAdd,
  type zBatchDecide,
} from '@lyceum/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { recordsOf, studentsOfCohort } from '../student-record/student-record.service';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { graduationBatchStudents as bs, degreeAwards, graduationBatches as gb } from './graduation.table';
import { auditMany } from './graduation-audit';

// A batch's students: added by class, cohort or name (each audited as added), audited again,
// decided (approve or defer, with a note) and taken out. The batch row is held for each change, so
// a change and the batch's own transitions (approval, conferral) run one after the other: students
// change only while the batch is a draft or under review, and are decided only under review.

const { Draft, Reviewing } = GraduationBatchStatus;

interface BatchRow {
  id: number;
  status: number;
  degreeId: number;
  cohortYear: number;
}

// The batch, held for the transaction (not found outside the organisation).
async function holdBatch(tx: Tx, ctx: RequestContext, id: number, allowed: number[]): Promise<BatchRow> {
  const [row] = await tx
    .select({ id: gb.id, status: gb.status, degreeId: gb.degreeId, cohortYear: gb.cohortYear })
    .from(gb)
    .where(and(eq(gb.organizationId, ctx.orgId), eq(gb.id, id)))
    .for('update');
  if (!row) throw notFound('Graduation batch');
  if (!allowed.includes(row.status)) {
    const label = graduationBatchStatusLabels[row.status as GraduationBatchStatus];
    throw businessError('batchLocked', { state: label.en.toLowerCase(), stateZh: label.zh });
  }
  return row;
}

async function inBatch(db: DbOrTx, orgId: number, batchId: number, userIds?: number[]) {
  return db
    .select({ userId: bs.userId, eligible: bs.eligible })
    .from(bs)
    .where(
      and(eq(bs.organizationId, orgId), eq(bs.batchId, batchId), userIds ? inArray(bs.userId, userIds) : undefined),
    );
}

function checkAllIn(named: number[], found: { userId: number }[]) {
  const have = new Set(found.map((f) => Number(f.userId)));
  const missing = named.filter((id) => !have.has(id));
  if (missing.length) throw invalidParams('userIds', 'notInBatch', { ids: missing.slice(0, 10).join(', ') });
}

async function membersOfTeams(db: DbOrTx, orgId: number, teamIds: number[]): Promise<number[]> {
  if (!teamIds.length) return [];
  const found = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, orgId), inArray(teams.id, teamIds)));
  const known = new Set(found.map((t) => Number(t.id)));
  const bad = teamIds.filter((id) => !known.has(id));
  if (bad.length) throw invalidParams('teamIds', 'noSuchReference', { entity: 'class', ids: bad.join(', ') });
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, orgId), inArray(teamMembers.teamId, teamIds)));
  return rows.map((r) => Number(r.userId));
}

const auditValues = (a: Audit | undefined) => ({
  audit: a ?? null,
  eligible: a?.eligible ?? false,
  auditedAt: clock.date(),
});

export async function addStudents(ctx: RequestContext, id: number, body: z.output<typeof zBatchAdd>) {
  return ctx.db.transaction(async (tx) => {
    const batch = await holdBatch(tx, ctx, id, [Draft, Reviewing]);
    const named = [...new Set(body.userIds ?? [])];
    const found = [
      ...(await membersOfTeams(tx, ctx.orgId, [...new Set(body.teamIds ?? [])])),
      ...(body.cohort
        ? await studentsOfCohort(tx, ctx.orgId, { degreeId: batch.degreeId, cohortYear: batch.cohortYear })
        : []),
    ];
    const records = await recordsOf(tx, ctx.orgId, [...new Set([...named, ...found])]);
    const fits = (uid: number) => records.get(uid)?.degreeId === batch.degreeId;
    const misfits = named.filter((uid) => !fits(uid));
    if (misfits.length) {
      const who = await tx
        .select({ name: users.realName })
        .from(users)
        .where(and(eq(users.organizationId, ctx.orgId), inArray(users.id, misfits)));
      const names = who.length
        ? who
            .map((w) => w.name)
            .slice(0, 5)
            .join(', ')
        : misfits.slice(0, 5).join(', ');
      throw invalidParams('userIds', 'noDegreeRecord', { names });
    }
    const wanted = [...new Set([...named, ...found])].filter(fits);
    const already = new Set((await inBatch(tx, ctx.orgId, id, wanted)).map((r) => Number(r.userId)));
    const fresh = wanted.filter((uid) => !already.has(uid));
    const audits = await auditMany(tx, ctx.orgId, fresh);
    if (fresh.length) {
      await tx
        .insert(bs)
        .values(
          fresh.map((userId) => ({
            organizationId: ctx.orgId,
            batchId: id,
            userId,
            ...auditValues(audits.get(userId)),
          })),
        )
        .onConflictDoNothing();
    }
    return { added: fresh.length, skipped: wanted.length - fresh.length };
  });
}

export async function removeStudents(ctx: RequestContext, id: number, userIds: number[]) {
  return ctx.db.transaction(async (tx) => {
    await holdBatch(tx, ctx, id, [Draft, Reviewing]);
    checkAllIn(userIds, await inBatch(tx, ctx.orgId, id, userIds));
    const gone = await tx
      .delete(bs)
      .where(and(eq(bs.organizationId, ctx.orgId), eq(bs.batchId, id), inArray(bs.userId, userIds)))
      .returning({ userId: bs.userId });
    return { count: gone.length };
  });
}

export async function refreshAudits(ctx: RequestContext, id: number, userIds?: number[]) {
  return ctx.db.transaction(async (tx) => {
    await holdBatch(tx, ctx, id, [Draft, Reviewing]);
    const rows = await inBatch(tx, ctx.orgId, id, userIds);
    if (userIds) checkAllIn(userIds, rows);
    const ids = rows.map((r) => Number(r.userId));
    const audits = await auditMany(tx, ctx.orgId, ids);
    for (const uid of ids) {
      await tx
        .update(bs)
        .set(auditValues(audits.get(uid)))
        .where(and(eq(bs.organizationId, ctx.orgId), eq(bs.batchId, id), eq(bs.userId, uid)));
    }
    return { count: ids.length };
  });
}

export async function decideStudents(ctx: RequestContext, id: number, body: z.output<typeof zBatchDecide>) {
  return ctx.db.transaction(async (tx) => {
    await holdBatch(tx, ctx, id, [Reviewing]);
    const ids = [...new Set(body.userIds)];
    const rows = await inBatch(tx, ctx.orgId, id, ids);
    checkAllIn(ids, rows);
    // Graduating someone the audit says is not ready is a decision that needs its reason.
    if (body.decision === GraduationDecision.Approved && !body.note && rows.some((r) => !r.eligible)) {
      throw invalidParams('note', 'unmetNeedsNote');
    }
    const done = await tx
      .update(bs)
      .set({ decision: body.decision, note: body.note || null, decidedBy: ctx.userId, decidedAt: clock.date() })
      .where(and(eq(bs.organizationId, ctx.orgId), eq(bs.batchId, id), inArray(bs.userId, ids)))
      .returning({ userId: bs.userId });
    return { count: done.length };
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function batchStudents(db: DbOrTx, orgId: number, id: number): Promise<BatchStudent[]> {
  const [batch] = await db
    .select({ id: gb.id })
    .from(gb)
    .where(and(eq(gb.organizationId, orgId), eq(gb.id, id)));
  if (!batch) throw notFound('Graduation batch');
  const rows = await db
    .select({
      row: bs,
      realName: users.realName,
      userName: users.userName,
      awardId: degreeAwards.id,
      certificateNo: degreeAwards.certificateNo,
    })
    .from(bs)
    .innerJoin(users, and(eq(users.organizationId, bs.organizationId), eq(users.id, bs.userId)))
    .leftJoin(
      degreeAwards,
      and(
        eq(degreeAwards.organizationId, bs.organizationId),
        eq(degreeAwards.batchId, bs.batchId),
        eq(degreeAwards.userId, bs.userId),
      ),
    )
    .where(and(eq(bs.organizationId, orgId), eq(bs.batchId, id)))
    .orderBy(asc(users.realName), asc(bs.userId));
  const records = await recordsOf(
    db,
    orgId,
    rows.map((r) => Number(r.row.userId)),
  );
  return rows.map(({ row, ...r }) => ({
    userId: Number(row.userId),
    realName: r.realName,
    userName: r.userName,
    studentNo: records.get(Number(row.userId))?.studentNo ?? null,
    decision: row.decision as GraduationDecision,
    note: row.note,
    decidedBy: row.decidedBy,
    decidedAt: iso(row.decidedAt),
    eligible: row.eligible,
    audit: (row.audit as Audit | null) ?? null,
    auditedAt: iso(row.auditedAt),
    awardId: r.awardId,
    certificateNo: r.certificateNo,
  }));
}
