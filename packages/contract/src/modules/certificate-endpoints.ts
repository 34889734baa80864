import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints, entityDecl } from '../engine-endpoints';
import { CertificateStatus } from '../enums/academic';
import { zIdParam } from '../fields';
import {
  certificateTemplateEntity,
  zCertificate,
  zCertificateFilter,
  zCertificateIssue,
  zCertificatePage,
  zCertificatePrint,
  zCertificateRevoke,
  zCertificateTemplate,
  zCertificateVerification,
  zMyCertificatesRequest,
  zVerifyParams,
} from './certificate';

// Certificates' endpoints (issue 34): templates (the engine's CRUD, written with certificate:template),
// certificates (read-only engine: made by issue, course and programme completion and degree
// conferral; changed by revoke and reissue), the holder's own, the print view, and the public
// verification by code.

const tags = ['certificate'];
const { Valid } = CertificateStatus;

export const certificateTemplateDecl = entityDecl(
  { ...certificateTemplateEntity, schemas: { ...certificateTemplateEntity.schemas, row: zCertificateTemplate } },
  {
    access: {
      read: ['training:page'],
      // Course and programme forms pick a template.
      list: 'staff',
      create: ['certificate:template'],
      update: ['certificate:template'],
      remove: ['certificate:template'],
    },
    sheets: 'none',
  },
);
export const certificateTemplateVerbs = engineEndpoints(certificateTemplateDecl);

export const certificateDecl = engineDecl({
  name: 'certificate',
  title: 'Certificate',
  tags,
  schemas: { row: zCertificate, create: z.object({}), update: z.object({}), filter: zCertificateFilter },
  access: { readOnly: true, read: ['training:page'], export: ['training:export'] },
  sheets: 'export',
});
export const certificateVerbs = engineEndpoints(certificateDecl);

export const certificateActions = resourceActions('certificate', zCertificate, {
  revoke: {
    summary: 'Revoke a valid certificate with a reason: its code then verifies as revoked; the holder is told',
    access: ['certificate:revoke'],
    from: [Valid],
    to: CertificateStatus.Revoked,
    input: zCertificateRevoke,
  },
  reissue: {
    summary:
      'Reissue a valid certificate (a corrected name, a lost copy): a new certificate with a new code and number; ' +
      'the old code verifies as superseded',
    access: ['certificate:issue'],
    from: [Valid],
    to: CertificateStatus.Superseded,
  },
});

export const certificateEndpoints = {
  issue: endpoint({
    method: 'POST',
    path: '/api/certificate/issue',
    summary: 'Issue a certificate by hand to a member of the organisation',
    description:
      'Refused with 501 naming the field: an unknown or another organisation’s holder (holderId) or template ' +
      '(templateId). The same holder and title issued twice at once makes one certificate.',
    tags,
    access: ['certificate:issue'],
    mutates: true,
    body: zCertificateIssue,
    response: zCertificate,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/certificate/my',
    summary: "The caller's own certificates, newest first, with their standing",
    tags,
    access: 'login',
    body: zMyCertificatesRequest,
    response: zCertificatePage,
  }),
  print: endpoint({
    method: 'POST',
    path: '/api/certificate/print/:id',
    summary: 'A certificate as printed: its snapshot, template, logo, seal and verification code',
    description: 'Its holder, or staff with training:page; anyone else’s is “not found”.',
    tags,
    access: 'login',
    params: zIdParam,
    response: zCertificatePrint,
  }),
  verify: endpoint({
    method: 'GET',
    path: '/api/certificate/verify/:code',
    summary: 'Public verification of a certificate by its code: what was issued and its standing',
    description:
      'No login. Answers the snapshot printed at issue (holder, what for, hours, grade, dates), the organisation, ' +
      'and the standing: valid, revoked (with date and reason), expired (by its date) or superseded. An unknown code ' +
      'answers {found: false} and nothing else. Throttled per address like the login.',
    tags,
    access: 'public',
    params: zVerifyParams,
    response: zCertificateVerification,
  }),
};
