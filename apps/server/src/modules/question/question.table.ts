import { difficultyLabels, judgeTypeLabels, partialCreditLabels, questionTypeLabels } from '@lyceum/contract';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  createTime,
  enumCheck,
  organizationId,
  refId,
  tenantId,
  tenantRef,
  trigramIndex,
  updateTime,
} from '../../platform/columns';
import { organizations } from '../../platform/organizations.table';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { categories, degrees } from '../education/education.table';

// The current state of each question; every saved state is also kept in question_versions, and
// papers will point at a version so later edits never change a paper already set.
export const questions = pgTable(
  'questions',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    id: tenantId(),
    type: smallint('type').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').notNull().default([]),
    answer: jsonb('answer'),
    partialCredit: smallint('partial_credit').notNull().default(1),
    partScore: doublePrecision('part_score'),
    analysis: text('analysis').notNull().default(''),
    score: doublePrecision('score').notNull(),
    judgeType: smallint('judge_type').notNull(),
    difficulty: smallint('difficulty').notNull().default(3),
    children: jsonb('children').notNull().default([]),
    degreeId: refId('degree_id'),
    categoryId: refId('category_id'),
    subjectId: refId('subject_id'),
    version: integer('version').notNull().default(1),
    creatorId: bigint('creator_id', { mode: 'number' }),
    // Filled in by exams: share of correct answers and the discrimination index.
    statDifficulty: doublePrecision('stat_difficulty'),
    statDiscrimination: doublePrecision('stat_discrimination'),
    answerCount: integer('answer_count').notNull().default(0),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('questions_type_ix').on(t.organizationId, t.type),
    trigramIndex('questions_stem_trgm', t.stem),
    enumCheck('questions_type_ck', t.type, questionTypeLabels),
    enumCheck('questions_judge_ck', t.judgeType, judgeTypeLabels),
    enumCheck('questions_difficulty_ck', t.difficulty, difficultyLabels),
    enumCheck('questions_partial_ck', t.partialCredit, partialCreditLabels),
    tenantRef(t.organizationId, t.degreeId, degrees),
    tenantRef(t.organizationId, t.categoryId, categories),
    tenantRef(t.organizationId, t.subjectId, courseCategories),
  ],
);

export const questionVersions = pgTable(
  'question_versions',
  {
    organizationId: organizationId(),
    id: tenantId(),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    editorId: bigint('editor_id', { mode: 'number' }),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('question_versions_uq').on(t.organizationId, t.questionId, t.version),
    tenantRef(t.organizationId, t.questionId, questions).onDelete('cascade'),
  ],
);

// A question's tags and knowledge points: a join table, so the database checks every id and a tag
// in use cannot be deleted (the engine's link set `tagIds`).
export const questionTags = pgTable(
  'question_tags',
  {
    organizationId: organizationId(),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.questionId, t.tagId] }),
    index('question_tags_tag_ix').on(t.organizationId, t.tagId),
    tenantRef(t.organizationId, t.questionId, questions).onDelete('cascade'),
    tenantRef(t.organizationId, t.tagId, tags),
  ],
);
