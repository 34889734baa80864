import {
  CandidateStatus,
  ExamState,
  type MonitorExam,
  type MonitorPage,
  type MonitorRow,
  type PaperStatus,
  PaperStatus as PS,
  pageOf,
  pageOffset,
  type Timeline,
  type zMonitorExamRequest,
  type zMonitorRequest,
} from '@lyceum/contract';
import { and, asc, count, eq, exists, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { fileUrl } from '../file/file.service';
import { files } from '../file/file.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { answeredSql } from './attempt.service';
import { attemptAnswers, attemptEvents, examAttempts } from './attempt.table';
import { examCandidates } from './exam.table';
import { ms, ts } from './exam-time';
import { e, t, watchable, watchedExam } from './monitor-access';

// Exam day, the invigilators' side (exam/monitorLog): the exams to watch, a page of candidates and one
// candidate's timeline. Every figure is read from the attempt rows, whose counters the events endpoint
// keeps, so a poll every few seconds costs one query per page.

const { Answering } = PS;

const c = alias(examCandidates, 'c');
const u = alias(users, 'u');

// Attempts of the exam `e` (correlated counts of the exam list).
const attemptsOfExam = (where: SQL) =>
  sql<number>`(select count(*) filter (where ${where}) from ${examAttempts}
    where ${examAttempts.organizationId} = ${e.organizationId} and ${examAttempts.examId} = ${e.id})::int`;

export async function monitorExams(ctx: RequestContext, req: z.output<typeof zMonitorExamRequest>) {
  const now = ts(clock.now());
  const answeringNow = ctx.db
    .select({ one: sql`1` })
    .from(examAttempts)
    .where(sameOrg(examAttempts, e, [eq(examAttempts.examId, e.id), eq(examAttempts.status, Answering)]));
  const where = inOrg(e, ctx.orgId, [
    eq(e.state, ExamState.Published),
    eq(e.homework, false),
    watchable(ctx),
    req.id ? eq(e.id, req.id) : undefined,
    req.keyword ? ilike(e.name, `%${req.keyword}%`) : undefined,
    req.live ? and(lte(e.windowStart, now), or(sql`${e.windowEnd} > ${now}`, exists(answeringNow))) : undefined,
  ]);
  const [counted] = await ctx.db.select({ n: count() }).from(e).where(where);
  const list = await ctx.db
    .select({
      id: e.id,
      name: e.name,
      windowStart: e.windowStart,
      windowEnd: e.windowEnd,
      durationMinutes: e.durationMinutes,
      virtualRoomId: e.virtualRoomId,
      venueName: teachVenues.name,
      candidates: e.candidateCount,
      answering: attemptsOfExam(sql`${examAttempts.status} = ${Answering}`),
      ended: attemptsOfExam(sql`${examAttempts.status} <> ${Answering}`),
      flagged: attemptsOfExam(sql`${examAttempts.flagged} and ${examAttempts.reviewDecision} is null`),
    })
    .from(e)
    .leftJoin(teachVenues, sameOrg(teachVenues, e, [eq(teachVenues.id, e.venueId)]))
    .where(where)
    .orderBy(sql`abs(extract(epoch from (${e.windowStart} - ${now})))`, e.id)
    .limit(req.pageSize)
    .offset(pageOffset(req));
  const out: MonitorExam[] = list.map((r) => ({
    ...r,
    windowStart: r.windowStart.toISOString(),
    windowEnd: r.windowEnd.toISOString(),
  }));
  return pageOf(out, counted?.n ?? 0, req);
}

// What the monitor shows of a paper: how it ended, also once it is marked (7 keeps the ending in
// `end_status`), since invigilators care whether it was handed in or collected. Constants as literals,
// so the page's counts can group by it.
const shownStatus = sql<number>`case when ${t.status} = ${sql.raw(String(PS.Marked))} then coalesce(${t.endStatus}, ${t.status})
  else coalesce(${t.status}, ${sql.raw(String(PS.NotStarted))}) end`;

const onUser = sameOrg(u, c, [eq(u.id, c.userId)]);
const onAttempt = sameOrg(t, c, [eq(t.examId, c.examId), eq(t.userId, c.userId)]);
const approvedOf = (orgId: number, examId: number) =>
  inOrg(c, orgId, [eq(c.examId, examId), eq(c.status, CandidateStatus.Approved)]);
const flaggedOpen = sql`${t.flagged} and ${t.reviewDecision} is null`;

const candidateColumns = {
  userId: u.id,
  userName: u.userName,
  realName: u.realName,
  seatNo: c.seatNo,
  studentStatus: c.studentStatus,
  className: sql<string | null>`(select string_agg(${teams.name}, ', ' order by ${teams.name}) from ${teamMembers}
      join ${teams} on ${teams.organizationId} = ${teamMembers.organizationId} and ${teams.id} = ${teamMembers.teamId}
    where ${teamMembers.organizationId} = ${c.organizationId} and ${teamMembers.userId} = ${c.userId})`,
  attemptId: t.id,
  paperStatus: shownStatus,
  answered: sql<number>`(select count(*) from ${attemptAnswers} where ${attemptAnswers.organizationId} = ${t.organizationId}
    and ${attemptAnswers.attemptId} = ${t.id} and ${answeredSql})::int`,
  questionCount: sql<number | null>`cardinality(${t.questionIds})`,
  startedAt: t.startedAt,
  deadline: t.deadline,
  extraMinutes: t.extraMinutes,
  addedMinutes: c.addedMinutes,
  lastSeen: sql<Date | null>`greatest(${t.lastSeen}, (select max(${attemptAnswers.savedAt}) from ${attemptAnswers}
    where ${attemptAnswers.organizationId} = ${t.organizationId} and ${attemptAnswers.attemptId} = ${t.id}))`.mapWith(
    t.lastSeen,
  ),
  switchCount: t.switchCount,
  leftCount: t.leftCount,
  snapshotCount: t.snapshotCount,
  eventCount: t.eventCount,
  flagged: t.flagged,
  reviewDecision: t.reviewDecision,
};

// A page of the exam's approved candidates with their papers.
const candidatePage = (db: Db, where: SQL | undefined, size: number, offset: number) =>
  db
    .select(candidateColumns)
    .from(c)
    .innerJoin(u, onUser)
    .leftJoin(t, onAttempt)
    .where(where)
    .orderBy(sql`${c.seatNo} nulls last`, asc(u.userName))
    .limit(size)
    .offset(offset);

type CandidateRow = Awaited<ReturnType<typeof candidatePage>>[number];

function toRow(r: CandidateRow, paperQuestions: number, now: number): MonitorRow {
  const status = r.paperStatus as PaperStatus;
  const deadline = ms(r.deadline);
  return {
    userId: r.userId,
    userName: r.userName,
    realName: r.realName,
    className: r.className,
    seatNo: r.seatNo,
    studentStatus: r.studentStatus as 1 | 2,
    paperStatus: status,
    attemptId: r.attemptId,
    answered: r.answered ?? 0,
    total: r.questionCount ?? paperQuestions,
    startedAt: ms(r.startedAt),
    deadline,
    timeLeftMs: status === Answering && deadline !== null ? Math.max(0, deadline - now) : null,
    extraMinutes: (r.extraMinutes ?? 0) + r.addedMinutes,
    lastSeen: ms(r.lastSeen),
    switchCount: r.switchCount ?? 0,
    leftCount: r.leftCount ?? 0,
    snapshotCount: r.snapshotCount ?? 0,
    eventCount: r.eventCount ?? 0,
    flagged: Boolean(r.flagged),
    reviewDecision: r.reviewDecision == null ? null : (r.reviewDecision as 1 | 2),
  };
}

export async function monitorPage(ctx: RequestContext, req: z.output<typeof zMonitorRequest>): Promise<MonitorPage> {
  const exam = await watchedExam(ctx, req.examId);
  const now = clock.now();
  const base = approvedOf(ctx.orgId, req.examId);
  const filters = and(
    base,
    req.userName ? or(ilike(u.userName, `%${req.userName}%`), ilike(u.realName, `%${req.userName}%`)) : undefined,
    req.paperStatus !== undefined ? sql`${shownStatus} = ${req.paperStatus}` : undefined,
    req.studentStatus !== undefined ? eq(c.studentStatus, req.studentStatus) : undefined,
    req.virtualRoomId && (exam.virtualRoomId ?? '') !== req.virtualRoomId ? sql`false` : undefined,
    req.flagged ? flaggedOpen : undefined,
  );
  const [[total], list, byStatus] = await Promise.all([
    ctx.db.select({ n: count() }).from(c).innerJoin(u, onUser).leftJoin(t, onAttempt).where(filters),
    candidatePage(ctx.db, filters, req.pageSize, pageOffset(req)),
    ctx.db
      .select({
        status: shownStatus,
        n: count(),
        flagged: sql<number>`count(*) filter (where ${flaggedOpen})::int`,
      })
      .from(c)
      .innerJoin(u, onUser)
      .leftJoin(t, onAttempt)
      .where(base)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
  ]);
  return {
    ...pageOf(
      list.map((r) => toRow(r, exam.questionCount, now)),
      total?.n ?? 0,
      req,
    ),
    serverNow: now,
    counts: {
      candidates: byStatus.reduce((s, r) => s + r.n, 0),
      byStatus: byStatus.map((r) => ({ status: r.status as PaperStatus, count: r.n })),
      flagged: byStatus.reduce((s, r) => s + r.flagged, 0),
    },
  };
}

export async function timeline(ctx: RequestContext, examId: number, userId: number): Promise<Timeline> {
  const exam = await watchedExam(ctx, examId);
  const now = clock.now();
  const [r] = await ctx.db
    .select({
      ...candidateColumns,
      notice: t.notice,
      noticeAt: t.noticeAt,
      reviewNote: t.reviewNote,
      reviewTime: t.reviewTime,
      reviewer: sql<string | null>`(select coalesce(${users.realName}, ${users.userName}) from ${users}
        where ${users.organizationId} = ${t.organizationId} and ${users.id} = ${t.reviewerId})`,
    })
    .from(c)
    .innerJoin(u, onUser)
    .leftJoin(t, onAttempt)
    .where(and(approvedOf(ctx.orgId, examId), eq(c.userId, userId)));
  if (!r) throw notFound('Candidate');
  const entries = r.attemptId
    ? await ctx.db
        .select({
          id: attemptEvents.id,
          type: attemptEvents.type,
          at: attemptEvents.at,
          receivedAt: attemptEvents.receivedAt,
          detail: attemptEvents.detail,
          fileId: files.id,
        })
        .from(attemptEvents)
        .leftJoin(files, sameOrg(files, attemptEvents, [eq(files.id, attemptEvents.fileId)]))
        .where(inOrg(attemptEvents, ctx.orgId, [eq(attemptEvents.attemptId, r.attemptId)]))
        .orderBy(attemptEvents.at, attemptEvents.id)
        .limit(2000)
    : [];
  return {
    row: toRow(r, exam.questionCount, now),
    entries: entries.map((ev) => ({
      id: ev.id,
      type: ev.type as Timeline['entries'][number]['type'],
      at: ev.at.getTime(),
      receivedAt: ev.receivedAt.getTime(),
      detail: ev.detail,
      fileId: ev.fileId,
      fileUrl: ev.fileId == null ? null : fileUrl(ev.fileId, 'snapshot'),
    })),
    review:
      r.reviewDecision != null && r.reviewTime
        ? {
            decision: r.reviewDecision as 1 | 2,
            note: r.reviewNote ?? '',
            reviewerName: r.reviewer,
            at: r.reviewTime.getTime(),
          }
        : null,
    notice: r.notice && r.noticeAt ? { text: r.notice, at: r.noticeAt.getTime() } : null,
  };
}
