import { z } from 'zod';
import { defineEntity, type FieldSpec, f } from '../entity';
import {
  CERTIFICATE_SOURCES,
  CERTIFICATE_STANDINGS,
  type CertificateStanding,
  certificateStatusLabels,
} from '../enums/academic';
import { formatRegex } from '../errors';
import { zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { defineEnum, type EnumLabel, type EnumValue } from '../labels';
import { zPage, zPlainPageRequest } from '../paging';
import type { FieldMeta, FormMeta } from '../resource-meta';

// Certificates (issue 34): templates with the organisation's logo and seal, certificates issued on
// course completion, programme completion, degree conferral or by hand, each with a random public
// code and a snapshot of what was printed, which the public verification answers.

export const { values: CertificateOrientation, labels: certificateOrientationLabels } = defineEnum({
  Landscape: [1, 'Landscape', '横向', 'default'],
  Portrait: [2, 'Portrait', '纵向', 'default'],
});
export type CertificateOrientation = EnumValue<typeof CertificateOrientation>;

// How each standing reads, and its colour.
export const certificateStandingLabels = {
  valid: { en: 'Valid', zh: '有效', color: 'success' },
  revoked: { en: 'Revoked', zh: '已撤销', color: 'error' },
  expired: { en: 'Expired', zh: '已过期', color: 'warning' },
  superseded: { en: 'Superseded', zh: '已被替代', color: 'default' },
} satisfies Record<CertificateStanding, EnumLabel>;
export const certificateSourceLabels = {
  course: { en: 'Course', zh: '课程' },
  programme: { en: 'Training programme', zh: '培训项目' },
  degree: { en: 'Degree', zh: '学位' },
  manual: { en: 'Issued by hand', zh: '手工颁发' },
} satisfies Record<(typeof CERTIFICATE_SOURCES)[number], { en: string; zh: string }>;

// The placeholders a template's body may use, filled from the certificate's snapshot.
export const CERTIFICATE_PLACEHOLDERS = [
  'holder',
  'title',
  'what',
  'hours',
  'grade',
  'issuedOn',
  'expiresOn',
  'organization',
  'certificateNo',
] as const;
export const CERTIFICATE_CODE_LENGTH = 24;
export const CERTIFICATE_REASON_MAX = 500;

const FILE_LINK = /^\/api\/file\/[1-9][0-9]{0,15}$/;
const zFileLink = z.string().regex(...formatRegex(FILE_LINK, 'fileLink'));
const label = (en: string, zh: string) => ({ en, zh });
function fieldSpec<I extends z.ZodType, R extends z.ZodType>(
  input: I,
  row: R,
  meta: Omit<FieldMeta, 'key'>,
): FieldSpec<I, R, undefined> {
  return { input, row, filter: undefined, meta };
}
const fileField = (en: string, zh: string) =>
  fieldSpec(z.array(zFileLink).max(1).default([]), z.array(z.string()), {
    label: label(en, zh),
    kind: 'file',
    list: false,
    excel: false,
  });

export const certificateTemplateEntity = defineEntity({
  name: 'certificateTemplate',
  title: { en: 'Certificate templates', zh: '证书模板' },
  one: { en: 'Certificate template', zh: '证书模板' },
  keyword: true,
  fields: {
    name: f.text(['Name', '名称'], 64, { sortable: true }),
    heading: f.text(['Heading', '标题'], 200, {
      help: label('The big line at the top: "Certificate of completion"', '证书顶部的大标题，如“结业证书”'),
    }),
    body: fieldSpec(
      zOptionalText(2000).transform((v) => v ?? ''),
      z.string(),
      {
        label: label('Body', '正文'),
        kind: 'textarea',
        list: false,
        help: label(
          'Placeholders: {holder} {title} {what} {hours} {grade} {issuedOn} {expiresOn} {organization} {certificateNo}',
          '可用占位符：{holder} {title} {what} {hours} {grade} {issuedOn} {expiresOn} {organization} {certificateNo}',
        ),
      },
    ),
    logoUrls: fileField('Logo', '徽标'),
    sealUrls: fileField('Seal', '印章'),
    signatory: f.optionalText(['Signatory', '签发人'], 100),
    signatoryTitle: f.optionalText(['Signatory’s title', '签发人职务'], 100, { list: false }),
    orientation: f.enum(certificateOrientationLabels, ['Orientation', '方向'], {
      default: CertificateOrientation.Landscape,
      width: 100,
    }),
  },
});
export const zCertificateTemplateCreate = certificateTemplateEntity.schemas.create;
export const zCertificateTemplateUpdate = certificateTemplateEntity.schemas.update;
export const zCertificateTemplateFilter = certificateTemplateEntity.schemas.filter;
export const zCertificateTemplate = certificateTemplateEntity.schemas.row.extend({ updateTime: zDateTime });
export type CertificateTemplate = z.infer<typeof zCertificateTemplate>;
export const certificateTemplateMeta = certificateTemplateEntity.meta;

export const zCertificateSource = z.enum(CERTIFICATE_SOURCES);
export const zCertificateStanding = z.enum(CERTIFICATE_STANDINGS);

// What was printed, frozen at issue.
export const zCertificateSnapshot = z.object({
  holderName: z.string(),
  title: z.string(),
  what: z.string(),
  hours: z.number().nullable(),
  grade: z.string().nullable(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  organizationName: z.string(),
  certificateNo: z.string(),
  source: zCertificateSource,
});
export type CertificateSnapshot = z.infer<typeof zCertificateSnapshot>;

// A certificate as staff and its holder see it.
export const zCertificate = z.object({
  id: zId,
  code: z.string(),
  certificateNo: z.string(),
  holderId: zId,
  holderName: z.string(),
  userName: z.string(),
  source: zCertificateSource,
  sourceId: zId,
  templateId: zId.nullable(),
  title: z.string(),
  hours: z.number().nullable(),
  grade: z.string().nullable(),
  snapshot: zCertificateSnapshot,
  issuedAt: zDateTime,
  expiresAt: zDateTime.nullable(),
  status: zEnum(certificateStatusLabels),
  standing: zCertificateStanding,
  revokedAt: zDateTime.nullable(),
  revokeReason: z.string().nullable(),
  supersededById: zId.nullable(),
  createTime: zDateTime,
});
export type Certificate = z.infer<typeof zCertificate>;

export const zCertificateFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(certificateStatusLabels).optional(),
  source: zCertificateSource.optional(),
  holderId: zId.optional(),
});

export const certificateMeta: FormMeta = {
  name: 'certificate',
  title: label('Certificates', '证书'),
  labelKey: 'certificateNo',
  keyword: true,
  fields: [
    { key: 'certificateNo', label: label('Certificate number', '证书编号'), kind: 'text', width: 150 },
    { key: 'holderName', label: label('Holder', '持证人'), kind: 'text', width: 120 },
    { key: 'userName', label: label('User name', '用户名'), kind: 'text', width: 120 },
    { key: 'title', label: label('Title', '证书名称'), kind: 'text' },
    { key: 'source', label: label('Issued for', '颁发依据'), kind: 'text', width: 110 },
    { key: 'hours', label: label('Hours', '学时'), kind: 'number', width: 80 },
    { key: 'grade', label: label('Grade', '成绩'), kind: 'text', width: 80 },
    {
      key: 'status',
      label: label('Status', '状态'),
      kind: 'enum',
      enum: certificateStatusLabels,
      filter: true,
      width: 100,
    },
    { key: 'issuedAt', label: label('Issued', '颁发时间'), kind: 'datetime', width: 160, sortable: true },
    { key: 'expiresAt', label: label('Expires', '有效期至'), kind: 'datetime', width: 160, sortable: true },
    { key: 'code', label: label('Verification code', '验证码'), kind: 'text', list: false },
    { key: 'revokeReason', label: label('Revoke reason', '撤销原因'), kind: 'text', list: false },
  ],
};

// ---- issuing by hand, revoking, reissuing ----

export const zCertificateIssue = z.object({
  holderId: zId,
  title: zText(200),
  what: zText(500),
  hours: z.number().min(0).max(100_000).nullable().optional(),
  grade: zOptionalText(32),
  validMonths: z.number().int().min(1).max(600).nullable().optional(),
  templateId: zId.nullable().optional(),
});
export type CertificateIssueInput = z.input<typeof zCertificateIssue>;
export const zCertificateRevoke = z.object({ reason: zText(CERTIFICATE_REASON_MAX) });

export const zMyCertificatesRequest = zPlainPageRequest;
export const zCertificatePage = zPage(zCertificate);

// ---- printing and verifying ----

export const zCertificatePrintTemplate = z.object({
  heading: z.string(),
  body: z.string(),
  logoUrl: z.string().nullable(),
  sealUrl: z.string().nullable(),
  signatory: z.string().nullable(),
  signatoryTitle: z.string().nullable(),
  orientation: zEnum(certificateOrientationLabels),
});
// What the print view lays out: the snapshot, the template (a default when none), the code.
export const zCertificatePrint = z.object({
  id: zId,
  code: z.string(),
  standing: zCertificateStanding,
  snapshot: zCertificateSnapshot,
  template: zCertificatePrintTemplate,
  organizationLogo: z.string().nullable(),
});
export type CertificatePrint = z.infer<typeof zCertificatePrint>;

export const zVerifyParams = z.object({ code: z.string().max(64) });
// The public answer: for an unknown code only `found: false`.
export const zCertificateVerification = z.object({
  found: z.boolean(),
  code: z.string().optional(),
  standing: zCertificateStanding.optional(),
  snapshot: zCertificateSnapshot.optional(),
  issuedAt: zDateTime.optional(),
  expiresAt: zDateTime.nullable().optional(),
  revokedAt: zDateTime.nullable().optional(),
  revokeReason: z.string().nullable().optional(),
  organizationName: z.string().optional(),
  organizationLogo: z.string().nullable().optional(),
});
export type CertificateVerification = z.infer<typeof zCertificateVerification>;
