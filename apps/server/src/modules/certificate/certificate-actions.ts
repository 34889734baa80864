import { type CertificateSource, CertificateStatus, type zCertificateIssue } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import type { Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { afterRevoke, type CertificateSnapshot, type Issued, issueCertificate } from './certificate.service';
import { certificates } from './certificate.table';

// Staff's changes of a certificate: revoke (with a reason) and reissue (a new code and number; the
// old one answers "superseded"), run by the engine on the row it has locked, and issuing by hand.

export async function revokeOne(tx: Tx, row: Values, input: { reason: string }, ctx: RequestContext): Promise<Values> {
  const c = {
    id: Number(row.id),
    holderId: Number(row.holderId),
    title: String(row.title),
    certificateNo: String(row.certificateNo),
  };
  await afterRevoke(tx, ctx.orgId, c, input.reason, ctx.userId);
  return { revokedAt: clock.date(), revokedBy: ctx.userId, revokeReason: input.reason };
}

// The old certificate steps aside first (the one-valid-per-source index), then the new one is issued
// from the same facts with the holder's name as it is now and the old expiry.
export async function reissueCertificate(tx: Tx, row: Values, _input: unknown, ctx: RequestContext): Promise<Values> {
  const id = Number(row.id);
  await tx
    .update(certificates)
    .set({ status: CertificateStatus.Superseded, updateTime: clock.date() })
    .where(inOrg(certificates, ctx.orgId, [eq(certificates.id, id), eq(certificates.status, CertificateStatus.Valid)]));
  const snap = row.snapshot as CertificateSnapshot;
  const made = await issueCertificate(
    tx,
    ctx.orgId,
    {
      holderId: Number(row.holderId),
      source: row.source as CertificateSource,
      sourceId: Number(row.sourceId),
      title: String(row.title),
      what: snap.what,
      hours: row.hours === null ? null : Number(row.hours),
      grade: row.grade === null ? null : String(row.grade),
      templateId: row.templateId === null ? null : Number(row.templateId),
      expiresAt: row.expiresAt instanceof Date ? row.expiresAt : null,
    },
    ctx.userId,
  );
  return { supersededById: made.id };
}

// A certificate issued by hand (source "manual"): each is its own source, numbered per holder; two
// of the same at once (a double click) make one.
export async function issueByHand(ctx: RequestContext, input: z.output<typeof zCertificateIssue>): Promise<Issued> {
  return ctx.db.transaction(async (tx) => {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${certificates.sourceId}), 0) + 1`.mapWith(Number) })
      .from(certificates)
      .where(
        and(
          inOrg(certificates, ctx.orgId, [eq(certificates.holderId, input.holderId)]),
          eq(certificates.source, 'manual'),
        ),
      );
    return issueCertificate(tx, ctx.orgId, { ...input, source: 'manual', sourceId: next }, ctx.userId);
  });
}
