import { ExamState, type QuestionInput, type StudentAnswer } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import { allows } from '../../platform/route';
import { rows } from '../../platform/sql-rows';
import { examAttempts } from '../exam/attempt.table';
import { examInvigilators, exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { teamMembers, teams } from '../team/team.table';
import { examMarkers, examQuestions as examQuestionsTable } from './marking.table';
import { adjustedQuestion, adjustmentsOf, loadVersions } from './marking-engine';

// Who may see and change an exam's marks (decision 38). Academic staff (exam:all) see every exam; a
// teacher the exams they made, invigilate or were given questions to mark. Changing a score takes
// answer:mark and unconfirmed scores; with markers assigned, a teacher who is not the exam's owner
// marks only their questions. Assigning markers and regrading take answer:manage and ownership.

export function markableExams(ctx: RequestContext, e = 'e'): SQL {
  if (allows(ctx, ['exam:all'])) return sql`true`;
  const alias = sql.raw(e);
  return sql`(${alias}.creator_id = ${ctx.userId}
    or exists (select 1 from ${examInvigilators} i where i.organization_id = ${alias}.organization_id
      and i.exam_id = ${alias}.id and i.user_id = ${ctx.userId})
    or exists (select 1 from ${examMarkers} k where k.organization_id = ${alias}.organization_id
      and k.exam_id = ${alias}.id and k.user_id = ${ctx.userId}))`;
}

export interface ExamForMarking {
  id: number;
  name: string;
  paperId: number;
  paperName: string;
  totalScore: number;
  passScore: number | null;
  showScore: number;
  allowReview: boolean;
  confirmedAt: string | null;
  owner: boolean;
  // The questions this caller was given (empty: none assigned to them) and whether anyone was.
  myQuestions: Set<number>;
  assigned: boolean;
  canMark: boolean;
  canAssign: boolean;
}

// The exam when the caller may see its marks; "not found" otherwise (another teacher's exam, another
// organisation's id), so ids cannot be probed.
export async function examForMarking(
  ctx: RequestContext,
  examId: number,
  db: DbOrTx = ctx.db,
): Promise<ExamForMarking> {
  const [e] = await rows<{
    id: number;
    name: string;
    paper_id: number;
    paper_name: string;
    total_score: number;
    pass_score: number | null;
    show_score: number;
    allow_review: boolean;
    scores_confirmed_at: string | null;
    creator_id: number | null;
  }>(
    db,
    sql`select e.id, e.name, e.paper_id, p.name as paper_name, p.total_score, p.pass_score, e.show_score,
        e.allow_review, e.scores_confirmed_at, e.creator_id
      from ${exams} e join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      where e.organization_id = ${ctx.orgId} and e.id = ${examId} and e.state <> ${ExamState.Draft}
        and ${markableExams(ctx)}`,
  );
  if (!e) throw notFound('Exam');
  const markers = await rows<{ user_id: number; question_id: number }>(
    db,
    sql`select user_id, question_id from ${examMarkers} where organization_id = ${ctx.orgId} and exam_id = ${examId}`,
  );
  const owner = allows(ctx, ['exam:all']) || Number(e.creator_id) === ctx.userId;
  const confirmedAt = e.scores_confirmed_at ? new Date(e.scores_confirmed_at).toISOString() : null;
  return {
    id: Number(e.id),
    name: e.name,
    paperId: Number(e.paper_id),
    paperName: e.paper_name,
    totalScore: Number(e.total_score),
    passScore: e.pass_score === null ? null : Number(e.pass_score),
    showScore: Number(e.show_score),
    allowReview: Boolean(e.allow_review),
    confirmedAt,
    owner,
    myQuestions: new Set(markers.filter((m) => Number(m.user_id) === ctx.userId).map((m) => Number(m.question_id))),
    assigned: markers.length > 0,
    canMark: confirmedAt === null && allows(ctx, ['answer:mark']),
    canAssign: owner && allows(ctx, ['answer:manage']),
  };
}

export function mayMarkQuestion(exam: ExamForMarking, questionId: number): boolean {
  return exam.canMark && (exam.owner || !exam.assigned || exam.myQuestions.has(questionId));
}

export function requireOwner(_ctx: RequestContext, exam: ExamForMarking): void {
  if (!exam.canAssign) throw forbidden();
}

// Each attempt's anonymous number: its place among the exam's attempts by id, so it never changes.
export const numbered = (orgId: number, examId: number) =>
  sql`(select id, row_number() over (order by id) as no from ${examAttempts}
       where organization_id = ${orgId} and exam_id = ${examId})`;
export const codeOf = (no: unknown) => `#${String(no).padStart(4, '0')}`;

// A student's class for reports: their first class by id (a student normally has one).
export const classOf = (user: string) => {
  const u = sql.raw(user);
  return {
    id: sql`(select m.team_id from ${teamMembers} m where m.organization_id = ${u}.organization_id
      and m.user_id = ${u}.id order by m.team_id limit 1)`,
    name: sql`(select tm.name from ${teamMembers} m join ${teams} tm on tm.organization_id = m.organization_id
      and tm.id = m.team_id where m.organization_id = ${u}.organization_id and m.user_id = ${u}.id
      order by m.team_id limit 1)`,
  };
};

export interface ExamQuestion {
  questionId: number;
  version: number;
  no: number;
  sectionTitle: string;
  max: number;
  question: QuestionInput;
  // As marked now: with the exam's changed key, when there is one.
  effective: QuestionInput;
  thrownOut: 1 | 2 | null;
  adjusted: boolean;
}

// The exam's questions in paper order: the order of the sections, then of first appearance in the
// students' papers (papers drawn by rules hold different questions; shuffled ones another order),
// as the marking job recorded them.
export async function examQuestions(db: DbOrTx, orgId: number, examId: number): Promise<ExamQuestion[]> {
  const list = await rows<{ question_id: number; version: number; score: number; title: string }>(
    db,
    sql`select question_id, version, score, section_title as title from ${examQuestionsTable}
      where organization_id = ${orgId} and exam_id = ${examId} order by section_no, item_no, question_id`,
  );
  const versions = await loadVersions(
    db,
    orgId,
    list.map((l) => ({ questionId: Number(l.question_id), questionVersion: Number(l.version) })),
  );
  const adjustments = await adjustmentsOf(db, orgId, examId);
  return list.flatMap((l, i) => {
    const question = versions.get(`${l.question_id}:${l.version}`);
    if (!question) return [];
    const adj = adjustments.get(Number(l.question_id));
    return [
      {
        questionId: Number(l.question_id),
        version: Number(l.version),
        no: i + 1,
        sectionTitle: l.title ?? '',
        max: Number(l.score),
        question,
        effective: adjustedQuestion(question, adj?.key ?? null),
        thrownOut: (adj?.throwOut as 1 | 2 | null | undefined) ?? null,
        adjusted: Boolean(adj?.key),
      },
    ];
  });
}

// A question stem as one line of plain text (lists and summaries).
export function plainText(html: string, max = 120): string {
  const text = html
    // A formula keeps its source between \( and \), which the web draws (the rendered markup inside it
    // would read as noise).
    .replace(
      /<span[^>]*data-latex="([^"]*)"[^>]*>.*?<\/span>/g,
      (_, latex: string) => `\\(${latex.replace(/&quot;/g, '"')}\\)`,
    )
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\{\{blank\}\}/g, '____')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  // Cut before a formula rather than through it.
  let cut = text.slice(0, max - 1);
  const open = cut.lastIndexOf('\\(');
  if (open > cut.lastIndexOf('\\)')) cut = cut.slice(0, open).trimEnd();
  return `${cut}…`;
}

export type { StudentAnswer };
