import { CertificateStatus } from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { issueCertificate, revokeCertificatesFor } from '../modules/certificate/certificate.service';
import { certificates, certificateTemplates } from '../modules/certificate/certificate.table';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';

const DAY = 86_400_000;

// Certificates (issue 34) so Training management › Certificates, My record › Certificates and the
// public /verify/:code page have something to show, issued the way the product issues them:
// - a template "Completion certificate" (heading, wording with placeholders, signatory);
// - `student`: "First aid level 1" (12 hours, grade Pass, valid two years);
// - `s2026001`: "Fire safety" expiring in 20 days (the expiry reminder's case);
// - `s2026002`: "Laboratory safety", revoked with a reason (verifies as revoked, in red).
// Needs the demo's students and `officeId` (the academic who issues and revokes). Run again, it adds
// nothing: each is the holder's one valid certificate of its source, and the template's name is unique.
export async function seedCertificates(db: Db, orgId: number, officeId: number) {
  await db
    .insert(certificateTemplates)
    .values({
      organizationId: orgId,
      name: 'Completion certificate',
      heading: 'Certificate of Completion · 结业证书',
      body: 'This certifies that {holder} has completed {what} ({hours} hours) at {organization}.',
      signatory: 'Alice Admin',
      signatoryTitle: 'Principal · 校长',
    })
    .onConflictDoNothing();
  const [template] = await db
    .select({ id: certificateTemplates.id })
    .from(certificateTemplates)
    .where(inOrg(certificateTemplates, orgId, [eq(certificateTemplates.name, 'Completion certificate')]));
  const people = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inOrg(users, orgId, [inArray(users.userName, ['student', 's2026001', 's2026002'])]));
  const id = new Map(people.map((p) => [p.userName, p.id]));
  const templateId = template?.id ?? null;
  const issue = (holderId: number, sourceId: number, title: string, what: string, hours: number, validMonths: number) =>
    db.transaction((tx) =>
      issueCertificate(
        tx,
        orgId,
        { holderId, source: 'manual', sourceId, title, what, hours, grade: 'Pass', validMonths, templateId },
        officeId,
      ),
    );
  const student = id.get('student');
  if (student) await issue(student, 1, 'First aid level 1', 'first aid training, level 1', 12, 24);
  const expiring = id.get('s2026001');
  if (expiring) {
    const made = await issue(expiring, 1, 'Fire safety', 'fire safety and evacuation training', 4, 12);
    // Its year has nearly run: it expires in 20 days (what was printed says so too).
    const at = new Date(Date.now() + 20 * DAY);
    await db
      .update(certificates)
      .set({
        expiresAt: at,
        snapshot: sql`jsonb_set(${certificates.snapshot}, '{expiresOn}', to_jsonb(${at.toISOString().slice(0, 10)}::text))`,
      })
      .where(
        inOrg(certificates, orgId, [eq(certificates.id, made.id), eq(certificates.status, CertificateStatus.Valid)]),
      );
  }
  const revoked = id.get('s2026002');
  const [had] = revoked
    ? await db
        .select({ id: certificates.id })
        .from(certificates)
        .where(inOrg(certificates, orgId, [eq(certificates.holderId, revoked), eq(certificates.source, 'manual')]))
    : [];
  if (revoked && !had) {
    await issue(revoked, 1, 'Laboratory safety', 'laboratory safety induction', 3, 36);
    await db.transaction((tx) =>
      revokeCertificatesFor(
        tx,
        orgId,
        { source: 'manual', sourceId: 1, holderId: revoked },
        'Issued before the practical assessment was passed',
        officeId,
      ),
    );
  }
}
