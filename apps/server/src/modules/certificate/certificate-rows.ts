import { type CertificateStanding, CertificateStatus } from '@lyceum/contract';
import { ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { likePattern, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import { certificates } from './certificate.table';

// A certificate as lists show it: the holder's names beside their id, and its standing now
// ("expired" is read from the date, never stored).

export function standingOf(
  row: { status: unknown; expiresAt: unknown },
  now: Date = clock.date(),
): CertificateStanding {
  if (row.status === CertificateStatus.Revoked) return 'revoked';
  if (row.status === CertificateStatus.Superseded) return 'superseded';
  const expires =
    row.expiresAt instanceof Date ? row.expiresAt : row.expiresAt ? new Date(String(row.expiresAt)) : null;
  return expires && expires.getTime() <= now.getTime() ? 'expired' : 'valid';
}

export async function decorateCertificates(
  rows: Values[],
  ctx: RequestContext,
  db: DbOrTx = ctx.db,
): Promise<Values[]> {
  if (!rows.length) return rows;
  const ids = [...new Set(rows.map((r) => Number(r.holderId)))];
  const people = await db
    .select({ id: users.id, userName: users.userName, realName: users.realName })
    .from(users)
    .where(inOrg(users, ctx.orgId, [inArray(users.id, ids)]));
  const who = new Map(people.map((p) => [Number(p.id), p]));
  const now = clock.date();
  return rows.map((r) => {
    const person = who.get(Number(r.holderId));
    return {
      ...r,
      holderName: person?.realName ?? '',
      userName: person?.userName ?? '',
      standing: standingOf({ status: r.status, expiresAt: r.expiresAt }, now),
    };
  });
}

// The list's keyword: the certificate number, its title, or the holder's name.
export function certificateKeyword(value: string): SQL | undefined {
  const like = likePattern(value);
  const holder = sql`exists (select 1 from ${users} where ${users.organizationId} = ${certificates.organizationId}
    and ${users.id} = ${certificates.holderId} and (${users.userName} ilike ${like} or ${users.realName} ilike ${like}))`;
  return or(ilike(certificates.certificateNo, like), ilike(certificates.title, like), holder);
}
