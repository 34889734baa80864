import { ExamState, type QuestionInput, type StudentAnswer } from '@lyceum/contract';
import { asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import { allows } from '../../platform/route';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { examInvigilators, exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { examMarkers, examQuestions as examQuestionsTable } from './marking.table';
import { adjustedQuestion, adjustmentsOf, loadVersions } from './marking-engine';

// Who may see and change an exam's marks (decision 38). Academic staff (exam:all) see every exam; a
// teacher the exams they made, invigilate or were given questions to mark. Changing a score takes
// answer:mark and unconfirmed scores; with markers assigned, a teacher who is not the exam's owner
// marks only their questions. Assigning markers and regrading take answer:manage and ownership.

// `e` is the exams table of the query (or an alias of it).
export function markableExams(
  ctx: RequestContext,
  e: { organizationId: AnyPgColumn; id: AnyPgColumn; creatorId: AnyPgColumn } = exams,
): SQL {
  if (allows(ctx, ['exam:all'])) return sql`true`;
  const i = examInvigilators;
  const k = examMarkers;
  return sql`(${e.creatorId} = ${ctx.userId}
    or exists (select 1 from ${i} where ${i.organizationId} = ${e.organizationId}
      and ${i.ownerId} = ${e.id} and ${i.targetId} = ${ctx.userId})
    or exists (select 1 from ${k} where ${k.organizationId} = ${e.organizationId}
      and ${k.examId} = ${e.id} and ${k.userId} = ${ctx.userId}))`;
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
  const [e] = await db
    .select({
      id: exams.id,
      name: exams.name,
      paperId: exams.paperId,
      paperName: examPapers.name,
      totalScore: examPapers.totalScore,
      passScore: examPapers.passScore,
      showScore: exams.showScore,
      allowReview: exams.allowReview,
      confirmedAt: exams.scoresConfirmedAt,
      creatorId: exams.creatorId,
    })
    .from(exams)
    .innerJoin(examPapers, sameOrg(examPapers, exams, [eq(examPapers.id, exams.paperId)]))
    .where(inOrg(exams, ctx.orgId, [eq(exams.id, examId), ne(exams.state, ExamState.Draft), markableExams(ctx)]));
  if (!e) throw notFound('Exam');
  const markers = await db
    .select({ userId: examMarkers.userId, questionId: examMarkers.questionId })
    .from(examMarkers)
    .where(inOrg(examMarkers, ctx.orgId, [eq(examMarkers.examId, examId)]));
  const owner = allows(ctx, ['exam:all']) || e.creatorId === ctx.userId;
  const confirmedAt = e.confirmedAt?.toISOString() ?? null;
  return {
    id: e.id,
    name: e.name,
    paperId: e.paperId,
    paperName: e.paperName,
    totalScore: e.totalScore,
    passScore: e.passScore,
    showScore: e.showScore,
    allowReview: e.allowReview,
    confirmedAt,
    owner,
    myQuestions: new Set(markers.filter((m) => m.userId === ctx.userId).map((m) => m.questionId)),
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
// A subquery `n` (id, no), to join on the attempt's id.
export const numbered = (db: DbOrTx, orgId: number, examId: number) =>
  db
    .select({
      id: examAttempts.id,
      no: sql<number>`row_number() over (order by ${examAttempts.id})`.mapWith(Number).as('no'),
    })
    .from(examAttempts)
    .where(inOrg(examAttempts, orgId, [eq(examAttempts.examId, examId)]))
    .as('n');
export const codeOf = (no: unknown) => `#${String(no).padStart(4, '0')}`;

// A student's class for reports: their first class by id (a student normally has one). `user` is
// the users table of the query (or an alias of it), or the name of its alias in a raw statement.
export const classOf = (user: string | { organizationId: AnyPgColumn; id: AnyPgColumn }) => {
  const [org, id] =
    typeof user === 'string'
      ? [sql.raw(`${user}.organization_id`), sql.raw(`${user}.id`)]
      : [user.organizationId, user.id];
  const m = teamMembers;
  return {
    id: sql<number | null>`(select ${m.teamId} from ${m} where ${m.organizationId} = ${org}
      and ${m.userId} = ${id} order by ${m.teamId} limit 1)`.mapWith(Number),
    name: sql<
      string | null
    >`(select ${teams.name} from ${m} join ${teams} on ${teams.organizationId} = ${m.organizationId}
      and ${teams.id} = ${m.teamId} where ${m.organizationId} = ${org} and ${m.userId} = ${id}
      order by ${m.teamId} limit 1)`,
  };
};

// An attempt as the marking lists show it (its number in `n`, its student, status and score); the
// query joins `n` and the attempt's user.
export const attemptLine = (n: ReturnType<typeof numbered>) => ({
  id: examAttempts.id,
  no: n.no,
  userName: users.userName,
  realName: users.realName,
  className: classOf(users).name,
  status: examAttempts.status,
  answerStatus: examAttempts.answerStatus,
  score: examAttempts.score,
  maxScore: sql<number>`coalesce(${examAttempts.scoreMax}, ${examAttempts.totalScore})`.mapWith(Number),
});

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
  const t = examQuestionsTable;
  const list = await db
    .select({ questionId: t.questionId, version: t.version, score: t.score, title: t.sectionTitle })
    .from(t)
    .where(inOrg(t, orgId, [eq(t.examId, examId)]))
    .orderBy(asc(t.sectionNo), asc(t.itemNo), asc(t.questionId));
  const versions = await loadVersions(
    db,
    orgId,
    list.map((l) => ({ questionId: l.questionId, questionVersion: l.version })),
  );
  const adjustments = await adjustmentsOf(db, orgId, examId);
  return list.flatMap((l, i) => {
    const question = versions.get(`${l.questionId}:${l.version}`);
    if (!question) return [];
    const adj = adjustments.get(l.questionId);
    return [
      {
        questionId: l.questionId,
        version: l.version,
        no: i + 1,
        sectionTitle: l.title ?? '',
        max: l.score,
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
