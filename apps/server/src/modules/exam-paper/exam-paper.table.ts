import {
  difficultyLabels,
  examPaperStatusLabels,
  paperBuildModeLabels,
  paperTypeLabels,
  questionNumberModeLabels,
  questionTypeLabels,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, smallint, text, varchar } from 'drizzle-orm/pg-core';
import {
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
import { questions } from '../question/question.table';

export const examPapers = tenantTable(
  'exam_papers',
  {
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
    // The difficulty the questions promise (1 very easy … 5 very hard, weighted by points), written
    // with every save; and once exams have run, what the answers showed: the mean share of the marks
    // students got (0-1, the classical difficulty index) and the discrimination index (-1..1, top
    // against bottom 27%), written by the score analysis.
    expectedDifficulty: doublePrecision('expected_difficulty'),
    measuredDifficulty: doublePrecision('measured_difficulty'),
    discrimination: doublePrecision('discrimination'),
    status: smallint('status').notNull().default(1),
    buildMode: smallint('build_mode').notNull().default(1),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    creatorId: refId('creator_id'),
    ...stamps(),
  },
  (t) => [
    index('exam_papers_creator_ix').on(t.organizationId, t.creatorId),
    trigramIndex('exam_papers_name_trgm', t.name),
    enumCheck('exam_papers_type_ck', t.paperType, paperTypeLabels),
    enumCheck('exam_papers_status_ck', t.status, examPaperStatusLabels),
    enumCheck('exam_papers_build_mode_ck', t.buildMode, paperBuildModeLabels),
    ...tenantRefs(t, [t.subjectId, courseCategories], [t.degreeId, degrees], [t.categoryId, categories]),
  ],
);

// A paper's sections, in order; they go with their paper.
export const paperSections = idTable(
  'paper_sections',
  {
    paperId: keyId('paper_id'),
    sort: integer('sort').notNull().default(0),
    title: varchar('title', { length: 100 }).notNull(),
    instructions: text('instructions'),
  },
  (t) => [
    index('paper_sections_paper_ix').on(t.organizationId, t.paperId),
    tenantRef(t.organizationId, t.paperId, examPapers).onDelete('cascade'),
  ],
);

// A section's rules, in order: which bank questions it draws, how many, worth how much each. In
// "all objective questions" mode `count` is the bank's, written by the server on save and publish.
export const paperRules = idTable(
  'paper_rules',
  {
    sectionId: keyId('section_id'),
    sort: integer('sort').notNull().default(0),
    questionType: smallint('question_type').notNull(),
    numberMode: smallint('number_mode').notNull().default(2),
    count: integer('count').notNull().default(0),
    score: doublePrecision('score').notNull(),
    difficultyMin: smallint('difficulty_min'),
    difficultyMax: smallint('difficulty_max'),
    // Bounds on the questions' measured difficulty (0..1); a question never answered has none and
    // does not match a rule with either bound.
    measuredMin: doublePrecision('measured_min'),
    measuredMax: doublePrecision('measured_max'),
    subjectId: refId('subject_id'),
    includeSubtree: boolean('include_subtree').notNull().default(true),
    excludeLastPapers: integer('exclude_last_papers').notNull().default(0),
  },
  (t) => [
    index('paper_rules_section_ix').on(t.organizationId, t.sectionId),
    enumCheck('paper_rules_type_ck', t.questionType, questionTypeLabels),
    enumCheck('paper_rules_number_mode_ck', t.numberMode, questionNumberModeLabels),
    enumCheck('paper_rules_difficulty_min_ck', t.difficultyMin, difficultyLabels),
    enumCheck('paper_rules_difficulty_max_ck', t.difficultyMax, difficultyLabels),
    check('paper_rules_measured_min_ck', sql`${t.measuredMin} between 0 and 1`),
    check('paper_rules_measured_max_ck', sql`${t.measuredMax} between 0 and 1`),
    tenantRef(t.organizationId, t.sectionId, paperSections).onDelete('cascade'),
    tenantRef(t.organizationId, t.subjectId, courseCategories),
  ],
);

// A rule's knowledge points and tags (join tables: the database checks every id, and a tag a rule
// uses cannot be deleted).
function ruleTagTable(name: 'paper_rule_knowledge_points' | 'paper_rule_tags') {
  return keyedTable(
    name,
    {
      ruleId: keyId('rule_id'),
      tagId: keyId('tag_id'),
    },
    (t) => [t.ruleId, t.tagId],
    (t) => ownedRefs(`${name}_tag_ix`, t, [t.ruleId, paperRules], [t.tagId, tags]),
  );
}
export const paperRuleKnowledgePoints = ruleTagTable('paper_rule_knowledge_points');
export const paperRuleTags = ruleTagTable('paper_rule_tags');

// A section's questions, in order, each frozen at the question version it was saved with; a
// question on a paper cannot be deleted (no cascade from questions).
export const paperItems = idTable(
  'paper_items',
  {
    sectionId: keyId('section_id'),
    sort: integer('sort').notNull().default(0),
    questionId: keyId('question_id'),
    questionVersion: integer('question_version').notNull(),
    score: doublePrecision('score').notNull(),
    // The rule that drew the item (draw once); removing the rule removes what it drew.
    ruleId: refId('rule_id'),
  },
  (t) => [
    index('paper_items_section_ix').on(t.organizationId, t.sectionId),
    index('paper_items_question_ix').on(t.organizationId, t.questionId),
    tenantRef(t.organizationId, t.sectionId, paperSections).onDelete('cascade'),
    tenantRef(t.organizationId, t.questionId, questions),
    tenantRef(t.organizationId, t.ruleId, paperRules).onDelete('cascade'),
  ],
);
