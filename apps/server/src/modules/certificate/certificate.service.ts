import { type CertificateSource, CertificateStatus } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { organizations } from '../../platform/organizations.table';
import { inOrg } from '../../platform/tenant-sql';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { recordPersonEvent } from '../student-record/person-events';
import { todayIn } from '../timetable/local-time';
import { readSettings } from '../timetable/timetable-settings';
import { users } from '../user/user.table';
import { certificateSequences, certificates, certificateTemplates } from './certificate.table';
import { newCertificateCode } from './certificate-code';

// Issuing and revoking certificates: what other modules call (course completion, programme
// completion, degree conferral) and what the certificate routes run. One valid certificate per
// holder and what it was issued for (a partial unique index): a second issue answers the first.

export interface IssueInput {
  holderId: number;
  source: CertificateSource;
  sourceId: number;
  // What the certificate is (the course, programme or degree's name) and what it says it was for.
  title: string;
  what: string;
  hours?: number | null;
  grade?: string | null;
  // Valid this many months from issue; none: does not expire.
  validMonths?: number | null;
  templateId?: number | null;
  // A reissue keeps the expiry of the certificate it replaces (overrides validMonths).
  expiresAt?: Date | null;
}

export interface Issued {
  id: number;
  code: string;
  certificateNo: string;
}

// What was printed, kept on the row and answered by the public verification.
export interface CertificateSnapshot {
  holderName: string;
  title: string;
  what: string;
  hours: number | null;
  grade: string | null;
  issuedOn: string;
  expiresOn: string | null;
  organizationName: string;
  certificateNo: string;
  source: CertificateSource;
}

const idOf = { id: certificates.id, code: certificates.code, certificateNo: certificates.certificateNo };

async function validOne(db: DbOrTx, orgId: number, holderId: number, source: CertificateSource, sourceId: number) {
  const [row] = await db
    .select(idOf)
    .from(certificates)
    .where(
      inOrg(certificates, orgId, [
        eq(certificates.holderId, holderId),
        eq(certificates.source, source),
        eq(certificates.sourceId, sourceId),
        eq(certificates.status, CertificateStatus.Valid),
      ]),
    );
  return row;
}

// The next number of the organisation's year (`C2026-000123`), by one upsert, in the issuing
// transaction (a rollback gives it back).
async function nextCertificateNo(db: DbOrTx, orgId: number, year: number): Promise<string> {
  const [{ last }] = await db
    .insert(certificateSequences)
    .values({ organizationId: orgId, year, last: 1 })
    .onConflictDoUpdate({
      target: [certificateSequences.organizationId, certificateSequences.year],
      set: { last: sql`${certificateSequences.last} + 1` },
    })
    .returning({ last: certificateSequences.last });
  return `C${year}-${String(last).padStart(6, '0')}`;
}

export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCMonth(d.getUTCMonth() + months);
  // 31 January + 1 month is the last day of February, not 3 March.
  if (d.getUTCDate() < day) d.setUTCDate(0);
  return d;
}

async function holderAndOrg(db: DbOrTx, orgId: number, holderId: number) {
  const [holder] = await db
    .select({ realName: users.realName })
    .from(users)
    .where(inOrg(users, orgId, [eq(users.id, holderId)]));
  if (!holder) throw invalidParams('holderId', 'notFound', { entity: 'User' });
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  const { timeZone } = await readSettings(db, orgId);
  return { holderName: holder.realName, organizationName: org?.name ?? '', timeZone };
}

/**
 * Issues a certificate to `holderId` for (source, sourceId) in `tx`, with a snapshot of what is
 * printed, a random code and the year's next number. A valid certificate for the same holder and
 * source already there (or made by a parallel call) is answered instead; nothing new is written.
 */
export async function issueCertificate(
  tx: DbOrTx,
  orgId: number,
  input: IssueInput,
  actorId: number | null,
): Promise<Issued> {
  const before = await validOne(tx, orgId, input.holderId, input.source, input.sourceId);
  if (before) return before;
  if (input.templateId != null) {
    const [t] = await tx
      .select({ id: certificateTemplates.id })
      .from(certificateTemplates)
      .where(inOrg(certificateTemplates, orgId, [eq(certificateTemplates.id, input.templateId)]));
    if (!t) throw invalidParams('templateId', 'notFound', { entity: 'Certificate template' });
  }
  const who = await holderAndOrg(tx, orgId, input.holderId);
  const now = clock.date();
  const expiresAt =
    input.expiresAt !== undefined ? input.expiresAt : input.validMonths ? addMonths(now, input.validMonths) : null;
  const code = newCertificateCode();
  const issuedOn = todayIn(who.timeZone, now);
  const snapshot: CertificateSnapshot = {
    holderName: who.holderName,
    title: input.title,
    what: input.what,
    hours: input.hours ?? null,
    grade: input.grade ?? null,
    issuedOn,
    expiresOn: expiresAt ? todayIn(who.timeZone, expiresAt) : null,
    organizationName: who.organizationName,
    certificateNo: '',
    source: input.source,
  };
  // Written first under a provisional number: a parallel issue for the same holder and source waits
  // here on the partial unique index, then writes nothing and takes no number.
  const [made] = await tx
    .insert(certificates)
    .values({
      organizationId: orgId,
      code,
      certificateNo: `P-${code}`,
      holderId: input.holderId,
      source: input.source,
      sourceId: input.sourceId,
      templateId: input.templateId ?? null,
      title: input.title.slice(0, 200),
      hours: input.hours ?? null,
      grade: input.grade ?? null,
      snapshot,
      issuedAt: now,
      issuedBy: actorId,
      expiresAt,
      status: CertificateStatus.Valid,
    })
    .onConflictDoNothing()
    .returning({ id: certificates.id });
  if (!made) {
    const first = await validOne(tx, orgId, input.holderId, input.source, input.sourceId);
    if (first) return first;
    throw new Error('certificate insert conflicted without a valid certificate');
  }
  const certificateNo = await nextCertificateNo(tx, orgId, Number(issuedOn.slice(0, 4)));
  await tx
    .update(certificates)
    .set({ certificateNo, snapshot: { ...snapshot, certificateNo } })
    .where(inOrg(certificates, orgId, [eq(certificates.id, made.id)]));
  await recordPersonEvent(tx, orgId, {
    userId: input.holderId,
    kind: 'certificateIssued',
    refType: 'certificate',
    refId: made.id,
    detail: { certificateNo, title: snapshot.title, source: input.source },
    actorId,
  });
  await sendNotice(tx, orgId, {
    kind: 'certificateIssued',
    params: { name: snapshot.title, certificateNo },
    to: idsQuery([input.holderId]),
  });
  return { id: made.id, code, certificateNo };
}

/**
 * Revokes the valid certificates issued for (source, sourceId) (one holder's, or everyone's) with
 * a reason, by a conditional update; answers how many were revoked (none already revoked count).
 */
export async function revokeCertificatesFor(
  tx: DbOrTx,
  orgId: number,
  ref: { source: CertificateSource; sourceId: number; holderId?: number },
  reason: string,
  actorId: number | null,
): Promise<number> {
  const done = await tx
    .update(certificates)
    .set({
      status: CertificateStatus.Revoked,
      revokedAt: clock.date(),
      revokedBy: actorId,
      revokeReason: reason.slice(0, 500),
      updateTime: clock.date(),
    })
    .where(
      inOrg(certificates, orgId, [
        eq(certificates.source, ref.source),
        eq(certificates.sourceId, ref.sourceId),
        ref.holderId === undefined ? undefined : eq(certificates.holderId, ref.holderId),
        eq(certificates.status, CertificateStatus.Valid),
      ]),
    )
    .returning({
      id: certificates.id,
      holderId: certificates.holderId,
      title: certificates.title,
      certificateNo: certificates.certificateNo,
    });
  for (const c of done) await afterRevoke(tx, orgId, c, reason, actorId);
  return done.length;
}

export async function afterRevoke(
  tx: DbOrTx,
  orgId: number,
  c: { id: number; holderId: number; title: string; certificateNo: string },
  reason: string,
  actorId: number | null,
): Promise<void> {
  await recordPersonEvent(tx, orgId, {
    userId: c.holderId,
    kind: 'certificateRevoked',
    refType: 'certificate',
    refId: c.id,
    detail: { certificateNo: c.certificateNo, title: c.title, reason },
    actorId,
  });
  await sendNotice(tx, orgId, {
    kind: 'certificateRevoked',
    params: { name: c.title, certificateNo: c.certificateNo, reason },
    to: idsQuery([c.holderId]),
  });
}

// The organisation's valid certificates of one holder and source (for a module that shows them).
export async function validCertificateOf(
  db: DbOrTx,
  orgId: number,
  ref: { holderId: number; source: CertificateSource; sourceId: number },
): Promise<Issued | undefined> {
  return validOne(db, orgId, ref.holderId, ref.source, ref.sourceId);
}

export const certificateWhere = (orgId: number, id: number) =>
  and(inOrg(certificates, orgId, [eq(certificates.id, id)]));
