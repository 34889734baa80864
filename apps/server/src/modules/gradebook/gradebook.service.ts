import {
  CandidateStatus,
  DEFAULT_GRADE_BANDS,
  DEFAULT_GRADE_WEIGHTS,
  ExamState,
  type GradeBand,
  type Gradebook,
  type GradeCategory,
  type GradeItem,
  GradeItemKind,
  type GradeScale,
  GradeWaiting,
  gradeItemKindLabels,
  type Lang,
  type MyGrades,
  PaperStatus,
  ShowScore,
  TaskStatus,
  type zGradebookSetup,
} from '@lyceum/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { semesters } from '../calendar/calendar.table';
import { examAttempts } from '../exam/attempt.table';
import { countedScoreSql, historyJoin } from '../exam/attempt-history';
import { examCandidates, exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { tasks, taskUsers } from '../task/task.table';
import { cutoffSql } from '../task/task-status';
import { teamScope } from '../team/team.resource';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { gradeBands, gradebookCategories, gradebookItems, gradebooks } from './gradebook.table';
import { type CalcItem, studentFigures } from './gradebook-calc';

// The gradebook (issue 36): a class's exams and homework of a term, final scores only.

const COUNTED = sql.raw(
  `(${[PaperStatus.HandedIn, PaperStatus.AutoCollected, PaperStatus.ForceCollected, PaperStatus.Marked].join(', ')})`,
);

interface Term {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

// A column with what the arithmetic and the student view need beside the contract's fields.
interface Column extends GradeItem {
  shownToStudents: boolean;
}

// ---- the organisation's scale ----

export async function gradeScale(db: DbOrTx, orgId: number): Promise<GradeScale> {
  const own = await db
    .select({ label: gradeBands.label, minPercent: gradeBands.minPercent })
    .from(gradeBands)
    .where(eq(gradeBands.organizationId, orgId))
    .orderBy(desc(gradeBands.minPercent));
  return own.length ? { bands: own, custom: true } : { bands: [...DEFAULT_GRADE_BANDS], custom: false };
}

export async function saveGradeScale(ctx: RequestContext, bands: GradeBand[]): Promise<GradeScale> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(gradeBands).where(eq(gradeBands.organizationId, ctx.orgId));
    await tx.insert(gradeBands).values(bands.map((b) => ({ organizationId: ctx.orgId, ...b })));
  });
  return gradeScale(ctx.db, ctx.orgId);
}

// ---- reading a gradebook ----

async function termOf(db: DbOrTx, orgId: number, semesterId: number): Promise<Term> {
  const [term] = await db
    .select({ id: semesters.id, name: semesters.name, startDate: semesters.startDate, endDate: semesters.endDate })
    .from(semesters)
    .where(and(eq(semesters.organizationId, orgId), eq(semesters.id, semesterId)));
  if (!term) throw notFound('semester');
  return term;
}

// The class, if the caller may read its gradebook: academic staff every class, a teacher their own.
async function teamInScope(ctx: RequestContext, teamId: number) {
  const [team] = await ctx.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, ctx.orgId), eq(teams.id, teamId), teamScope(ctx)));
  if (!team) throw notFound('class');
  return team;
}

// Refuses, before an export is queued, a class or term the caller cannot read.
export async function checkGradebookKey(ctx: RequestContext, req: { teamId: number; semesterId: number }) {
  await teamInScope(ctx, req.teamId);
  await termOf(ctx.db, ctx.orgId, req.semesterId);
}

interface Settings {
  id: number | null;
  missingAsZero: boolean;
  updateTime: Date | null;
  categories: GradeCategory[];
  placed: Map<number, number | null>;
}

function defaultCategories(lang: Lang): GradeCategory[] {
  return [GradeItemKind.Exam, GradeItemKind.Homework].map((kind) => ({
    name: gradeItemKindLabels[kind][lang],
    weight: DEFAULT_GRADE_WEIGHTS[kind],
    kind,
  }));
}

async function settingsOf(db: DbOrTx, orgId: number, teamId: number, semesterId: number, lang: Lang) {
  const [book] = await db
    .select({ id: gradebooks.id, missingAsZero: gradebooks.missingAsZero, updateTime: gradebooks.updateTime })
    .from(gradebooks)
    .where(
      and(eq(gradebooks.organizationId, orgId), eq(gradebooks.teamId, teamId), eq(gradebooks.semesterId, semesterId)),
    );
  if (!book)
    return {
      id: null,
      missingAsZero: false,
      updateTime: null,
      categories: defaultCategories(lang),
      placed: new Map(),
    } satisfies Settings;
  const [categories, placed] = await Promise.all([
    db
      .select({ name: gradebookCategories.name, weight: gradebookCategories.weight, kind: gradebookCategories.kind })
      .from(gradebookCategories)
      .where(and(eq(gradebookCategories.organizationId, orgId), eq(gradebookCategories.gradebookId, book.id)))
      .orderBy(asc(gradebookCategories.position)),
    db
      .select({ examId: gradebookItems.examId, position: gradebookItems.position })
      .from(gradebookItems)
      .where(and(eq(gradebookItems.organizationId, orgId), eq(gradebookItems.gradebookId, book.id))),
  ]);
  return {
    ...book,
    categories: categories.map((c) => ({ ...c, kind: c.kind as GradeCategory['kind'] })),
    placed: new Map(placed.map((p) => [p.examId, p.position])),
  } satisfies Settings;
}

// Why a column's scores are not final yet (null: they are). An exam is final once its scores are
// confirmed; homework once confirmed, or once its last hand-in time has passed and every hand-in is marked.
function waitingOf(
  r: { window_start: Date | string; homework: boolean; confirmed: boolean; closed: boolean | null; unmarked: number },
  now: number,
): GradeWaiting | null {
  if (r.confirmed) return null;
  if (new Date(r.window_start).getTime() > now) return GradeWaiting.Upcoming;
  if (!r.homework) return GradeWaiting.NotConfirmed;
  if (!r.closed) return GradeWaiting.Open;
  return Number(r.unmarked) > 0 ? GradeWaiting.NotMarked : null;
}

// The class's columns in the term: published exams and homework that reached a member of the class,
// starting within the term's dates, in date order; whether each is final, and why not.
async function columnsOf(db: DbOrTx, orgId: number, teamId: number, term: Term, settings: Settings) {
  const now = clock.now();
  const list = await rows<{
    id: number;
    name: string;
    window_start: Date | string;
    homework: boolean;
    confirmed: boolean;
    show_score: number;
    max_score: number;
    closed: boolean | null;
    unmarked: number;
  }>(
    db,
    sql`select e.id, e.name, e.window_start, e.homework, e.scores_confirmed_at is not null as confirmed,
        e.show_score, coalesce((select max(a.score_max) from ${examAttempts} a
          where a.organization_id = e.organization_id and a.exam_id = e.id), p.total_score) as max_score,
        ${cutoffSql()} <= ${new Date(now).toISOString()}::timestamptz as closed,
        (select count(*) from ${examAttempts} a where a.organization_id = e.organization_id and a.exam_id = e.id
          and a.status in ${COUNTED} and a.status <> ${PaperStatus.Marked})::int as unmarked
      from ${exams} e
      join ${examPapers} p on p.organization_id = e.organization_id and p.id = e.paper_id
      left join ${tasks} t on t.organization_id = e.organization_id and t.exam_id = e.id
      where e.organization_id = ${orgId} and e.state = ${ExamState.Published}
        and (not e.homework or t.status = ${TaskStatus.Published})
        and e.window_start >= ${term.startDate}::date and e.window_start < ${term.endDate}::date + 1
        and exists (select 1 from ${examCandidates} c join ${teamMembers} tm
          on tm.organization_id = c.organization_id and tm.user_id = c.user_id and tm.team_id = ${teamId}
          where c.organization_id = e.organization_id and c.exam_id = e.id and c.status = ${CandidateStatus.Approved})
      order by e.window_start, e.id`,
  );
  const byKind = new Map(settings.categories.map((c, i) => [c.kind, i]));
  return list.map((r): Column => {
    const kind = r.homework ? GradeItemKind.Homework : GradeItemKind.Exam;
    const waiting = waitingOf(r, now);
    const assigned = settings.placed.has(Number(r.id));
    return {
      examId: Number(r.id),
      kind,
      name: r.name,
      date: new Date(r.window_start).toISOString(),
      maxScore: Number(r.max_score),
      category: assigned ? (settings.placed.get(Number(r.id)) ?? null) : (byKind.get(kind) ?? null),
      assigned,
      final: waiting === null,
      waiting,
      shownToStudents: r.show_score !== ShowScore.Never,
    };
  });
}

async function membersOf(db: DbOrTx, orgId: number, teamId: number) {
  return db
    .select({ userId: users.id, userName: users.userName, realName: users.realName })
    .from(teamMembers)
    .innerJoin(users, and(eq(users.organizationId, teamMembers.organizationId), eq(users.id, teamMembers.userId)))
    .where(and(eq(teamMembers.organizationId, orgId), eq(teamMembers.teamId, teamId)))
    .orderBy(asc(teamMembers.sort), asc(users.userName));
}

// Final scores of the columns by student: an exam's attempt score (ended normally), a homework's
// score after its late penalty.
async function scoresOf(db: DbOrTx, orgId: number, columns: Column[], userIds: number[]) {
  const out = new Map<number, Map<number, number>>();
  const finals = columns.filter((c) => c.final);
  if (!finals.length || !userIds.length) return out;
  const list = await rows<{ exam_id: number; user_id: number; score: number | null }>(
    db,
    sql`select a.exam_id, a.user_id,
        case when e.homework then tu.score else ${countedScoreSql(sql`a.score`, sql`e.score_counting`)} end as score
      from ${examAttempts} a
      join ${exams} e on e.organization_id = a.organization_id and e.id = a.exam_id
      ${historyJoin('a')}
      left join ${tasks} t on t.organization_id = e.organization_id and t.exam_id = e.id
      left join ${taskUsers} tu on tu.organization_id = t.organization_id and tu.task_id = t.id and tu.user_id = a.user_id
      where a.organization_id = ${orgId} and a.status in ${COUNTED}
        and a.exam_id in (${sql.join(
          finals.map((c) => sql`${c.examId}`),
          sql`, `,
        )}) and a.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const r of list) {
    if (r.score === null) continue;
    const m = out.get(Number(r.user_id)) ?? new Map<number, number>();
    m.set(Number(r.exam_id), Number(r.score));
    out.set(Number(r.user_id), m);
  }
  return out;
}

const calcItems = (columns: Column[]): CalcItem[] =>
  columns.map((c) => ({ category: c.category, maxScore: c.maxScore, final: c.final }));
const contractItem = ({ shownToStudents: _, ...item }: Column): GradeItem => item;

export async function gradebook(
  ctx: RequestContext,
  req: { teamId: number; semesterId: number },
  lang: Lang,
): Promise<Gradebook> {
  const team = await teamInScope(ctx, req.teamId);
  const term = await termOf(ctx.db, ctx.orgId, req.semesterId);
  const settings = await settingsOf(ctx.db, ctx.orgId, team.id, term.id, lang);
  const [columns, members, scale] = await Promise.all([
    columnsOf(ctx.db, ctx.orgId, team.id, term, settings),
    membersOf(ctx.db, ctx.orgId, team.id),
    gradeScale(ctx.db, ctx.orgId),
  ]);
  const scores = await scoresOf(
    ctx.db,
    ctx.orgId,
    columns,
    members.map((m) => m.userId),
  );
  const weights = settings.categories.map((c) => c.weight);
  const items = calcItems(columns);
  return {
    team,
    semester: term,
    configured: settings.id !== null,
    missingAsZero: settings.missingAsZero,
    updateTime: settings.updateTime?.toISOString() ?? null,
    categories: settings.categories,
    items: columns.map(contractItem),
    students: members.map((m) => {
      const mine = scores.get(m.userId);
      const own = columns.map((c) => mine?.get(c.examId) ?? null);
      return { ...m, ...studentFigures(weights, items, own, settings.missingAsZero, scale.bands) };
    }),
    bands: scale.bands,
    customBands: scale.custom,
  };
}

// ---- setting it up ----

export async function setupGradebook(
  ctx: RequestContext,
  req: z.output<typeof zGradebookSetup>,
  lang: Lang,
): Promise<Gradebook> {
  const team = await teamInScope(ctx, req.teamId);
  const term = await termOf(ctx.db, ctx.orgId, req.semesterId);
  const current = await settingsOf(ctx.db, ctx.orgId, team.id, term.id, lang);
  const columns = new Set((await columnsOf(ctx.db, ctx.orgId, team.id, term, current)).map((c) => c.examId));
  req.items.forEach((item, i) => {
    if (!columns.has(item.examId)) throw invalidParams(`items.${i}.examId`, 'notInGradebook');
  });
  await ctx.db.transaction(async (tx) => {
    // One row per class and term: a second save at the same moment waits here for the first.
    const [book] = await tx
      .insert(gradebooks)
      .values({
        organizationId: ctx.orgId,
        teamId: team.id,
        semesterId: term.id,
        missingAsZero: req.missingAsZero,
        updatedBy: ctx.userId,
      })
      .onConflictDoUpdate({
        target: [gradebooks.organizationId, gradebooks.teamId, gradebooks.semesterId],
        set: { missingAsZero: req.missingAsZero, updatedBy: ctx.userId, updateTime: new Date() },
      })
      .returning({ id: gradebooks.id });
    const where = (t: typeof gradebookCategories | typeof gradebookItems) =>
      and(eq(t.organizationId, ctx.orgId), eq(t.gradebookId, book!.id));
    await tx.delete(gradebookItems).where(where(gradebookItems));
    await tx.delete(gradebookCategories).where(where(gradebookCategories));
    await tx
      .insert(gradebookCategories)
      .values(
        req.categories.map((c, position) => ({ organizationId: ctx.orgId, gradebookId: book!.id, position, ...c })),
      );
    if (req.items.length)
      await tx.insert(gradebookItems).values(
        req.items.map((item) => ({
          organizationId: ctx.orgId,
          gradebookId: book!.id,
          examId: item.examId,
          position: item.category,
        })),
      );
  });
  return gradebook(ctx, req, lang);
}

// ---- a student's own ----

export async function myGrades(ctx: RequestContext, semesterId: number | undefined, lang: Lang): Promise<MyGrades> {
  const terms = await ctx.db
    .select({ id: semesters.id, name: semesters.name, current: semesters.current })
    .from(semesters)
    .where(eq(semesters.organizationId, ctx.orgId))
    .orderBy(desc(semesters.startDate));
  const chosen = semesterId ?? terms.find((s) => s.current)?.id ?? terms[0]?.id;
  const scale = await gradeScale(ctx.db, ctx.orgId);
  if (chosen === undefined) return { semesters: terms, semester: null, books: [], bands: scale.bands };
  const term = await termOf(ctx.db, ctx.orgId, chosen);
  const classes = await ctx.db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.organizationId, teamMembers.organizationId), eq(teams.id, teamMembers.teamId)))
    .where(and(eq(teamMembers.organizationId, ctx.orgId), eq(teamMembers.userId, ctx.userId)))
    .orderBy(asc(teams.name));
  const books = [];
  for (const team of classes) {
    const settings = await settingsOf(ctx.db, ctx.orgId, team.id, term.id, lang);
    // Columns the student sees a score of: final, and an exam or homework that shows scores.
    const columns = (await columnsOf(ctx.db, ctx.orgId, team.id, term, settings)).map((c) => ({
      ...c,
      final: c.final && c.shownToStudents,
    }));
    const scores = (await scoresOf(ctx.db, ctx.orgId, columns, [ctx.userId])).get(ctx.userId);
    const own = columns.map((c) => scores?.get(c.examId) ?? null);
    const figures = studentFigures(
      settings.categories.map((c) => c.weight),
      calcItems(columns),
      own,
      settings.missingAsZero,
      scale.bands,
    );
    books.push({
      team,
      categories: settings.categories,
      items: columns.filter((c) => c.shownToStudents).map(contractItem),
      figures: {
        ...figures,
        scores: figures.scores.filter((_, i) => columns[i]!.shownToStudents),
      },
      withheld: columns.filter((c) => !c.shownToStudents && c.waiting === null).length,
    });
  }
  return { semesters: terms, semester: term, books, bands: scale.bands };
}
