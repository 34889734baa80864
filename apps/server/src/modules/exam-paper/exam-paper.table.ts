import { examPaperStatusLabels, paperTypeLabels } from '@lyceum/contract';
import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  createTime,
  enumCheck,
  organizationId,
  refId,
  tenantId,
  trigramIndex,
  updateTime,
} from '../../platform/columns';
import { courseCategories } from '../catalogue/catalogue.table';
import { categories, degrees } from '../education/education.table';
import { organizations } from '../organization/organization.table';
import { questions } from '../question/question.table';

export const examPapers = pgTable(
  'exam_papers',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    paperType: smallint('paper_type').notNull().default(3),
    subjectId: refId('subject_id'),
    degreeId: refId('degree_id'),
    categoryId: refId('category_id'),
    durationMinutes: integer('duration_minutes'),
    passScore: doublePrecision('pass_score'),
    // The sum of the items' scores and their count, written with every save (never typed in).
    totalScore: doublePrecision('total_score').notNull().default(0),
    questionCount: integer('question_count').notNull().default(0),
    status: smallint('status').notNull().default(1),
    creatorId: bigint('creator_id', { mode: 'number' }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('exam_papers_creator_ix').on(t.organizationId, t.creatorId),
    trigramIndex('exam_papers_name_trgm', t.name),
    enumCheck('exam_papers_type_ck', t.paperType, paperTypeLabels),
    enumCheck('exam_papers_status_ck', t.status, examPaperStatusLabels),
    foreignKey({
      columns: [t.organizationId, t.subjectId],
      foreignColumns: [courseCategories.organizationId, courseCategories.id],
    }),
    foreignKey({ columns: [t.organizationId, t.degreeId], foreignColumns: [degrees.organizationId, degrees.id] }),
    foreignKey({
      columns: [t.organizationId, t.categoryId],
      foreignColumns: [categories.organizationId, categories.id],
    }),
  ],
);

// A paper's sections, in order; they go with their paper.
export const paperSections = pgTable(
  'paper_sections',
  {
    organizationId: organizationId(),
    id: tenantId(),
    paperId: bigint('paper_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
    title: varchar('title', { length: 100 }).notNull(),
    instructions: text('instructions'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('paper_sections_paper_ix').on(t.organizationId, t.paperId),
    foreignKey({
      columns: [t.organizationId, t.paperId],
      foreignColumns: [examPapers.organizationId, examPapers.id],
    }).onDelete('cascade'),
  ],
);

// A section's questions, in order, each frozen at the question version it was saved with; a
// question on a paper cannot be deleted (no cascade from questions).
export const paperItems = pgTable(
  'paper_items',
  {
    organizationId: organizationId(),
    id: tenantId(),
    sectionId: bigint('section_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    questionVersion: integer('question_version').notNull(),
    score: doublePrecision('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('paper_items_section_ix').on(t.organizationId, t.sectionId),
    index('paper_items_question_ix').on(t.organizationId, t.questionId),
    foreignKey({
      columns: [t.organizationId, t.sectionId],
      foreignColumns: [paperSections.organizationId, paperSections.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.questionId],
      foreignColumns: [questions.organizationId, questions.id],
    }),
  ],
);
