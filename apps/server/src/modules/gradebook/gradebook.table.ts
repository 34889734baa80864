import { gradeItemKindLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, idTable, keyedTable, keyId, refId, tenantRef, updateTime } from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { semesters } from '../calendar/calendar.table';
import { exams } from '../exam/exam.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// A class's gradebook for a term, once someone sets it up (until then the defaults apply): one per
// class and term, so two teachers saving at once meet the same row.
export const gradebooks = idTable(
  'gradebooks',
  {
    teamId: keyId('team_id'),
    semesterId: keyId('semester_id'),
    missingAsZero: boolean('missing_as_zero').notNull().default(false),
    updatedBy: refId('updated_by'),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('gradebooks_team_semester_uq').on(t.organizationId, t.teamId, t.semesterId),
    tenantRef(t.organizationId, t.teamId, teams).onDelete('cascade'),
    tenantRef(t.organizationId, t.semesterId, semesters).onDelete('cascade'),
    tenantRef(t.organizationId, t.updatedBy, users),
  ],
);

// Its categories, in order: a weight (the weights add up to 100, checked on save) and the kind of
// column each takes by default (at most one category per kind).
export const gradebookCategories = idTable(
  'gradebook_categories',
  {
    gradebookId: keyId('gradebook_id'),
    position: integer('position').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    weight: doublePrecision('weight').notNull(),
    kind: smallint('kind'),
  },
  (t) => [
    uniqueIndex('gradebook_categories_position_uq').on(t.organizationId, t.gradebookId, t.position),
    uniqueIndex('gradebook_categories_name_uq').on(t.organizationId, t.gradebookId, sql`lower(${t.name})`),
    uniqueIndex('gradebook_categories_kind_uq')
      .on(t.organizationId, t.gradebookId, t.kind)
      .where(sql`${t.kind} is not null`),
    check('gradebook_categories_weight_ck', sql`${t.weight} >= 0 and ${t.weight} <= 100`),
    enumCheck('gradebook_categories_kind_ck', t.kind, gradeItemKindLabels),
    tenantRef(t.organizationId, t.gradebookId, gradebooks).onDelete('cascade'),
  ],
);

// Columns placed by hand: in a category other than their kind's, or out of the total (position null).
export const gradebookItems = keyedTable(
  'gradebook_items',
  {
    gradebookId: keyId('gradebook_id'),
    examId: keyId('exam_id'),
    position: integer('position'),
  },
  (t) => [t.gradebookId, t.examId],
  (t) => [
    tenantRef(t.organizationId, t.gradebookId, gradebooks).onDelete('cascade'),
    tenantRef(t.organizationId, t.examId, exams).onDelete('cascade'),
  ],
);

// An organisation's grade scale, once it saves its own (until then the default A–F applies).
export const gradeBands = tenantTable(
  'grade_bands',
  {
    label: varchar('label', { length: 16 }).notNull(),
    minPercent: doublePrecision('min_percent').notNull(),
  },
  (t) => [
    uniqueIndex('grade_bands_label_uq').on(t.organizationId, sql`lower(${t.label})`),
    uniqueIndex('grade_bands_min_uq').on(t.organizationId, t.minPercent),
    check('grade_bands_min_ck', sql`${t.minPercent} >= 0 and ${t.minPercent} <= 100`),
  ],
);
