import { certificateOrientationLabels, certificateStatusLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, enumCheck, keyId, refId, stamps, tenantRef, tenantRefs } from '../../platform/columns';
import { organizations, tenantTable } from '../../platform/organizations.table';
import { users } from '../user/user.table';

// Certificates (issue 34): templates an organisation prints with, and the certificates it issued.
// A certificate keeps a snapshot of what was printed, so the public verification shows exactly
// that (an edited PDF does not match it); its code is random and unique across all organisations.

export const certificateTemplates = tenantTable(
  'certificate_templates',
  {
    name: varchar('name', { length: 64 }).notNull(),
    heading: varchar('heading', { length: 200 }).notNull(),
    // With placeholders: {holder} {what} {hours} {grade} {issuedOn} {expiresOn} {organization} {certificateNo}.
    body: text('body').notNull().default(''),
    // /api/file/N links (the engine's file fields).
    logoUrls: jsonb('logo_urls').notNull().default([]),
    sealUrls: jsonb('seal_urls').notNull().default([]),
    signatory: varchar('signatory', { length: 100 }),
    signatoryTitle: varchar('signatory_title', { length: 100 }),
    orientation: smallint('orientation').notNull().default(1),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('certificate_templates_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    enumCheck('certificate_templates_orientation_ck', t.orientation, certificateOrientationLabels),
  ],
);

export const certificates = tenantTable(
  'certificates',
  {
    // Crockford base32 from crypto random; the public verification looks it up without an organisation.
    code: varchar('code', { length: 32 }).notNull(),
    certificateNo: varchar('certificate_no', { length: 32 }).notNull(),
    holderId: keyId('holder_id'),
    source: varchar('source', { length: 16 }).notNull(),
    sourceId: keyId('source_id'),
    templateId: refId('template_id'),
    title: varchar('title', { length: 200 }).notNull(),
    hours: doublePrecision('hours'),
    grade: varchar('grade', { length: 32 }),
    // What was printed: holder name, what for, hours, grade, dates, organisation name.
    snapshot: jsonb('snapshot').notNull(),
    issuedAt: at('issued_at').notNull(),
    issuedBy: refId('issued_by'),
    expiresAt: at('expires_at'),
    status: smallint('status').notNull().default(1),
    revokedAt: at('revoked_at'),
    revokedBy: refId('revoked_by'),
    revokeReason: varchar('revoke_reason', { length: 500 }),
    supersededById: refId('superseded_by_id'),
    // Expiry reminders sent (30 days before, and on the day), once each.
    reminderSentAt: at('reminder_sent_at'),
    expiredNoticeAt: at('expired_notice_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('certificates_code_uq').on(t.code),
    uniqueIndex('certificates_no_uq').on(t.organizationId, t.certificateNo),
    // One valid certificate per holder and what it was issued for.
    uniqueIndex('certificates_valid_uq')
      .on(t.organizationId, t.holderId, t.source, t.sourceId)
      .where(sql`${t.status} = 1`),
    index('certificates_holder_ix').on(t.organizationId, t.holderId),
    index('certificates_expiry_ix').on(t.organizationId, t.status, t.expiresAt),
    check('certificates_source_ck', sql`${t.source} in ('course', 'programme', 'degree', 'manual')`),
    check(
      'certificates_revoked_ck',
      sql`(${t.status} = 2) = (${t.revokedAt} is not null and ${t.revokeReason} is not null)`,
    ),
    enumCheck('certificates_status_ck', t.status, certificateStatusLabels),
    ...tenantRefs(
      t,
      [t.holderId, users],
      [t.templateId, certificateTemplates],
      [t.issuedBy, users],
      [t.revokedBy, users],
    ),
    // The successor of a superseded certificate, in the same organisation.
    tenantRef(t.organizationId, t.supersededById, t),
  ],
);
// The last certificate number given in a year (`C2026-000123`), taken by one upsert.
export const certificateSequences = pgTable(
  'certificate_sequences',
  {
    organizationId: refId('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.year] }),
    check('certificate_sequences_last_ck', sql`${t.last} >= 0`),
  ],
);
