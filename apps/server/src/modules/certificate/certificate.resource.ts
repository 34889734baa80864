import { certificateActions, certificateDecl, certificateMeta } from '@lyceum/contract';
import { desc } from 'drizzle-orm';
import { createResource, fromDecl, implement } from '../../platform/resource';
import { users } from '../user/user.table';
import { certificates, certificateTemplates } from './certificate.table';
import { reissueCertificate, revokeOne } from './certificate-actions';
import { certificateKeyword, decorateCertificates } from './certificate-rows';

// Issued certificates as training staff see them (training:page; the export with training:export):
// made only by issuing (by hand, or by course, programme and degree), changed only by revoke and
// reissue. Rows are never deleted: a revoked or superseded code must still verify as such.
export const certificateResource = createResource({
  ...fromDecl(certificateDecl),
  meta: certificateMeta,
  table: certificates,
  filters: { keyword: (value) => certificateKeyword(value) },
  sort: {
    default: [desc(certificates.id)],
    fields: { issuedAt: certificates.issuedAt, expiresAt: certificates.expiresAt },
  },
  references: {
    holderId: { table: users, label: 'user', labelColumn: 'realName' },
    templateId: { table: certificateTemplates, label: 'certificate template' },
  },
  omit: ['reminderSentAt', 'expiredNoticeAt'],
  actions: {
    revoke: implement(certificateActions.revoke, revokeOne),
    reissue: implement(certificateActions.reissue, reissueCertificate),
  },
  hooks: { decorate: (rows, ctx) => decorateCertificates(rows, ctx) },
});
