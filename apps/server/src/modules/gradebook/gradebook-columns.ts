import {
  CandidateStatus,
  DEFAULT_GRADE_WEIGHTS,
  ExamState,
  type GradeCategory,
  type GradeItem,
  GradeItemKind,
  GradeWaiting,
  gradeItemKindLabels,
  type Lang,
  PaperStatus,
  ShowScore,
  TaskStatus,
} from '@lyceum/contract';
import { asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { examAttempts } from '../exam/attempt.table';
import { examCandidates, exams } from '../exam/exam.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { countedScore, sittingsOf } from '../marking/score-shared';
import { tasks, taskUsers } from '../task/task.table';
import { cutoffSql } from '../task/task-status';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { gradebookCategories, gradebookItems, gradebooks } from './gradebook.table';
import type { CalcItem } from './gradebook-calc';

// A gradebook's settings, its columns (the class's exams and homework of a term), members and
// final scores (issue 36).

// Attempts that count: ended normally (handed in, collected, marked).
const COUNTED = [PaperStatus.HandedIn, PaperStatus.AutoCollected, PaperStatus.ForceCollected, PaperStatus.Marked];

export interface Term {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

// A column with what the arithmetic and the student view need beside the contract's fields.
export interface Column extends GradeItem {
  shownToStudents: boolean;
}

export interface Settings {
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

export async function settingsOf(db: DbOrTx, orgId: number, teamId: number, semesterId: number, lang: Lang) {
  const [book] = await db
    .select({ id: gradebooks.id, missingAsZero: gradebooks.missingAsZero, updateTime: gradebooks.updateTime })
    .from(gradebooks)
    .where(inOrg(gradebooks, orgId, [eq(gradebooks.teamId, teamId), eq(gradebooks.semesterId, semesterId)]));
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
      .where(inOrg(gradebookCategories, orgId, [eq(gradebookCategories.gradebookId, book.id)]))
      .orderBy(asc(gradebookCategories.position)),
    db
      .select({ examId: gradebookItems.examId, position: gradebookItems.position })
      .from(gradebookItems)
      .where(inOrg(gradebookItems, orgId, [eq(gradebookItems.gradebookId, book.id)])),
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
  r: { windowStart: Date; homework: boolean; confirmed: boolean; closed: boolean | null; unmarked: number },
  now: number,
): GradeWaiting | null {
  if (r.confirmed) return null;
  if (r.windowStart.getTime() > now) return GradeWaiting.Upcoming;
  if (!r.homework) return GradeWaiting.NotConfirmed;
  if (!r.closed) return GradeWaiting.Open;
  return r.unmarked > 0 ? GradeWaiting.NotMarked : null;
}

// The class's columns in the term: published exams and homework that reached a member of the class,
// starting within the term's dates, in date order; whether each is final, and why not.
export async function columnsOf(db: DbOrTx, orgId: number, teamId: number, term: Term, settings: Settings) {
  const now = clock.now();
  const e = exams;
  const a = examAttempts;
  const c = examCandidates;
  const tm = teamMembers;
  // cutoffSql reads the task as `t`.
  const t = alias(tasks, 't');
  const ofExam = sameOrg(a, e, [eq(a.examId, e.id)]);
  const reached = db
    .select({ one: sql`1` })
    .from(c)
    .innerJoin(tm, sameOrg(tm, c, [eq(tm.userId, c.userId), eq(tm.teamId, teamId)]))
    .where(sameOrg(c, e, [eq(c.examId, e.id), eq(c.status, CandidateStatus.Approved)]));
  const list = await db
    .select({
      id: e.id,
      name: e.name,
      windowStart: e.windowStart,
      homework: e.homework,
      confirmed: sql<boolean>`${e.scoresConfirmedAt} is not null`,
      showScore: e.showScore,
      maxScore: sql<number>`coalesce((select max(${a.scoreMax}) from ${a} where ${ofExam}),
        ${examPapers.totalScore})`.mapWith(Number),
      closed: sql<boolean | null>`${cutoffSql()} <= ${new Date(now).toISOString()}::timestamptz`,
      unmarked: sql<number>`(select count(*) from ${a} where ${ofExam}
        and ${inArray(a.status, COUNTED)} and ${a.status} <> ${PaperStatus.Marked})`.mapWith(Number),
    })
    .from(e)
    .innerJoin(examPapers, sameOrg(examPapers, e, [eq(examPapers.id, e.paperId)]))
    .leftJoin(t, sameOrg(t, e, [eq(t.examId, e.id)]))
    .where(
      inOrg(e, orgId, [
        eq(e.state, ExamState.Published),
        or(eq(e.homework, false), eq(t.status, TaskStatus.Published)),
        sql`${e.windowStart} >= ${term.startDate}::date and ${e.windowStart} < ${term.endDate}::date + 1`,
        exists(reached),
      ]),
    )
    .orderBy(asc(e.windowStart), asc(e.id));
  const byKind = new Map(settings.categories.map((x, i) => [x.kind, i]));
  return list.map((r): Column => {
    const kind = r.homework ? GradeItemKind.Homework : GradeItemKind.Exam;
    const waiting = waitingOf(r, now);
    const assigned = settings.placed.has(r.id);
    return {
      examId: r.id,
      kind,
      name: r.name,
      date: r.windowStart.toISOString(),
      maxScore: r.maxScore,
      category: assigned ? (settings.placed.get(r.id) ?? null) : (byKind.get(kind) ?? null),
      assigned,
      final: waiting === null,
      waiting,
      shownToStudents: r.showScore !== ShowScore.Never,
    };
  });
}

export async function membersOf(db: DbOrTx, orgId: number, teamId: number) {
  return db
    .select({ userId: users.id, userName: users.userName, realName: users.realName })
    .from(teamMembers)
    .innerJoin(users, sameOrg(users, teamMembers, [eq(users.id, teamMembers.userId)]))
    .where(inOrg(teamMembers, orgId, [eq(teamMembers.teamId, teamId)]))
    .orderBy(asc(teamMembers.sort), asc(users.userName));
}

// Final scores of the columns by student: an exam's attempt score (ended normally), a homework's
// score after its late penalty.
export async function scoresOf(db: DbOrTx, orgId: number, columns: Column[], userIds: number[]) {
  const out = new Map<number, Map<number, number>>();
  const finals = columns.filter((c) => c.final);
  if (!finals.length || !userIds.length) return out;
  const a = examAttempts;
  const e = exams;
  const tu = taskUsers;
  const h = sittingsOf(db, a);
  const list = await db
    .select({
      examId: a.examId,
      userId: a.userId,
      score: sql<number | null>`case when ${e.homework} then ${tu.score}
        else ${countedScore(a.score, e.scoreCounting, h)} end`.mapWith(Number),
    })
    .from(a)
    .innerJoin(e, sameOrg(e, a, [eq(e.id, a.examId)]))
    .leftJoinLateral(h, sql`true`)
    .leftJoin(tasks, sameOrg(tasks, e, [eq(tasks.examId, e.id)]))
    .leftJoin(tu, sameOrg(tu, tasks, [eq(tu.taskId, tasks.id), eq(tu.userId, a.userId)]))
    .where(
      inOrg(a, orgId, [
        inArray(a.status, COUNTED),
        inArray(
          a.examId,
          finals.map((c) => c.examId),
        ),
        inArray(a.userId, userIds),
      ]),
    );
  for (const r of list) {
    if (r.score === null) continue;
    const m = out.get(r.userId) ?? new Map<number, number>();
    m.set(r.examId, r.score);
    out.set(r.userId, m);
  }
  return out;
}

export const calcItems = (columns: Column[]): CalcItem[] =>
  columns.map((c) => ({ category: c.category, maxScore: c.maxScore, final: c.final }));
export const contractItem = ({ shownToStudents: _, ...item }: Column): GradeItem => item;
