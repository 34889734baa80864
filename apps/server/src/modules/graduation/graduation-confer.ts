import { DegreeAwardStatus, GraduationDecision } from '@lyceum/contract';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import type { Values } from '../../platform/resource';
import { issueCertificate, revokeCertificatesFor } from '../certificate/certificate.service';
import { degrees } from '../education/education.table';
import { recordPersonEvent } from '../student-record/person-events';
import { markGraduated } from '../student-record/student-record.service';
import { orgToday } from '../tuition/tuition-org';
import { graduationBatchStudents as bs, degreeAwards as da } from './graduation.table';

// Conferral and revocation, each inside the engine action's transaction (the batch or the award
// row locked): conferral makes an award with the organisation's next degree number for every
// approved student (one standing award of a degree per student: one who already holds it is
// skipped), issues the degree certificate through the certificate module, marks the records
// graduated and writes the timeline; revocation revokes the award and its certificate.

// The next numbers of the year, DEG-2026-000001 on: the organisation's numbering is held for the
// transaction, so two batches conferred at once never draw the same number.
async function nextNumbers(tx: Tx, orgId: number, year: string, n: number): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('degree_no'), ${orgId}::int)`);
  const prefix = `DEG-${year}-`;
  const [top] = await tx
    .select({ n: sql<number>`coalesce(max(substring(${da.certificateNo} from 10)::int), 0)`.mapWith(Number) })
    .from(da)
    .where(and(eq(da.organizationId, orgId), like(da.certificateNo, `${prefix}%`)));
  const start = (top?.n ?? 0) + 1;
  return Array.from({ length: n }, (_, i) => `${prefix}${String(start + i).padStart(6, '0')}`);
}

export async function conferBatch(tx: Tx, batch: Values, ctx: RequestContext): Promise<Values> {
  const orgId = ctx.orgId;
  const batchId = Number(batch.id);
  const degreeId = Number(batch.degreeId);
  const awardedOn = (batch.conferDate as string | null) ?? (await orgToday(tx, orgId)).day;
  const [degree] = await tx
    .select({ name: degrees.name })
    .from(degrees)
    .where(and(eq(degrees.organizationId, orgId), eq(degrees.id, degreeId)));
  const approved = await tx
    .select({ userId: bs.userId })
    .from(bs)
    .where(and(eq(bs.organizationId, orgId), eq(bs.batchId, batchId), eq(bs.decision, GraduationDecision.Approved)))
    .orderBy(asc(bs.userId));
  const numbers = await nextNumbers(tx, orgId, awardedOn.slice(0, 4), approved.length);
  const graduated: number[] = [];
  let i = 0;
  for (const { userId } of approved) {
    const certificateNo = numbers[i++]!;
    const [award] = await tx
      .insert(da)
      .values({ organizationId: orgId, userId, degreeId, batchId, certificateNo, awardedOn, awardedBy: ctx.userId })
      .onConflictDoNothing()
      .returning({ id: da.id });
    // Already holds a standing award of this degree (from another batch).
    if (!award) continue;
    const title = degree?.name ?? '';
    const cert = await issueCertificate(
      tx,
      orgId,
      {
        holderId: userId,
        source: 'degree',
        sourceId: award.id,
        title,
        what: `${title} (${String(batch.name)}), ${certificateNo}`,
      },
      ctx.userId,
    );
    await tx
      .update(da)
      .set({ certificateId: cert.id, certificateCode: cert.code })
      .where(and(eq(da.organizationId, orgId), eq(da.id, award.id)));
    await recordPersonEvent(tx, orgId, {
      userId,
      kind: 'degreeAwarded',
      refType: 'degreeAward',
      refId: award.id,
      detail: { degree: title, certificateNo, batch: String(batch.name) },
      actorId: ctx.userId,
    });
    graduated.push(userId);
  }
  await markGraduated(tx, orgId, graduated, ctx.userId, String(batch.name));
  return { conferredBy: ctx.userId, conferredAt: clock.date(), conferDate: awardedOn };
}

export async function revokeAward(tx: Tx, award: Values, input: { reason: string }, ctx: RequestContext) {
  const id = Number(award.id);
  await revokeCertificatesFor(tx, ctx.orgId, { source: 'degree', sourceId: id }, input.reason, ctx.userId);
  await recordPersonEvent(tx, ctx.orgId, {
    userId: Number(award.userId),
    kind: 'degreeRevoked',
    refType: 'degreeAward',
    refId: id,
    detail: { certificateNo: String(award.certificateNo), reason: input.reason },
    actorId: ctx.userId,
  });
  return {
    status: DegreeAwardStatus.Revoked,
    revokedAt: clock.date(),
    revokedBy: ctx.userId,
    revokeReason: input.reason,
  };
}
