import { CertificateStatus } from '@lyceum/contract';
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { inOrg } from '../../platform/tenant-sql';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { certificates } from './certificate.table';

// Expiry and recertification reminders: once a day, holders of a valid certificate are told 30 days
// before it expires and again when it has expired, once each: the reminder's column is set by a
// conditional update, so a job run twice (or two at once) tells nobody twice.

export const CERTIFICATE_EXPIRY_JOB = 'certificate.expiryReminders';
export const EXPIRY_NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;

export async function remindExpiring(db: DbOrTx, orgId: number, now = clock.date()) {
  const soon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
  const valid = (t: typeof certificates) => [
    inOrg(t, orgId, [eq(t.status, CertificateStatus.Valid)]),
    isNotNull(t.expiresAt),
  ];
  const returning = {
    id: certificates.id,
    holderId: certificates.holderId,
    title: certificates.title,
    certificateNo: certificates.certificateNo,
    expiresAt: certificates.expiresAt,
  };
  const expiring = await db
    .update(certificates)
    .set({ reminderSentAt: now })
    .where(
      and(
        ...valid(certificates),
        gt(certificates.expiresAt, now),
        lte(certificates.expiresAt, soon),
        isNull(certificates.reminderSentAt),
      ),
    )
    .returning(returning);
  const expired = await db
    .update(certificates)
    .set({ expiredNoticeAt: now })
    .where(and(...valid(certificates), lte(certificates.expiresAt, now), isNull(certificates.expiredNoticeAt)))
    .returning(returning);
  for (const [kind, rows] of [
    ['certificateExpiring', expiring],
    ['certificateExpired', expired],
  ] as const) {
    for (const c of rows) {
      await sendNotice(db, orgId, {
        kind,
        params: { name: c.title, certificateNo: c.certificateNo, due: c.expiresAt?.toISOString() ?? '' },
        to: idsQuery([c.holderId]),
      });
    }
  }
  return { expiring: expiring.length, expired: expired.length };
}

// Every organisation with valid certificates that expire, one after the other, each in one transaction.
export async function remindAllExpiring(db: Db) {
  const orgs = await db
    .selectDistinct({ orgId: certificates.organizationId })
    .from(certificates)
    .where(
      and(
        isNotNull(certificates.expiresAt),
        eq(certificates.status, CertificateStatus.Valid),
        isNull(certificates.expiredNoticeAt),
      ),
    );
  let expiring = 0;
  let expired = 0;
  for (const { orgId } of orgs) {
    const done = await db.transaction((tx) => remindExpiring(tx, orgId));
    expiring += done.expiring;
    expired += done.expired;
  }
  return { organizations: orgs.length, expiring, expired };
}

export function registerCertificateJobs(runner: JobRunner, db: Db): void {
  runner.register(CERTIFICATE_EXPIRY_JOB, { run: async () => remindAllExpiring(db) });
  // 01:30 UTC: the morning in the Asia zones the demo schools are in.
  runner.daily(CERTIFICATE_EXPIRY_JOB, { hour: 1, minute: 30 });
}
