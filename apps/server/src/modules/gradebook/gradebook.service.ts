import type { Gradebook, Lang, MyGrades, zGradebookSetup } from '@lyceum/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { semesters } from '../calendar/calendar.table';
import { teamScope } from '../team/team.resource';
import { teamMembers, teams } from '../team/team.table';
import { gradebookCategories, gradebookItems, gradebooks } from './gradebook.table';
import { studentFigures } from './gradebook-calc';
import { calcItems, columnsOf, contractItem, membersOf, scoresOf, settingsOf, type Term } from './gradebook-columns';
import { gradeScale } from './gradebook-scale';

// The gradebook (issue 36): a class's exams and homework of a term, final scores only. Its columns
// and scores are in gradebook-columns.ts, the organisation's grade scale in gradebook-scale.ts.

export { gradeScale, saveGradeScale } from './gradebook-scale';

// ---- reading a gradebook ----

async function termOf(db: DbOrTx, orgId: number, semesterId: number): Promise<Term> {
  const [term] = await db
    .select({ id: semesters.id, name: semesters.name, startDate: semesters.startDate, endDate: semesters.endDate })
    .from(semesters)
    .where(inOrg(semesters, orgId, [eq(semesters.id, semesterId)]));
  if (!term) throw notFound('semester');
  return term;
}

// The class, if the caller may read its gradebook: academic staff every class, a teacher their own.
async function teamInScope(ctx: RequestContext, teamId: number) {
  const [team] = await ctx.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(inOrg(teams, ctx.orgId, [eq(teams.id, teamId), teamScope(ctx)]));
  if (!team) throw notFound('class');
  return team;
}

// Refuses, before an export is queued, a class or term the caller cannot read.
export async function checkGradebookKey(ctx: RequestContext, req: { teamId: number; semesterId: number }) {
  await teamInScope(ctx, req.teamId);
  await termOf(ctx.db, ctx.orgId, req.semesterId);
}

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
      inOrg(t, ctx.orgId, [eq(t.gradebookId, book!.id)]);
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
    .innerJoin(teams, sameOrg(teams, teamMembers, [eq(teams.id, teamMembers.teamId)]))
    .where(inOrg(teamMembers, ctx.orgId, [eq(teamMembers.userId, ctx.userId)]))
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
