import {
  type Certificate,
  type CertificatePrint,
  type CertificateVerification,
  pageOf,
  pageOffset,
  type zCertificatePrintTemplate,
} from '@lyceum/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { businessError, notFound } from '../../platform/errors';
import { organizations } from '../../platform/organizations.table';
import type { Values } from '../../platform/resource';
import { toJson } from '../../platform/resource-core';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { admit, releaseAttempt } from '../auth/throttle.service';
import type { CertificateSnapshot } from './certificate.service';
import { certificates, certificateTemplates } from './certificate.table';
import { normaliseCode } from './certificate-code';
import { decorateCertificates, standingOf } from './certificate-rows';

// Reading certificates: the holder's own, the print view (holder or training staff) and the public
// verification by code (no session; the code alone finds the certificate in any organisation).

// Unknown codes are what a guesser sends: they count against the address; a code found gives its
// attempt back, so a desk checking many real certificates is never paused.
export const VERIFY_RULE = { free: 30, maxPauseMs: 15 * 60_000 };
const verifyKey = (ip: string) => `verify:${ip}`;
const HIDDEN = new Set(['reminderSentAt', 'expiredNoticeAt']);

export async function myCertificates(ctx: RequestContext, req: { pageIndex: number; pageSize: number }) {
  const where = inOrg(certificates, ctx.orgId, [eq(certificates.holderId, ctx.userId)]);
  const rows = await ctx.db
    .select()
    .from(certificates)
    .where(where)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(req.pageSize)
    .offset(pageOffset(req));
  const [{ n }] = await ctx.db.select({ n: count() }).from(certificates).where(where);
  const plain = rows.map((r) => toJson(r as Values, HIDDEN));
  return pageOf((await decorateCertificates(plain, ctx)) as Certificate[], n, req);
}

const first = (urls: unknown): string | null => (Array.isArray(urls) && typeof urls[0] === 'string' ? urls[0] : null);

async function orgFacts(db: DbOrTx, orgId: number) {
  const [org] = await db
    .select({ name: organizations.name, logo: organizations.logo })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return { name: org?.name ?? '', logo: org?.logo ?? null };
}

type PrintTemplate = z.infer<typeof zCertificatePrintTemplate>;
const NO_TEMPLATE: PrintTemplate = {
  heading: '',
  body: '',
  logoUrl: null,
  sealUrl: null,
  signatory: null,
  signatoryTitle: null,
  orientation: 1,
};

export async function printCertificate(ctx: RequestContext, id: number): Promise<CertificatePrint> {
  const staff = allows(ctx, ['training:page']);
  const [row] = await ctx.db
    .select()
    .from(certificates)
    .where(
      inOrg(certificates, ctx.orgId, [
        eq(certificates.id, id),
        staff ? undefined : eq(certificates.holderId, ctx.userId),
      ]),
    );
  if (!row) throw notFound('Certificate');
  const [t] = row.templateId
    ? await ctx.db
        .select()
        .from(certificateTemplates)
        .where(inOrg(certificateTemplates, ctx.orgId, [eq(certificateTemplates.id, row.templateId)]))
    : [];
  const template: PrintTemplate = t
    ? {
        heading: t.heading,
        body: t.body,
        logoUrl: first(t.logoUrls),
        sealUrl: first(t.sealUrls),
        signatory: t.signatory,
        signatoryTitle: t.signatoryTitle,
        orientation: t.orientation === 2 ? 2 : 1,
      }
    : NO_TEMPLATE;
  const org = await orgFacts(ctx.db, ctx.orgId);
  return {
    id: row.id,
    code: row.code,
    standing: standingOf(row),
    snapshot: row.snapshot as CertificateSnapshot,
    template,
    organizationLogo: org.logo,
  };
}

export async function verifyCertificate(db: Db, ip: string, code: string): Promise<CertificateVerification> {
  const admission = await admit(db, verifyKey(ip), VERIFY_RULE);
  if (!admission.allowed) throw businessError('throttled', { seconds: admission.waitSeconds });
  const normal = normaliseCode(code);
  const [row] = normal
    ? await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.code, normal)))
    : [];
  if (!row) return { found: false };
  await releaseAttempt(db, verifyKey(ip));
  const org = await orgFacts(db, row.organizationId);
  const standing = standingOf(row);
  return {
    found: true,
    code: row.code,
    standing,
    snapshot: row.snapshot as CertificateSnapshot,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: standing === 'revoked' ? (row.revokedAt?.toISOString() ?? null) : null,
    revokeReason: standing === 'revoked' ? row.revokeReason : null,
    organizationName: org.name,
    organizationLogo: org.logo,
  };
}
