import { difficultyLabels, judgeTypeLabels, partialCreditLabels, questionTypeLabels } from '@lyceum/contract';
import { doublePrecision, index, integer, jsonb, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createTime,
  enumCheck,
  idTable,
  keyedTable,
  keyId,
  ownedRefs,
  refId,
  stamps,
  tenantRef,
  tenantRefs,
  trigramIndex,
} from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { courseCategories, tags } from '../catalogue/catalogue.table';
import { categories, degrees } from '../education/education.table';

// The current state of each question; every saved state is also kept in question_versions, and
// papers will point at a version so later edits never change a paper already set.
export const questions = tenantTable(
  'questions',
  {
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
    creatorId: refId('creator_id'),
    // Filled in by exams: share of correct answers and the discrimination index.
    statDifficulty: doublePrecision('stat_difficulty'),
    statDiscrimination: doublePrecision('stat_discrimination'),
    answerCount: integer('answer_count').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    index('questions_type_ix').on(t.organizationId, t.type),
    trigramIndex('questions_stem_trgm', t.stem),
    enumCheck('questions_type_ck', t.type, questionTypeLabels),
    enumCheck('questions_judge_ck', t.judgeType, judgeTypeLabels),
    enumCheck('questions_difficulty_ck', t.difficulty, difficultyLabels),
    enumCheck('questions_partial_ck', t.partialCredit, partialCreditLabels),
    ...tenantRefs(t, [t.degreeId, degrees], [t.categoryId, categories], [t.subjectId, courseCategories]),
  ],
);

export const questionVersions = idTable(
  'question_versions',
  {
    questionId: keyId('question_id'),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    editorId: refId('editor_id'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('question_versions_uq').on(t.organizationId, t.questionId, t.version),
    tenantRef(t.organizationId, t.questionId, questions).onDelete('cascade'),
  ],
);

// A question's tags and knowledge points: a join table, so the database checks every id and a tag
// in use cannot be deleted (the engine's link set `tagIds`).
export const questionTags = keyedTable(
  'question_tags',
  {
    questionId: keyId('question_id'),
    tagId: keyId('tag_id'),
  },
  (t) => [t.questionId, t.tagId],
  (t) => ownedRefs('question_tags_tag_ix', t, [t.questionId, questions], [t.tagId, tags]),
);
